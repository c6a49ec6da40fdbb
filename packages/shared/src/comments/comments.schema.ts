import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';

const msg = (key: MessageKey) => ({ error: key });

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 5_000;

/** Comments one item may hold: its whole thread is read at once, so it stays bounded. */
export const MAX_COMMENTS_PER_ITEM = 500;

const id = z.string().min(1).max(64);

/** A comment's text as the API takes it: Markdown, trimmed, never blank. */
export const CommentBodySchema = z
  .string()
  .trim()
  .min(1, msg('comments.required'))
  .max(COMMENT_MAX_LENGTH, msg('comments.tooLong'))
  // PostgreSQL stores no NUL in text: refused on both engines alike.
  .refine((body) => !body.includes('\u0000'), msg('validation.invalidValue'));

/** The most people one comment may mention. */
export const MAX_MENTIONS_PER_COMMENT = 20;

/**
 * `POST /api/items/:itemId/comments` and `PATCH /api/comments/:commentId`. `mentions` names the
 * people the comment mentions (`@name` in its words), by id: each must see the item. An edit
 * sends the whole list again; whoever it newly names is notified.
 */
export const WriteCommentBodySchema = z
  .object({
    body: CommentBodySchema,
    mentions: z
      .array(id)
      .max(MAX_MENTIONS_PER_COMMENT, msg('comments.tooManyMentions'))
      .default([])
      .describe('Ids of the people the comment mentions; each must see the item.'),
  })
  .meta({ id: 'WriteCommentBody' });
export type WriteCommentBody = z.input<typeof WriteCommentBodySchema>;

/** Someone who sees an item, as a comment may mention them. */
export const PersonSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'Person' });
export type Person = z.infer<typeof PersonSchema>;

/** `GET /api/items/:itemId/comments/people`: whom a comment on the item may mention, by name. */
export const MentionablePeopleSchema = z
  .object({ people: z.array(PersonSchema) })
  .meta({ id: 'MentionablePeople' });
export type MentionablePeople = z.infer<typeof MentionablePeopleSchema>;

export const ItemCommentsParamsSchema = z.object({ itemId: id });
export const CommentParamsSchema = z.object({ commentId: id });

/**
 * A comment on an item, as everyone who sees the item reads it. `author` is null once its
 * writer's account is gone; its `id` is null for an imported comment no account here wrote,
 * whose writer's name the file gave; `canEdit` and `canDelete` say what the caller may do with it
 * (edit: its author; delete: its author, or an owner of the item).
 */
export const CommentSchema = z
  .object({
    id: z.string(),
    itemId: z.string(),
    body: z.string().describe('Markdown, rendered as titles and notes are.'),
    author: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
    createdAt: z.number().describe('UTC ms.'),
    editedAt: z.number().nullable().describe('UTC ms of the last edit, or null.'),
    mentions: z.array(PersonSchema).describe('The people the comment mentions.'),
    canEdit: z.boolean(),
    canDelete: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof CommentSchema>;

/** `GET /api/items/:itemId/comments`: the item's whole thread, oldest first. */
export const CommentListSchema = z.object({ comments: z.array(CommentSchema) }).meta({ id: 'CommentList' });
export type CommentList = z.infer<typeof CommentListSchema>;

/**
 * `comments:changed` (socket): a comment on this item was written, edited or removed. Sent to
 * everyone who sees the item; a client showing its thread reads it again.
 */
export interface CommentsChangedEvent {
  itemId: string;
  clientId?: string;
}
