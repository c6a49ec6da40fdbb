import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../packages/server/dist/db/connection.js';
import { newId } from '../../packages/server/dist/db/ids.js';
import { migrateToLatest } from '../../packages/server/dist/db/migrate.js';
import type { Database } from '../../packages/server/dist/db/schema.js';
import { runBaseSeed } from '../../packages/server/dist/db/seeds/base-seed.js';
import { insertTagsOf } from '../../packages/server/dist/modules/items/items.service.js';
import { insertUserWithRootBox } from '../../packages/server/dist/modules/users/users.service.js';

/** An item row as the benches write them (created by the bench user). */
export interface BenchItem {
  id: string;
  type: 'todoBox' | 'todoText';
  title: string;
  parent_id: string;
  position: number;
  target_date?: number | null;
  /** A repeat (RRULE); a repeating item always has a target date. */
  recurrence_rule?: string | null;
  note?: string | null;
  created_at?: number;
  updated_at?: number;
}

/**
 * The database migrated and base-seeded, and one activated user (who cannot log in with a
 * password: benches sign their session tokens) with their root box.
 */
export async function seedBenchUser(db: Kysely<Database>, email: string) {
  await migrateToLatest(db);
  await runBaseSeed(db);
  return insertBenchUser(db, email);
}

/** One more activated user (no password: benches sign their tokens) with their root box. */
export async function insertBenchUser(db: Kysely<Database>, email: string, name = 'Bench') {
  const now = Date.now();
  const userId = newId();
  const rootId = newId();
  await insertUserWithRootBox(
    db,
    {
      id: userId,
      email,
      name,
      password_hash: '!',
      activated_at: now,
      created_at: now,
      updated_at: now,
    },
    rootId,
  );
  return { userId, rootId, now };
}

/**
 * Writes the items (500 rows a statement) with the tags of their titles, as the app writes
 * them, and opens `paneBoxes` in panes, in one transaction.
 */
export async function insertBenchItems(
  db: Kysely<Database>,
  userId: string,
  items: BenchItem[],
  paneBoxes: string[] = [],
) {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < items.length; i += 500) {
      await trx
        .insertInto('items')
        .values(
          items
            .slice(i, i + 500)
            .map((item) => ({ created_at: now, updated_at: now, ...item, created_by: userId })),
        )
        .execute();
    }
    await insertTagsOf(trx, items);
    if (paneBoxes.length > 0)
      await trx
        .insertInto('panes')
        .values(
          paneBoxes.map((itemId, position) => ({
            id: newId(),
            user_id: userId,
            item_id: itemId,
            position,
            created_at: now,
          })),
        )
        .execute();
  });
}

/** A person's own state of an item as the benches write it: an Organizer entry, ranked or not. */
export interface BenchPersonalState {
  item_id: string;
  priority: number | null;
  marked_for_today?: number;
  favourited?: number;
}

/** Writes the person's state of these items (each prioritizable), 500 rows a statement, in one transaction. */
export async function insertPersonalStates(
  db: Kysely<Database>,
  userId: string,
  states: readonly BenchPersonalState[],
) {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < states.length; i += 500)
      await trx
        .insertInto('user_items')
        .values(
          states.slice(i, i + 500).map((state) => ({
            favourited: 0,
            marked_for_today: 0,
            created_at: now,
            updated_at: now,
            ...state,
            user_id: userId,
            prioritizable: 1,
          })),
        )
        .execute();
  });
}

/**
 * PostgreSQL's planner statistics for the freshly written rows, as autovacuum would gather
 * them within a minute on a running server: measured at once, the planner would guess
 * blindly. (SQLite plans without statistics in production too, so it is left as it is.)
 */
export async function gatherStatistics(database: DatabaseHandle) {
  if (database.engine === 'postgres') await sql`analyze`.execute(database.db);
}

/** A user with `panes` boxes of `texts` texts each, every box open in a pane; answers the user's id. */
export async function seedUserWithPanes(
  db: Kysely<Database>,
  email: string,
  { panes, texts }: { panes: number; texts: number },
): Promise<string> {
  const { userId, rootId } = await seedBenchUser(db, email);
  const rows: BenchItem[] = [];
  const paneBoxes: string[] = [];
  for (let p = 0; p < panes; p++) {
    const id = newId();
    paneBoxes.push(id);
    rows.push({ id, type: 'todoBox', title: `Pane box ${p}`, parent_id: rootId, position: p + 1 });
    for (let i = 0; i < texts; i++)
      rows.push({ id: newId(), type: 'todoText', title: `Text ${p}.${i}`, parent_id: id, position: i + 1 });
  }
  await insertBenchItems(db, userId, rows, paneBoxes);
  return userId;
}
