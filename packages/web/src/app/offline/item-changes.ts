import type { Mutation, QueryClient } from '@tanstack/react-query';
import { moveToNewParent } from '../../features/items/api/move-to-new-parent';
import { updatePriority } from '../../features/organizer/api/update-priority';
import { createItem } from '../../features/workspace/api/create-item';
import { sendMove } from '../../features/workspace/api/move-item';
import { saveTextItem } from '../../features/workspace/api/save-text-item';
import { archiveItem } from '../../lib/api/items/archive-item';
import { setItemCompleted } from '../../lib/api/items/complete-item';
import { setNote } from '../../lib/api/items/set-note';
import { updateItem } from '../../lib/api/items/update-item';
import { quickCapture } from '../../lib/api/quick-capture';
import { isApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import {
  changedItemId,
  ITEM_CHANGE_OPTIONS,
  type ItemChangeKind,
  isItemChange,
  itemChangeKey,
} from '../../lib/item-changes';
import { refusalReason, tellRefusedChange } from './refused-changes';

/** How each kind of item change is sent, for a change read back after a reload. */
const SENDERS: Record<ItemChangeKind, (variables: never) => Promise<unknown>> = {
  create: createItem,
  capture: quickCapture,
  'save-text': saveTextItem,
  complete: setItemCompleted,
  move: sendMove,
  'move-to-box': moveToNewParent,
  update: updateItem,
  priority: updatePriority,
  archive: archiveItem,
  note: setNote,
};

// biome-ignore lint/suspicious/noExplicitAny: any kind of change, whatever its types.
type AnyMutation = Mutation<any, any, any, any>;

/**
 * The title this device last gave or saw for an item: the latest change that wrote one (a
 * creation, an edit), else any pane, search or Organizer holding it.
 */
function cachedTitleOf(queryClient: QueryClient, itemId: string): string | undefined {
  const written = queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => isItemChange(mutation) && changedItemId(mutation.state.variables) === itemId)
    .map((mutation) => (mutation.state.variables as { title?: unknown }).title)
    .findLast((title): title is string => typeof title === 'string');
  if (written !== undefined) return written;
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data as { items?: unknown; organizerItems?: unknown } | undefined;
    for (const list of [data?.items, data?.organizerItems, data]) {
      if (!Array.isArray(list)) continue;
      const found = list.find(
        (row): row is { _id: string; title: string } =>
          typeof row === 'object' && row !== null && (row as { _id?: unknown })._id === itemId,
      );
      if (found) return found.title;
    }
  }
  return undefined;
}

/**
 * Makes item changes work offline (see lib/item-changes): registers how each kind is sent, so
 * a change saved before a reload can be sent afterwards; tells the person when a change that
 * had to wait is refused (its item deleted, or no longer shared with them, meanwhile), naming
 * the item; and once every waiting change went through, asks the screens again, so they show
 * what the server holds. Answers the way to stop.
 */
export function handleItemChanges(queryClient: QueryClient): () => void {
  for (const [kind, send] of Object.entries(SENDERS))
    queryClient.setMutationDefaults(itemChangeKey(kind as ItemChangeKind), {
      mutationFn: send as (variables: unknown) => Promise<unknown>,
      ...ITEM_CHANGE_OPTIONS,
    });

  const cache = queryClient.getMutationCache();
  // The changes that had to wait, with the title their item had then: by the time one is
  // refused, the screens may have let go of the item.
  const waited = new WeakMap<AnyMutation, string | undefined>();
  let resync = false;
  const stopWatching = cache.subscribe((event) => {
    const { mutation } = event;
    if (event.type === 'removed' || !mutation || !isItemChange(mutation) || !mutation.state.isPaused) return;
    if (waited.has(mutation)) return;
    waited.set(mutation, undefined);
    // After the current work: a change read back after a reload comes before the screens' data.
    queueMicrotask(() => {
      const itemId = changedItemId(mutation.state.variables);
      if (itemId && waited.has(mutation)) waited.set(mutation, cachedTitleOf(queryClient, itemId));
    });
  });

  // The cache's own callbacks run before any screen's, so a refusal told here is told once
  // (ApiError.told keeps the screen's handler quiet).
  const { config } = cache;
  const { onError, onSettled } = config;
  config.onError = (error, variables, context, mutation, fnContext) => {
    if (waited.has(mutation)) tellRefused(queryClient, mutation, error, waited.get(mutation));
    return onError?.(error, variables, context, mutation, fnContext);
  };
  config.onSettled = (data, error, variables, context, mutation, fnContext) => {
    if (waited.delete(mutation)) resync = true;
    const othersPending = cache
      .getAll()
      .some((other) => other !== mutation && isItemChange(other) && other.state.status === 'pending');
    if (resync && !othersPending) {
      resync = false;
      void queryClient.invalidateQueries();
    }
    return onSettled?.(data, error, variables, context, mutation, fnContext);
  };
  return () => {
    stopWatching();
    Object.assign(config, { onError, onSettled });
  };
}
/** The kinds of change that make a new item: their refusal is about the box it was to go into. */
const CREATIONS: readonly ItemChangeKind[] = ['create', 'capture'];

/**
 * Tells the person that a change which had to wait was refused, naming the item and the true
 * reason, and keeping what they typed (a new text, an edited title) one click from the Inbox.
 */
function tellRefused(
  queryClient: QueryClient,
  mutation: AnyMutation,
  error: unknown,
  titleThen: string | undefined,
): void {
  if (!isApiError(error) || error.canceled || error.status < 400 || error.status >= 500) return;
  error.told = true;
  const variables = mutation.state.variables as { title?: unknown } | undefined;
  const itemId = changedItemId(variables);
  const kind = mutation.options.mutationKey?.[1] as ItemChangeKind | undefined;
  const creation = kind !== undefined && CREATIONS.includes(kind);
  const typed =
    typeof variables?.title === 'string' && variables.title.trim() !== '' ? variables.title : undefined;
  const title = creation ? typed : (titleThen ?? (itemId ? cachedTitleOf(queryClient, itemId) : undefined));
  const reason = refusalReason(error, creation);
  tellRefusedChange({
    key: itemId ?? String(mutation.mutationId),
    message: title
      ? i18n.t(creation ? 'connection.notAdded' : 'connection.notSaved', { title, reason })
      : i18n.t('connection.notSavedUntitled', { reason }),
    ...(typed !== undefined ? { text: typed } : {}),
  });
}
