import type { Mutation, MutationScope } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import { isApiError } from './api-client';

/**
 * Changes to items (create, edit a text, complete, move, prioritise, date, archive, note) share one
 * queue: TanStack Query runs the mutations of a scope one after another, in the order they
 * were made. Offline they wait paused, are saved with the offline copy (lib/offline-cache),
 * survive a reload, and are sent in that order once the network is back. Each kind has a key
 * under which the app registers how to send it (app/offline/item-changes.ts), so a change
 * read back after a reload can be sent with no screen mounted.
 */
export const ITEM_CHANGES: MutationScope = { id: 'item-changes' };

export const ITEM_CHANGE_KINDS = [
  'create',
  'capture',
  'save-text',
  'complete',
  'move',
  'move-to-box',
  'update',
  'priority',
  'archive',
  'note',
] as const;
export type ItemChangeKind = (typeof ITEM_CHANGE_KINDS)[number];

/** What every item change's key starts with. */
export const ITEM_CHANGE_ROOT_KEY = ['item-change'] as const;

/** The key a kind of item change is registered and saved under. */
export const itemChangeKey = (kind: ItemChangeKind) => [...ITEM_CHANGE_ROOT_KEY, kind] as const;

/**
 * Whether a change failed on its way, with no answer from the server: the network died while
 * the device still said it was online (dead Wi-Fi, a captive portal, a server restarting). The
 * app is offline from then on (lib/connectivity), so the change is tried again and waits,
 * paused, until the server answers, like the changes made after it. Any answer (a refusal, a
 * server error) ends it as usual.
 */
export function isLostOnTheWay(_failures: number, error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 0 &&
    (error.code === 'error.network' || error.code === 'error.timeout')
  );
}

/** How every item change is queued and retried, whether a screen or a reload starts it. */
export const ITEM_CHANGE_OPTIONS = { scope: ITEM_CHANGES, retry: isLostOnTheWay } as const;

/** The options that put a mutation in the item-change queue. */
export const itemChange = (kind: ItemChangeKind) => ({
  mutationKey: itemChangeKey(kind),
  ...ITEM_CHANGE_OPTIONS,
});

// biome-ignore lint/suspicious/noExplicitAny: any kind of mutation, whatever its types.
export const isItemChange = (mutation: Mutation<any, any, any, any>) =>
  mutation.options.scope?.id === ITEM_CHANGES.id;

/** A new item's id, chosen here so that changes made before the server answers can name it. */
export const newItemId = (): string => uuidv7();

/** The item a change is about, read from what it sends. */
export function changedItemId(variables: unknown): string | undefined {
  if (typeof variables === 'string') return variables;
  if (typeof variables !== 'object' || variables === null) return undefined;
  const fields = variables as {
    itemId?: unknown;
    within?: { draggableItemId?: unknown };
    between?: { draggableItemId?: unknown };
  };
  const id = fields.itemId ?? fields.within?.draggableItemId ?? fields.between?.draggableItemId;
  return typeof id === 'string' ? id : undefined;
}
