import { sql } from 'kysely';
import { engineOf } from '../../db/connection.js';
import { idChunks } from '../../db/id-chunks.js';
import type { AttachmentsTable, Executor } from '../../db/schema.js';

/** An attachment and its uploader's account name (null once the account is gone). */
export type AttachmentRow = AttachmentsTable & { uploader_name: string | null };

const withUploader = (db: Executor) =>
  db
    .selectFrom('attachments')
    .leftJoin('users', 'users.id', 'attachments.uploader_id')
    .selectAll('attachments')
    .select('users.name as uploader_name');

/** An item's attachments, oldest first. */
export function attachmentsOf(db: Executor, itemId: string): Promise<AttachmentRow[]> {
  return withUploader(db)
    .where('attachments.item_id', '=', itemId)
    .orderBy('attachments.created_at')
    .orderBy('attachments.id')
    .execute();
}

/** The attachments of these items (at most a page of an export's), each item's oldest first. */
export function attachmentsOfItems(db: Executor, itemIds: readonly string[]): Promise<AttachmentRow[]> {
  return withUploader(db)
    .where('attachments.item_id', 'in', itemIds)
    .orderBy('attachments.item_id')
    .orderBy('attachments.created_at')
    .orderBy('attachments.id')
    .execute();
}

export function findAttachment(db: Executor, id: string): Promise<AttachmentRow | undefined> {
  return withUploader(db).where('attachments.id', '=', id).executeTakeFirst();
}

export async function insertAttachment(db: Executor, row: AttachmentsTable): Promise<void> {
  await db.insertInto('attachments').values(row).execute();
}

export async function deleteAttachment(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('attachments').where('id', '=', id).execute();
}

/** The bytes of every attachment this person uploaded. */
export async function bytesUploadedBy(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select(sql<string | number | null>`sum(size)`.as('used'))
    .where('uploader_id', '=', userId)
    .executeTakeFirst();
  // PostgreSQL sums bigints as numeric, which arrives as text.
  return Number(row?.used ?? 0);
}

/**
 * Holds this person's row until the transaction ends, so that two of their uploads check
 * their quota one after the other (SQLite's one connection already does).
 */
export async function lockUploader(db: Executor, userId: string): Promise<void> {
  if (engineOf(db) === 'postgres')
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Which of these attachment ids have a row. */
export async function existingIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const slice of idChunks(ids))
    for (const row of await db.selectFrom('attachments').select('id').where('id', 'in', slice).execute())
      found.add(row.id);
  return found;
}
