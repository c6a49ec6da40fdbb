import type { Selectable } from 'kysely';
import { idChunks } from '../../db/id-chunks.js';
import type { Executor, MentionEventsTable } from '../../db/schema.js';
import { inPage, type ListPageOptions } from './list-page.js';

export type MentionEventRow = Selectable<MentionEventsTable>;

/** New mentions; a person a comment already mentions is left as they were. */
export async function insertMentions(db: Executor, rows: readonly MentionEventRow[]): Promise<void> {
  for (const chunk of idChunks(rows, 500))
    await db
      .insertInto('mention_events')
      .values(chunk)
      .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
      .execute();
}

/** Takes these people's mentions out of a comment (an edit removed them). */
export async function deleteMentions(db: Executor, commentId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('mention_events')
    .where('comment_id', '=', commentId)
    .where('user_id', 'in', userIds)
    .execute();
}

/** Who each of these comments mentions, by comment, with their names. */
export async function mentionsOfComments(
  db: Executor,
  commentIds: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const mentions = new Map<string, { id: string; name: string }[]>();
  for (const slice of idChunks(commentIds)) {
    const rows = await db
      .selectFrom('mention_events as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.comment_id', 'u.id', 'u.name'])
      .where('m.comment_id', 'in', slice)
      .orderBy('u.name')
      .execute();
    for (const { comment_id, id, name } of rows)
      mentions.set(comment_id, [...(mentions.get(comment_id) ?? []), { id, name }]);
  }
  return mentions;
}

export interface MentionListRow {
  id: string;
  item_id: string;
  comment_id: string;
  created_at: number;
  unread: number;
  title: string;
  archived_at: number | null;
  body: string;
  writer_name: string | null;
  author_name: string | null;
}

/** A page of a person's mentions, newest first (ties by id), after the cursor when given. */
export function mentionsPage(
  db: Executor,
  userId: string,
  options: ListPageOptions,
): Promise<MentionListRow[]> {
  return db
    .selectFrom('mention_events as m')
    .innerJoin('comments as c', 'c.id', 'm.comment_id')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .leftJoin('users as w', 'w.id', 'c.author_id')
    .select([
      'm.id',
      'm.item_id',
      'm.comment_id',
      'm.created_at',
      'm.unread',
      'i.title',
      'i.archived_at',
      'c.body',
      'w.name as writer_name',
      'c.author_name',
    ])
    .where('m.user_id', '=', userId)
    .where(inPage({ date: 'm.created_at', id: 'm.id', unread: 'm.unread' }, options))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** Unread mentions per person. */
export async function unreadMentionCounts(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const slice of idChunks(userIds)) {
    const rows = await db
      .selectFrom('mention_events')
      .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('user_id', 'in', slice)
      .where('unread', '=', 1)
      .groupBy('user_id')
      .execute();
    for (const row of rows) counts.set(row.user_id, Number(row.count));
  }
  return counts;
}

/** How to write to these people about a mention: address, name, language, and whether they asked. */
export function mentionRecipients(db: Executor, userIds: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'locale', 'timezone', 'reminder_emails'])
    .where('id', 'in', userIds.length > 0 ? [...userIds] : [''])
    .execute();
}
