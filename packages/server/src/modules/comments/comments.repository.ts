import { sql } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { CommentsTable, Executor } from '../../db/schema.js';

/** A comment and its author's account name (null when no account stands behind it). */
export type CommentRow = CommentsTable & { writer_name: string | null };

const withAuthor = (db: Executor) =>
  db
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.author_id')
    .selectAll('comments')
    .select('users.name as writer_name');

/** An item's comments, oldest first. */
export function commentsOf(db: Executor, itemId: string): Promise<CommentRow[]> {
  return withAuthor(db)
    .where('comments.item_id', '=', itemId)
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    .execute();
}

export function findComment(db: Executor, id: string): Promise<CommentRow | undefined> {
  return withAuthor(db).where('comments.id', '=', id).executeTakeFirst();
}

export async function insertComments(db: Executor, rows: readonly CommentsTable[]): Promise<void> {
  for (const chunk of idChunks(rows, 500)) await db.insertInto('comments').values(chunk).execute();
}

/** The comments on these items, each item's oldest first. */
export async function commentsOfItems(db: Executor, itemIds: readonly string[]): Promise<CommentRow[]> {
  const rows: CommentRow[] = [];
  for (const slice of idChunks(itemIds))
    rows.push(
      ...(await withAuthor(db)
        .where('comments.item_id', 'in', slice)
        .orderBy('comments.item_id')
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .execute()),
    );
  return rows;
}

export async function updateCommentBody(db: Executor, id: string, body: string, at: number): Promise<void> {
  await db.updateTable('comments').set({ body, edited_at: at }).where('id', '=', id).execute();
}

export async function deleteComment(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

/** Sets these items' kept counts to their comments as they are now, in the caller's transaction. */
export async function recountComments(db: Executor, itemIds: readonly string[]): Promise<void> {
  for (const slice of idChunks(itemIds))
    await db
      .updateTable('items')
      .set({ comment_count: sql<number>`(select count(*) from comments where comments.item_id = items.id)` })
      .where('id', 'in', slice)
      .execute();
}

/** These people's names, by name. */
export async function namesOf(
  db: Executor,
  userIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const people: { id: string; name: string }[] = [];
  for (const slice of idChunks(userIds))
    people.push(...(await db.selectFrom('users').select(['id', 'name']).where('id', 'in', slice).execute()));
  return people.sort((a, b) => a.name.localeCompare(b.name));
}
