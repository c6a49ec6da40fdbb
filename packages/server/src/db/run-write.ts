import type { DomainEvent, DomainEventBus } from '../events/domain-events.js';
import type { Db, Tx } from './schema.js';

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

/** What steps deep inside a transaction asked to tell once it commits (`tellOnCommit`). */
const toldOnCommit = new WeakMap<Tx, DomainEvent[]>();

/**
 * Tells `event` once the transaction `tx` commits, with the write's own events: for a step
 * deep inside a write that its caller does not answer for (an item's history, recorded by
 * whichever write changed the item). A refusal or a failure tells nothing, as for the rest.
 */
export function tellOnCommit(tx: Tx, event: DomainEvent): void {
  const told = toldOnCommit.get(tx);
  if (told) told.push(event);
  else toldOnCommit.set(tx, [event]);
}

/**
 * The one way services run a write that others may see: its events, and those its steps asked
 * to tell, are told together once it committed.
 */
export function createWriteRunner({ db, events }: { db: Db; events: DomainEventBus }): RunWrite {
  return async (write) => {
    const { value, events: committed } = await db.transaction().execute(async (tx) => {
      const written = await write(tx);
      return { ...written, events: [...written.events, ...(toldOnCommit.get(tx) ?? [])] };
    });
    events.emitCommitted(committed);
    return value;
  };
}
