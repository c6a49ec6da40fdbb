import type { AttachmentsChangedEvent } from '../attachments/attachments.schema.js';
import type { CommentsChangedEvent } from '../comments/comments.schema.js';
import type { ImportFinishedEvent } from '../data/import.schema.js';
import type { HistoryChangedEvent } from '../history/history.schema.js';
import type { Item } from '../items/item.schema.js';

/** Socket event names (API.md "Socket"). */
export const SOCKET_EVENTS = {
  addItem: 'ADD_ITEM',
  updateItem: 'UPDATE_ITEM',
  remindersUnreadCount: 'reminders:unread-count',
  sessionEnded: 'session:ended',
  importFinished: 'import.finished',
  itemOverwritten: 'item:overwritten',
  commentsChanged: 'comments:changed',
  historyChanged: 'history:changed',
  attachmentsChanged: 'attachments:changed',
} as const;

/**
 * Why the server ended a session (`session:ended`, sent just before it closes the socket):
 * the token was logged out, the password changed or was reset, the database was re-seeded,
 * or the token expired.
 */
export const SESSION_END_REASONS = ['loggedOut', 'passwordChanged', 'reseeded', 'expired'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The fields everyone who can see an item shares (personal state is not sent to others). */
export const SHARED_ITEM_FIELDS = [
  'title',
  'itemType',
  'boxType',
  'parentItemId',
  'completed',
  'archivedDate',
  'priorityTargetDate',
  'recurrence',
  'recurFromCompletion',
  'autoArchiveAmount',
  'autoArchiveDuration',
  'autoArchiveTimestamp',
  'settings',
  'note',
  'commentCount',
] as const satisfies readonly (keyof Item)[];

export type SharedItemFields = Pick<Item, (typeof SHARED_ITEM_FIELDS)[number]>;

/** The caller's own state of an item, sent to the caller's other clients only. */
export const PERSONAL_ITEM_FIELDS = [
  'favourited',
  'prioritizable',
] as const satisfies readonly (keyof Item)[];

export type PersonalItemFields = Pick<Item, (typeof PERSONAL_ITEM_FIELDS)[number]>;

/** `ADD_ITEM`: an item the recipient can see was created or became visible to them. */
export interface AddItemEvent {
  item: Item;
  parentItemId: string | null;
  clientId?: string;
}

/**
 * `UPDATE_ITEM`: shared fields that changed (or, to the person who changed them, their own
 * state of the item), and fields (or `access`) that went away.
 */
export interface UpdateItemEvent {
  itemId: string;
  updatedFields: Partial<SharedItemFields & PersonalItemFields>;
  removedFields: string[];
  clientId?: string;
}

/**
 * `item:overwritten`: a text was saved over a title its writer had not seen (a change that
 * waited offline while someone else saved another): `replacedTitle` is gone, `title` stands.
 * Sent to everyone who sees the item; the client that wrote `replacedTitle` offers it back.
 */
export interface ItemOverwrittenEvent {
  itemId: string;
  replacedTitle: string;
  title: string;
  clientId?: string;
}

export interface ServerToClientEvents {
  ADD_ITEM: (event: AddItemEvent) => void;
  UPDATE_ITEM: (event: UpdateItemEvent) => void;
  'reminders:unread-count': (event: { count: number }) => void;
  'session:ended': (event: { reason: SessionEndReason }) => void;
  /** An import by this person committed (to their own sockets only). */
  'import.finished': (event: ImportFinishedEvent) => void;
  'item:overwritten': (event: ItemOverwrittenEvent) => void;
  'comments:changed': (event: CommentsChangedEvent) => void;
  'history:changed': (event: HistoryChangedEvent) => void;
  'attachments:changed': (event: AttachmentsChangedEvent) => void;
}
