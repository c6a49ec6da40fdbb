import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as siblingOrder from './migrations/0002-sibling-order.js';
import * as openBoxesIn from './migrations/0003-open-boxes-in.js';
import * as boxChildren from './migrations/0004-box-children.js';
import * as rootBoxLinks from './migrations/0006-root-box-links.js';
import * as accountSecurity from './migrations/0007-account-security.js';
import * as valueSets from './migrations/0008-value-sets.js';
import * as undo from './migrations/0009-undo.js';
import * as inbox from './migrations/0010-inbox.js';
import * as shortcuts from './migrations/0011-shortcuts.js';
import * as apiTokens from './migrations/0012-api-tokens.js';
import * as calendarFeeds from './migrations/0013-calendar-feeds.js';
import * as auditEvents from './migrations/0014-audit-events.js';
import * as recurrence from './migrations/0015-recurrence.js';
import * as tags from './migrations/0016-tags.js';
import * as pushSubscriptions from './migrations/0017-push-subscriptions.js';
import * as coveringBoxChildren from './migrations/0018-covering-box-children.js';
import * as colorScheme from './migrations/0019-color-scheme.js';
import * as pushSubscriptionOwners from './migrations/0020-push-subscription-owners.js';
import * as importKeys from './migrations/0021-import-keys.js';
import * as upcomingDates from './migrations/0022-upcoming-dates.js';
import * as itemNotes from './migrations/0023-item-notes.js';
import * as searchIndex from './migrations/0024-search-index.js';
import * as itemChanges from './migrations/0025-item-changes.js';
import * as caldavObjects from './migrations/0026-caldav-objects.js';
import * as twoFactor from './migrations/0027-two-factor.js';
import * as oidcIdentities from './migrations/0028-oidc-identities.js';
import * as passkeys from './migrations/0029-passkeys.js';
import * as comments from './migrations/0030-comments.js';
import * as mentions from './migrations/0031-mentions.js';
import * as itemEvents from './migrations/0032-item-events.js';
import * as attachments from './migrations/0033-attachments.js';
import * as targetHasTime from './migrations/0034-target-has-time.js';
import * as searchTitleStart from './migrations/0035-search-title-start.js';
import * as organizerKeys from './migrations/0036-organizer-keys.js';
import type { Database } from './schema.js';

/** Migrations in order; names sort lexically, so keep the numeric prefix. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-sibling-order': siblingOrder,
  '0003-open-boxes-in': openBoxesIn,
  '0004-box-children': boxChildren,
  '0006-root-box-links': rootBoxLinks,
  '0007-account-security': accountSecurity,
  '0008-value-sets': valueSets,
  '0009-undo': undo,
  '0010-inbox': inbox,
  '0011-shortcuts': shortcuts,
  '0012-api-tokens': apiTokens,
  '0013-calendar-feeds': calendarFeeds,
  '0014-audit-events': auditEvents,
  '0015-recurrence': recurrence,
  '0016-tags': tags,
  '0017-push-subscriptions': pushSubscriptions,
  '0018-covering-box-children': coveringBoxChildren,
  '0019-color-scheme': colorScheme,
  '0020-push-subscription-owners': pushSubscriptionOwners,
  '0021-import-keys': importKeys,
  '0022-upcoming-dates': upcomingDates,
  '0023-item-notes': itemNotes,
  '0024-search-index': searchIndex,
  '0025-item-changes': itemChanges,
  '0026-caldav-objects': caldavObjects,
  '0027-two-factor': twoFactor,
  '0028-oidc-identities': oidcIdentities,
  '0029-passkeys': passkeys,
  '0030-comments': comments,
  '0031-mentions': mentions,
  '0032-item-events': itemEvents,
  '0033-attachments': attachments,
  '0034-target-has-time': targetHasTime,
  '0035-search-title-start': searchTitleStart,
  '0036-organizer-keys': organizerKeys,
};

/** Every migration, for Kysely's migrator. */
export const MIGRATION_PROVIDER: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date. Idempotent; safe when several instances start together
 * (Kysely's migrator takes a lock).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // PostgreSQL: Kysely would take a migration table in ANY schema of the database for its
  // own, so with several schemas in one database (tests, benches, a search_path in
  // DATABASE_URL) it could skip creating ours. Name the schema this connection works in.
  const pgSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: MIGRATION_PROVIDER,
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
