import type { ReseedType } from '@nestbox/shared/admin/admin.schema';
import type { Kysely } from 'kysely';
import { forgetSessionUser } from '../../modules/users/users.service.js';
import type { Database } from '../schema.js';
import { runBaseSeed, type SeedAdmin } from './base-seed.js';
import { runFullSeed } from './full-seed.js';

/** Every table, children before parents. */
const TABLES_IN_DELETE_ORDER = [
  'calendar_feeds',
  'api_tokens',
  'undo_entry_rows',
  'undo_entries',
  'slack_events',
  'slack_accounts',
  'reminder_events',
  'reminders',
  'panes',
  'user_items',
  'item_tags',
  'item_users',
  'account_tokens',
  'items',
  'users',
] as const;

/**
 * Re-seeds the database in one transaction: deletes every row of every data table, then runs
 * the base seed (system user, configured admin) and, for `full`, the demo data. Nothing of the
 * old data survives; the configured admin is re-created (with `admin.keep`, under their old id
 * so their session carries on). Security records stay: logged-out tokens, used captchas and
 * the audit trail, to which `inTransaction` adds the re-seed itself. Answers the ids of every
 * user there was before.
 */
export async function reseedDatabase<T = undefined>(
  db: Kysely<Database>,
  options: {
    type: ReseedType;
    admin?: SeedAdmin;
    demoPasswordHash: string;
    now?: number;
    inTransaction?: (trx: Kysely<Database>) => Promise<T>;
  },
): Promise<{ before: string[]; recorded: T | undefined }> {
  const now = options.now ?? Date.now();
  const done = await db.transaction().execute(async (trx) => {
    const before = (await trx.selectFrom('users').select('id').execute()).map((user) => user.id);
    // Items point at their parents: detach them first so one DELETE suits both engines.
    await trx.updateTable('items').set({ parent_id: null }).execute();
    for (const table of TABLES_IN_DELETE_ORDER) await trx.deleteFrom(table).execute();
    await runBaseSeed(trx, now, options.admin ? { admin: options.admin } : {});
    if (options.type === 'full') await runFullSeed(trx, now, options.demoPasswordHash);
    return { before, recorded: await options.inTransaction?.(trx) };
  });
  // Every account was re-created: no copy of the old ones may answer for a session.
  forgetSessionUser();
  return done;
}
