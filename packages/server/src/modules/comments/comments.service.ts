import { type Comment, MAX_COMMENTS_PER_ITEM } from '@nestbox/shared/comments/comments.schema';
import type { ExportComment } from '@nestbox/shared/data/export.schema';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { DomainEvent, RunWrite } from '../../db/run-write.js';
import type { Executor, Tx, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { checkedItem } from '../items/items.service.js';
import {
  type CommentRow,
  commentsOf,
  commentsOfItems,
  deleteComment,
  findComment,
  insertComments,
  recountComments,
  updateCommentBody,
} from './comments.repository.js';

/** Who wrote a comment: its author's account, else the name an import kept, else nobody known. */
function authorOf(row: CommentRow): Comment['author'] {
  if (row.author_id !== null) return { id: row.author_id, name: row.writer_name ?? '' };
  return row.author_name === null ? null : { id: null, name: row.author_name };
}

/** A comment as the caller reads it: only its author edits it; its author or an owner removes it. */
function presentComment(row: CommentRow, userId: string, level: AccessLevel): Comment {
  const own = row.author_id === userId;
  return {
    id: row.id,
    itemId: row.item_id,
    body: row.body,
    author: authorOf(row),
    createdAt: row.created_at,
    editedAt: row.edited_at,
    canEdit: own,
    canDelete: own || level === 'owner',
  };
}

/** The events of a change to an item's thread: its count too when a comment came or went. */
function threadChanged(itemId: string, counted: boolean): DomainEvent[] {
  const thread: DomainEvent = ['comments.changed', { itemId }];
  return counted ? [['items.changed', { itemIds: [itemId] }], thread] : [thread];
}

/**
 * Comments on items (docs/guide.md "Comments"): whoever sees an item reads its thread and
 * writes in it, read-only members too (commenting is not editing). A comment is edited by its
 * author alone, and removed by its author or by an owner of the item (which the audit trail
 * records when it is someone else's). Each write checks the caller's level inside its
 * transaction and keeps the item's count there too; everyone who sees the item hears of it.
 */
export function createCommentsService({
  db,
  runWrite,
  access,
  audit,
  now,
}: {
  db: Executor;
  runWrite: RunWrite;
  access: AccessService;
  audit: Pick<AuditService, 'write' | 'log'>;
  now: Clock;
}) {
  /** The comment and the caller's level on its item, checked in `tx` (404 when either is unseen). */
  async function seenComment(tx: Tx, userId: string, commentId: string) {
    const row = await findComment(tx, commentId);
    // One answer whether the comment is gone or its item unseen: nothing says which.
    if (!row || !(await access.levelOf(userId, row.item_id, tx)))
      throw appErrors.notFound('comments.notFound');
    const { level } = await checkedItem(tx, access, userId, row.item_id, 'read');
    return { row, level };
  }

  return {
    /** The item's thread, oldest first (404 when the caller does not see the item). */
    async list(user: UserRow, itemId: string): Promise<Comment[]> {
      const level = await access.authorize(user.id, itemId, 'read', db);
      return (await commentsOf(db, itemId)).map((row) => presentComment(row, user.id, level));
    },

    async add(user: UserRow, itemId: string, body: string): Promise<Comment> {
      return runWrite(async (tx) => {
        const { item, level } = await checkedItem(tx, access, user.id, itemId, 'read');
        if (item.comment_count >= MAX_COMMENTS_PER_ITEM) throw appErrors.conflict('comments.tooMany');
        const row = {
          id: newId(),
          item_id: itemId,
          author_id: user.id,
          author_name: null,
          body,
          created_at: now(),
          edited_at: null,
        };
        await insertComments(tx, [row]);
        await recountComments(tx, [itemId]);
        return {
          value: presentComment({ ...row, writer_name: user.name }, user.id, level),
          events: threadChanged(itemId, true),
        };
      });
    },

    async edit(user: UserRow, commentId: string, body: string): Promise<Comment> {
      return runWrite(async (tx) => {
        const { row, level } = await seenComment(tx, user.id, commentId);
        if (row.author_id !== user.id) throw appErrors.forbidden('comments.notYours');
        const at = now();
        await updateCommentBody(tx, commentId, body, at);
        return {
          value: presentComment({ ...row, body, edited_at: at }, user.id, level),
          events: threadChanged(row.item_id, false),
        };
      });
    },

    async remove(user: UserRow, commentId: string): Promise<void> {
      const entry = await runWrite(async (tx) => {
        const { row, level } = await seenComment(tx, user.id, commentId);
        if (!presentComment(row, user.id, level).canDelete) throw appErrors.forbidden('comments.notYours');
        await deleteComment(tx, commentId);
        await recountComments(tx, [row.item_id]);
        // An owner removing someone else's words is recorded; removing one's own is not.
        const entry =
          row.author_id === user.id
            ? undefined
            : await audit.write(tx, {
                type: 'comments.removed',
                userId: user.id,
                details: { itemId: row.item_id, authorId: row.author_id ?? '' },
              });
        return { value: entry, events: threadChanged(row.item_id, true) };
      });
      if (entry) audit.log(entry);
    },

    /** The threads of these items as an export of `userId`'s carries them, by item. */
    async exported(userId: string, itemIds: readonly string[]): Promise<Map<string, ExportComment[]>> {
      const threads = new Map<string, ExportComment[]>();
      for (const row of await commentsOfItems(db, itemIds)) {
        const thread = threads.get(row.item_id) ?? [];
        thread.push({
          by: authorOf(row)?.name ?? '',
          mine: row.author_id === userId,
          body: row.body,
          createdAt: row.created_at,
          editedAt: row.edited_at,
        });
        threads.set(row.item_id, thread);
      }
      return threads;
    },

    /**
     * An import's comments, inside its transaction, on the items it made: the importer's own
     * become theirs; anyone else's keep their writer's name.
     */
    async insertImported(
      tx: Executor,
      userId: string,
      comments: readonly { itemId: string; comment: ExportComment }[],
    ): Promise<void> {
      if (comments.length === 0) return;
      await insertComments(
        tx,
        comments.map(({ itemId, comment }) => ({
          id: newId(),
          item_id: itemId,
          author_id: comment.mine ? userId : null,
          author_name: comment.mine ? null : comment.by,
          body: comment.body,
          created_at: comment.createdAt,
          edited_at: comment.editedAt,
        })),
      );
      await recountComments(tx, [...new Set(comments.map(({ itemId }) => itemId))]);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
