import { UNDO_ID_HEADER, UNDO_TTL_MS } from '@nestbox/shared/constants';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import {
  claimEntry,
  deleteExpiredEntries,
  entryRows,
  findEntry,
  insertEntry,
  insertEntryRows,
} from './undo.repository.js';

/** What can be undone; the module that owns the change restores it. */
export type UndoKind =
  | 'items.archive'
  | 'items.complete'
  | 'items.move'
  | 'items.personal'
  | 'items.recur'
  | 'sharing.unshare'
  | 'reminders.remove';

/**
 * What an undoable change leaves behind, written in its own transaction: the state it changed
 * (small, in `payload`) and the rows it touched (any number, stored 1,000 at a time), each
 * with the version the change left it at, so that an undo can tell whether anything changed
 * them since.
 */
export interface UndoRecord<Payload, Row> {
  userId: string;
  kind: UndoKind;
  payload: Payload;
  rows?: readonly Row[];
}

/** An entry being undone, as the restorer of its kind gets it. */
export interface UndoEntry<Payload, Row> {
  payload: Payload;
  /**
   * Takes the entry inside the restoring transaction, before anything else (404 `undo.gone`
   * when it was undone meanwhile), and answers its rows, read a slice at a time in that
   * transaction. If the transaction fails, the entry may be tried again.
   */
  claim(trx: Executor): Promise<AsyncIterable<Row[]>>;
}

/**
 * Puts one kind of change back, in one transaction of its own: checks that the caller still
 * has the rights the restore needs and that no recorded row changed since (409
 * `undo.changedSince`), restores, and after the commit tells the domain events what the
 * forward change told them.
 */
export type UndoRestorer<Payload, Row> = (user: UserRow, entry: UndoEntry<Payload, Row>) => Promise<void>;

/**
 * Undo (docs/guide.md "Undo"): a change that moves, hides or loses something records how to put it
 * back; for UNDO_TTL_MS its author (and only they) may undo it, once. Entries are kept here;
 * each kind is restored by the module that owns its data, which registers a restorer.
 */
export function createUndoService({ db, now }: { db: Executor; now: Clock }) {
  const restorers = new Map<UndoKind, UndoRestorer<unknown, unknown>>();
  const gone = () => appErrors.notFound('undo.gone');

  return {
    /** Records an undoable change inside its transaction; answers the entry's id (for `X-Undo-Id`). */
    async record<Payload, Row>(trx: Executor, record: UndoRecord<Payload, Row>): Promise<string> {
      const id = newId();
      const at = now();
      await insertEntry(trx, {
        id,
        user_id: record.userId,
        kind: record.kind,
        payload: JSON.stringify(record.payload),
        created_at: at,
        expires_at: at + UNDO_TTL_MS,
        used_at: null,
      });
      if (record.rows && record.rows.length > 0) await insertEntryRows(trx, id, record.rows);
      return id;
    },

    /** The module owning a kind of change says how to put it back. */
    handle<Payload, Row>(kind: UndoKind, restorer: UndoRestorer<Payload, Row>): void {
      restorers.set(kind, restorer as UndoRestorer<unknown, unknown>);
    },

    /**
     * Undoes one of the caller's changes. Someone else's, an unknown one, one already undone
     * and one expired are all 404 `undo.gone`: nobody learns of another person's changes.
     */
    async undo(user: UserRow, undoId: string): Promise<void> {
      const entry = await findEntry(db, undoId);
      if (!entry || entry.user_id !== user.id || entry.used_at !== null || entry.expires_at <= now())
        throw gone();
      const restore = restorers.get(entry.kind as UndoKind);
      if (!restore) throw gone();
      await restore(user, {
        payload: JSON.parse(entry.payload) as unknown,
        async claim(trx) {
          if (!(await claimEntry(trx, entry.id, user.id, now()))) throw gone();
          return entryRows(trx, entry.id);
        },
      });
    },

    /** The scheduler's job: forgets the entries that expired by `at`. */
    pruneExpired: (at: number) => deleteExpiredEntries(db, at),
  };
}

export type UndoService = ReturnType<typeof createUndoService>;

/** Tells the caller how to undo the change it just made (the `X-Undo-Id` header), when it can be. */
export function sendUndoId(reply: FastifyReply, undoId: string | undefined): void {
  if (undoId) reply.header(UNDO_ID_HEADER, undoId);
}
