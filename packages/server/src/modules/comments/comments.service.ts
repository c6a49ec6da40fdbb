import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type Comment,
  MAX_COMMENTS_PER_ITEM,
  type Person,
  type WriteCommentBody,
} from '@nestbox/shared/comments/comments.schema';
import type { ExportComment } from '@nestbox/shared/data/export.schema';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { Clock } from '../../clock.js';
import { idChunks } from '../../db/id-chunks.js';
import { newId } from '../../db/ids.js';
import type { RunWrite } from '../../db/run-write.js';
import type { CommentsTable, Executor, Tx, UserRow } from '../../db/schema.js';
import type { DomainEvent } from '../../events/domain-events.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RecordItemEvents } from '../history/history.contract.js';
import { checkedItem } from '../items/items.service.js';
import type { MentionNotice } from '../reminders/reminders.contract.js';
import type { Mentions } from '../reminders/reminders.service.js';
import {
  type CommentRow,
  commentsOf,
  commentsOfItems,
  deleteComment,
  findComment,
  insertComments,
  namesOf,
  recountComments,
  updateCommentBody,
} from './comments.repository.js';

/** Who wrote a comment: its author's account, else the name an import kept, else nobody known. */
function authorOf(row: CommentRow): Comment['author'] {
  if (row.author_id !== null) return { id: row.author_id, name: row.writer_name ?? '' };
  return row.author_name === null ? null : { id: null, name: row.author_name };
}

/** A comment as the caller reads it: only its author edits it; its author or an owner removes it. */
function presentComment(row: CommentRow, mentions: Person[], userId: string, level: AccessLevel): Comment {
  const own = row.author_id === userId;
  return {
    id: row.id,
    itemId: row.item_id,
    body: row.body,
    author: authorOf(row),
    createdAt: row.created_at,
    editedAt: row.edited_at,
    mentions,
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
  recordHistory,
  mentions,
}: {
  db: Executor;
  runWrite: RunWrite;
  access: AccessService;
  audit: Pick<AuditService, 'write' | 'log'>;
  now: Clock;
  /** History: records each new comment on the item (not its text), in its transaction. */
  recordHistory: RecordItemEvents;
  /** The people a comment names, kept and told as notifications (the reminders' list). */
  mentions: Pick<Mentions, 'of' | 'set'>;
}) {
  /** The comment and the caller's level on its item, checked in `tx` (404 when either is unseen). */
  async function seenComment(tx: Tx, userId: string, commentId: string) {
    const row = await findComment(tx, commentId);
    // One answer whether the comment is gone or its item unseen: nothing says which.
    const unseen = appErrors.notFound('comments.notFound');
    if (!row) throw unseen;
    try {
      const { item, level } = await checkedItem(tx, access, userId, row.item_id, 'read');
      return { row, item, level };
    } catch (error) {
      throw error instanceof AppError && error.statusCode === 404 ? unseen : error;
    }
  }

  /**
   * Makes the comment name exactly these people, each of whom must see its item (400
   * otherwise: nobody learns of an item through a mention); the writer naming themselves is
   * no mention. Answers the events that tell those newly named, and those no longer named.
   */
  async function mention(
    tx: Tx,
    {
      writer,
      comment,
      title,
      userIds,
    }: { writer: UserRow; comment: CommentsTable; title: string; userIds: readonly string[] },
  ): Promise<{ people: Person[]; events: DomainEvent[] }> {
    const named = [...new Set(userIds)].filter((id) => id !== writer.id);
    for (const userId of named)
      if (!(await access.levelOf(userId, comment.item_id, tx)))
        throw appErrors.badRequest('comments.mentionUnseen');
    const { added, removed } = await mentions.set(tx, {
      commentId: comment.id,
      itemId: comment.item_id,
      userIds: named,
      at: now(),
    });
    const people = (await mentions.of(tx, [comment.id])).get(comment.id) ?? [];
    if (added.length === 0 && removed.length === 0) return { people, events: [] };
    const notices: MentionNotice[] = added.map(({ userId, locale }) => ({
      userId,
      locale,
      itemId: comment.item_id,
      commentId: comment.id,
      by: writer.name,
      title,
      body: comment.body,
    }));
    return { people, events: [['comments.mentioned', { notices, recount: removed }]] };
  }

  return {
    /** The item's thread, oldest first (404 when the caller does not see the item). */
    async list(user: UserRow, itemId: string): Promise<Comment[]> {
      const level = await access.authorize(user.id, itemId, 'read', db);
      const rows = await commentsOf(db, itemId);
      const named = await mentions.of(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => presentComment(row, named.get(row.id) ?? [], user.id, level));
    },

    /** Whom a comment on the item may mention: everyone else who sees it, by name (404 when the caller does not). */
    async people(user: UserRow, itemId: string): Promise<Person[]> {
      await access.authorize(user.id, itemId, 'read', db);
      const audience = await access.audienceOf(itemId, db);
      return namesOf(
        db,
        audience.map(({ userId }) => userId).filter((id) => id !== user.id),
      );
    },

    async add(
      user: UserRow,
      itemId: string,
      { body, mentions: mentioned = [] }: WriteCommentBody,
    ): Promise<Comment> {
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
        await recordHistory(tx, [{ itemId, userId: user.id, kind: 'commented' }]);
        const named = await mention(tx, {
          writer: user,
          comment: row,
          title: item.title,
          userIds: mentioned,
        });
        return {
          value: presentComment({ ...row, writer_name: user.name }, named.people, user.id, level),
          events: [...threadChanged(itemId, true), ...named.events],
        };
      });
    },

    async edit(
      user: UserRow,
      commentId: string,
      { body, mentions: mentioned = [] }: WriteCommentBody,
    ): Promise<Comment> {
      return runWrite(async (tx) => {
        const { row, item, level } = await seenComment(tx, user.id, commentId);
        if (row.author_id !== user.id) throw appErrors.forbidden('comments.notYours');
        const at = now();
        await updateCommentBody(tx, commentId, body, at);
        const edited = { ...row, body, edited_at: at };
        const named = await mention(tx, {
          writer: user,
          comment: edited,
          title: item.title,
          userIds: mentioned,
        });
        return {
          value: presentComment(edited, named.people, user.id, level),
          events: [...threadChanged(row.item_id, false), ...named.events],
        };
      });
    },

    async remove(user: UserRow, commentId: string): Promise<void> {
      const entry = await runWrite(async (tx) => {
        const { row, level } = await seenComment(tx, user.id, commentId);
        if (!presentComment(row, [], user.id, level).canDelete)
          throw appErrors.forbidden('comments.notYours');
        // Its mentions go with it: their people's badges may drop.
        const named = (await mentions.of(tx, [commentId])).get(commentId) ?? [];
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
        const recount: DomainEvent[] =
          named.length === 0
            ? []
            : [['comments.mentioned', { notices: [], recount: named.map((person) => person.id) }]];
        return { value: entry, events: [...threadChanged(row.item_id, true), ...recount] };
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
     * An import's comments on the items it staged (out of sight until it places them), in parts
     * of IMPORTED_COMMENTS_PER_PART, each its own short transaction with a turn of the event loop
     * before it: a file of many threads holds neither the database nor the loop for long. The
     * importer's own become theirs; anyone else's keep their writer's name. Discarding the
     * staged items takes these with them.
     */
    async stageImported(userId: string, comments: readonly { itemId: string; comment: ExportComment }[]) {
      for (const part of idChunks(comments, IMPORTED_COMMENTS_PER_PART)) {
        await nextTurn();
        await runWrite(async (tx) => {
          await insertImported(tx, userId, part);
          return { value: undefined, events: [] };
        });
      }
    },
  };
}

/** How many imported comments one transaction writes. */
const IMPORTED_COMMENTS_PER_PART = 1_000;

/** Imported comments, inside the caller's transaction, and their items' counts. */
async function insertImported(
  tx: Executor,
  userId: string,
  comments: readonly { itemId: string; comment: ExportComment }[],
): Promise<void> {
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
  // An item's thread may span two parts: each part counts its items' comments afresh.
  await recountComments(tx, [...new Set(comments.map(({ itemId }) => itemId))]);
}

export type CommentsService = ReturnType<typeof createCommentsService>;
