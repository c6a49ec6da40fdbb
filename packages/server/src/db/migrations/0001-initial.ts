import { type Kysely, sql } from 'kysely';

/**
 * The whole data model of ARCHITECTURE.md, with the indexes the SPEC's queries need.
 * Portable column types only, so the same migration runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-GB'))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/London'))
    .addColumn('location', 'text')
    .addColumn('occupation', 'text')
    .addColumn('activated_at', 'bigint')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('workspace_split', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('tooltips_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('default_show_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_auto_add_to_unprioritized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminder_emails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prioritized_split_percentage', 'double precision', (c) => c.notNull().defaultTo(55))
    .addColumn('unprioritized_order_by', 'text', (c) => c.notNull().defaultTo('createdDate'))
    .addColumn('unprioritized_order_dir', 'text', (c) => c.notNull().defaultTo('desc'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_tokens_user_purpose_idx')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('box_type', 'text', (c) => c.notNull().defaultTo('todo'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'text', (c) => c.references('items.id').onDelete('cascade'))
    .addColumn('position', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('is_root_box', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'bigint')
    .addColumn('archived_at', 'bigint')
    .addColumn('auto_archive_amount', 'integer')
    .addColumn('auto_archive_duration', 'text')
    .addColumn('auto_archive_at', 'bigint')
    .addColumn('target_date', 'bigint')
    .addColumn('show_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_add_to_unprioritized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Children of a box in order (pane contents, subItemsIndex).
  await db.schema
    .createIndex('items_parent_position_idx')
    .on('items')
    .columns(['parent_id', 'position'])
    .execute();
  // One root box per user.
  await db.schema
    .createIndex('items_root_box_uq')
    .on('items')
    .column('created_by')
    .unique()
    .where(sql.ref('is_root_box'), '=', 1)
    .execute();
  // The scheduler's auto-archive sweep reads only items with a pending expiry.
  await db.schema
    .createIndex('items_auto_archive_due_idx')
    .on('items')
    .column('auto_archive_at')
    .where(sql.ref('auto_archive_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('item_users')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_users_pk', ['item_id', 'user_id'])
    .execute();
  // "Items shared with me" and access checks start from the user.
  await db.schema.createIndex('item_users_user_idx').on('item_users').column('user_id').execute();

  await db.schema
    .createTable('user_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('favourited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prioritizable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priority', 'double precision')
    .addColumn('marked_for_today', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_items_pk', ['user_id', 'item_id'])
    .execute();
  // The Organizer: a user's prioritised items in priority order.
  await db.schema
    .createIndex('user_items_user_priority_idx')
    .on('user_items')
    .columns(['user_id', 'priority'])
    .execute();
  await db.schema.createIndex('user_items_item_idx').on('user_items').column('item_id').execute();

  await db.schema
    .createTable('panes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('box'))
    .addColumn('item_id', 'text', (c) => c.references('items.id').onDelete('cascade'))
    .addColumn('scroll_to_item_id', 'text')
    .addColumn('search_term', 'text')
    .addColumn('search_scope', 'text')
    .addColumn('include_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('include_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(400))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('panes_user_position_idx')
    .on('panes')
    .columns(['user_id', 'position'])
    .execute();
  await db.schema.createIndex('panes_item_idx').on('panes').column('item_id').execute();

  await db.schema
    .createTable('reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('number_of', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('before_after_on', 'text', (c) => c.notNull())
    .addColumn('repeat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('linked_directly_to_target_date', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_fire_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The scheduler claims due reminders by next_fire_at.
  await db.schema
    .createIndex('reminders_due_idx')
    .on('reminders')
    .column('next_fire_at')
    .where(sql.ref('next_fire_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('reminders_item_user_idx')
    .on('reminders')
    .columns(['item_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reminders_user_idx').on('reminders').column('user_id').execute();

  await db.schema
    .createTable('reminder_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reminder_id', 'text', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('event_date', 'bigint', (c) => c.notNull())
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dismissed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('reminder_events_occurrence_uq', ['reminder_id', 'event_date'])
    .execute();
  // The reminders modal pages newest first; the badge counts unread.
  await db.schema
    .createIndex('reminder_events_user_date_idx')
    .on('reminder_events')
    .columns(['user_id', 'event_date'])
    .execute();
  await db.schema
    .createIndex('reminder_events_user_unread_idx')
    .on('reminder_events')
    .columns(['user_id', 'unread'])
    .execute();

  await db.schema
    .createTable('slack_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('team_name', 'text', (c) => c.notNull())
    .addColumn('slack_user_id', 'text', (c) => c.notNull())
    .addColumn('slack_user_name', 'text')
    .addColumn('access_token_enc', 'text', (c) => c.notNull())
    .addColumn('inbox_item_id', 'text', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('slack_accounts_team_user_uq', ['team_id', 'slack_user_id'])
    .execute();
  await db.schema.createIndex('slack_accounts_user_idx').on('slack_accounts').column('user_id').execute();

  await db.schema
    .createTable('slack_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'slack_events',
    'slack_accounts',
    'reminder_events',
    'reminders',
    'panes',
    'user_items',
    'item_users',
    'items',
    'account_tokens',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
