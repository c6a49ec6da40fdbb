import type { DomainEventBus, DomainEventName, DomainEvents } from '../events/domain-events.js';
import type { Db, Tx } from './schema.js';

/** One domain event, named, with what it carries. */
export type DomainEvent = { [Name in DomainEventName]: readonly [Name, DomainEvents[Name]] }[DomainEventName];

/** What a write answers, and the events that tell of it once it committed. */
export interface Write<T> {
  value: T;
  events: readonly DomainEvent[];
}

/**
 * Runs a write in one transaction: the callback checks the caller's rights on the
 * transaction (`tx`), so a share revoked before that check is seen and the write refused,
 * then writes. Its events are told only once the transaction committed; a refusal or a
 * failure rolls everything back and tells nothing.
 */
export type RunWrite = <T>(write: (tx: Tx) => Promise<Write<T>>) => Promise<T>;

/** The one way services run a write that others may see. */
export function createWriteRunner({ db, events }: { db: Db; events: DomainEventBus }): RunWrite {
  return async (write) => {
    const { value, events: committed } = await db.transaction().execute(write);
    for (const [name, event] of committed) events.emit(name, event);
    return value;
  };
}
