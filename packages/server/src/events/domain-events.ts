import { EventEmitter } from 'node:events';
import type { ImportCounts } from '@nestbox/shared/data/import.schema';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { Audience } from '../modules/access/access.contract.js';
import type { FiredReminderNotice } from '../modules/push/push.service.js';
import type { MentionNotice } from '../modules/reminders/reminders.contract.js';

/**
 * What happened, as the services that made it happen tell it, after their change committed.
 * Services know nothing of sockets: the live module listens and tells each person's clients.
 */
export interface DomainEvents {
  /** New items: everyone who sees them hears of them. */
  'items.created': { itemIds: readonly string[] };
  /** Shared fields of these items changed (title, completion, archive, target date…). */
  'items.changed': { itemIds: readonly string[] };
  /** One person's own state of an item changed (a star, a place in their Organizer). */
  'item.personalChanged': { userId: string; item: Item };
  /** A text was saved over a title its writer had not seen: `replacedTitle` is gone. */
  'item.overwritten': { itemId: string; replacedTitle: string; title: string };
  /** An item moved into another box; `audienceBefore`: who saw it before. */
  'item.moved': { itemId: string; audienceBefore: Audience };
  /** An item was shared with a person (they now see it and everything inside it). */
  'item.shared': { itemId: string; userId: string };
  /** A person's level on an item changed. */
  'item.levelChanged': { itemId: string; userId: string };
  /** A person's link on an item went (they may still see it through a box above). */
  'item.unshared': { itemId: string; userId: string };
  /**
   * A person's import committed into `boxId`: a box it made (its `items.created` tells who
   * sees it) or one that was there (`intoExistingBox`: whoever shows it reads it again).
   */
  'import.finished': { userId: string; boxId: string; intoExistingBox: boolean; counts: ImportCounts };
  /** Reminder occurrences fired (claimed once, by one instance): each person's devices are told. */
  'reminders.fired': { fired: readonly FiredReminderNotice[] };
  /** A comment on this item was written, edited or removed: whoever shows its thread reads it again. */
  'comments.changed': { itemId: string };
  /**
   * A comment named these people (`notices`), or stopped naming others (`recount`): their
   * badges are told, their devices and, when they asked, their inboxes.
   */
  'comments.mentioned': { notices: readonly MentionNotice[]; recount: readonly string[] };
  /** A file was attached to this item or removed from it: whoever shows its attachments reads them again. */
  'attachments.changed': { itemId: string };
  /** These items' histories have new events: whoever shows one reads it again. */
  'history.changed': { itemIds: readonly string[] };
  /** These people's unread reminder counts are now these. */
  'reminders.unreadCounts': { counts: ReadonlyMap<string, number> };
}

export type DomainEventName = keyof DomainEvents;

/** One domain event, named, with what it carries. */
export type DomainEvent = { [Name in DomainEventName]: readonly [Name, DomainEvents[Name]] }[DomainEventName];

/**
 * What the listeners of one commit's events share: a read that several of them would make
 * (who sees the items the commit changed) is kept here, under its listener's own key, and
 * made once. It lives as long as the commit's listeners hold it.
 */
export type CommitScope = Map<string, unknown>;

/**
 * A typed, in-process event bus. Listeners run synchronously inside `emit` (so they see the
 * request that caused the event) and may go on asynchronously; a listener that fails is
 * reported to `onError` and never reaches the service that emitted. The events of one commit
 * are told together (`emitCommitted`), their listeners sharing one `CommitScope`.
 */
export function createDomainEvents({ onError = () => {} }: { onError?: (error: unknown) => void } = {}) {
  const emitter = new EventEmitter();
  return {
    /** Tells one event, its listeners in a scope of their own. */
    emit<Name extends DomainEventName>(name: Name, event: DomainEvents[Name]): void {
      const scope: CommitScope = new Map();
      emitter.emit(name, event, scope);
    },
    /** Tells one commit's events, in order, with one scope for all their listeners. */
    emitCommitted(committed: readonly DomainEvent[]): void {
      const scope: CommitScope = new Map();
      for (const [name, event] of committed) emitter.emit(name, event, scope);
    },
    on<Name extends DomainEventName>(
      name: Name,
      listener: (event: DomainEvents[Name], scope: CommitScope) => void | Promise<void>,
    ): void {
      emitter.on(name, (event: DomainEvents[Name], scope: CommitScope) => {
        try {
          void Promise.resolve(listener(event, scope)).catch(onError);
        } catch (error) {
          onError(error);
        }
      });
    },
  };
}

export type DomainEventBus = ReturnType<typeof createDomainEvents>;
