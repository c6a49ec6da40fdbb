import type { Readable } from 'node:stream';
import type { Attachment, AttachmentUsage } from '@nestbox/shared/attachments/attachments.schema';
import { EXPORT_ATTACHMENT_FOLDER, type ExportAttachment } from '@nestbox/shared/data/export.schema';
import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import type { Clock } from '../../clock.js';
import { idTime, newId } from '../../db/ids.js';
import type { RunWrite } from '../../db/run-write.js';
import type { Executor, Tx, UserRow } from '../../db/schema.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { AccessService } from '../access/access.service.js';
import type { RecordItemEvents } from '../history/history.contract.js';
import { checkedItem } from '../items/items.service.js';
import { cleanName, contentDisposition, hasPicture, isInline, sniffType } from './attachment-files.js';
import {
  type AttachmentStore,
  attachmentIdOf,
  ObjectTooLarge,
  type StoredObject,
} from './attachment-store.js';
import {
  type AttachmentRow,
  attachmentsOf,
  attachmentsOfItems,
  bytesUploadedBy,
  deleteAttachment,
  existingIds,
  findAttachment,
  insertAttachment,
  lockUploader,
} from './attachments.repository.js';
import { thumbnailOf } from './thumbnails.js';

/** How long an object no row names is left alone: an upload may be storing it right now. */
export const SWEEP_AFTER_MS = 60 * 60 * 1000;

/** The most a thumbnail may take; a picture whose thumbnail would be larger has none. */
const THUMBNAIL_MAX_BYTES = 1024 * 1024;

const thumbnailKey = (id: string) => `${id}.thumb`;

/** A file as the client sends it: its name as given, and its bytes as they arrive. */
export interface IncomingFile {
  filename: string | undefined;
  stream: Readable;
}

/** An attached file as an export writes it, and the id its bytes are stored under. */
export interface ExportedAttachment {
  id: string;
  attachment: ExportAttachment;
}

/** A file an import attaches to an item it staged: what the file says of it, and its bytes. */
export interface ImportedAttachment {
  itemId: string;
  attachment: ExportAttachment;
  open: () => Promise<Readable>;
}

/** A download: what the answer's headers say, and the bytes. */
export interface Download {
  type: string;
  size: number;
  disposition: string;
  body: Readable;
}

/** The upload's limit was passed: the store's own meter, or the multipart reader's (413). */
const isTooLarge = (error: unknown) =>
  error instanceof ObjectTooLarge || (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

const tooLarge = (code: MessageKey) => new AppError(413, code);

/** Whoever attached it while they may still edit the item, or an owner of the item, removes it. */
const mayDelete = (row: AttachmentRow, userId: string, level: AccessLevel) =>
  level === 'owner' || (row.uploader_id === userId && level === 'editor');

function presentAttachment(row: AttachmentRow, userId: string, level: AccessLevel): Attachment {
  return {
    id: row.id,
    itemId: row.item_id,
    name: row.name,
    type: row.type,
    size: Number(row.size),
    createdAt: Number(row.created_at),
    uploader: row.uploader_id === null ? null : { id: row.uploader_id, name: row.uploader_name ?? '' },
    inline: isInline(row.type),
    thumbnail: row.thumbnail === 1,
    canDelete: mayDelete(row, userId, level),
  };
}

/**
 * Files attached to items (docs/guide.md "Attachments"): whoever may edit an item attaches
 * files to it; whoever sees it lists and downloads them, their rights checked on every
 * request. The bytes go to the attachment store under a new id, streamed and metered against
 * the smaller of the file limit and what is left of the uploader's quota; the row follows
 * only once the object is complete, in a transaction that checks the level and the quota
 * again, so a refused or failed upload leaves nothing. Objects no row names (a killed upload,
 * an item gone with its rows) are removed by the sweep.
 */
export function createAttachmentsService({
  db,
  runWrite,
  access,
  store,
  now,
  limits,
  recordHistory,
  onStoreError = () => {},
}: {
  db: Executor;
  runWrite: RunWrite;
  access: AccessService;
  store: AttachmentStore;
  now: Clock;
  limits: { maxFileBytes: number; quotaBytes: number };
  /** History: records each new attachment on the item, in its transaction. */
  recordHistory: RecordItemEvents;
  /** An object that could not be removed or a thumbnail not made (the sweep tries again). */
  onStoreError?: (error: unknown, key: string) => void;
}) {
  const { maxFileBytes, quotaBytes } = limits;

  async function removeObjects(keys: readonly string[]) {
    for (const key of keys) await store.remove(key).catch((error) => onStoreError(error, key));
  }

  /** A thumbnail of the stored picture, when one can be made; false otherwise (the upload stays). */
  async function makeThumbnail(id: string): Promise<boolean> {
    const picture = await store.get(id);
    if (!picture) return false;
    try {
      await store.put(thumbnailKey(id), await thumbnailOf(picture.body), { maxBytes: THUMBNAIL_MAX_BYTES });
      return true;
    } catch (error) {
      picture.body.destroy();
      onStoreError(error, thumbnailKey(id));
      return false;
    }
  }

  /** A stored object's type, sniffed from its bytes, and its thumbnail when it is a picture. */
  async function typeAndThumbnail(id: string, head: Buffer) {
    const type = await sniffType(head);
    const thumbnail = hasPicture(type) && (await makeThumbnail(id));
    return { type, thumbnail, keys: thumbnail ? [id, thumbnailKey(id)] : [id] };
  }

  /** Whether `size` more bytes leave this person within their quota, in the transaction's view. */
  async function fitsQuota(tx: Tx, userId: string, size: number): Promise<boolean> {
    // Two uploads of one person at once: the second to commit sees the first's bytes.
    await lockUploader(tx, userId);
    return (await bytesUploadedBy(tx, userId)) + size <= quotaBytes;
  }

  /**
   * An imported file's bytes stored under `id`: 'tooLarge' past `maxBytes`, 'unreadable' when
   * its source fails (a damaged entry of the file imported); the store's own failures throw.
   */
  async function storeImported(
    id: string,
    open: ImportedAttachment['open'],
    maxBytes: number,
  ): Promise<StoredObject | 'tooLarge' | 'unreadable'> {
    let sourceFailed = false;
    const body = await open().catch(() => undefined);
    if (!body) return 'unreadable';
    body.once('error', () => {
      sourceFailed = true;
    });
    try {
      return await store.put(id, body, { maxBytes });
    } catch (error) {
      if (isTooLarge(error)) return 'tooLarge';
      if (sourceFailed || body.errored) return 'unreadable';
      throw error;
    }
  }

  /** The attachment and the caller's level on its item (404 when either is unseen). */
  async function seen(executor: Executor, userId: string, id: string) {
    const row = await findAttachment(executor, id);
    const level = row && (await access.levelOf(userId, row.item_id, executor));
    if (!row || !level) throw appErrors.notFound('attachments.notFound');
    return { row, level };
  }

  return {
    /** The item's attachments, oldest first (404 when the caller does not see the item). */
    async list(user: UserRow, itemId: string): Promise<Attachment[]> {
      const level = await access.authorize(user.id, itemId, 'read', db);
      return (await attachmentsOf(db, itemId)).map((row) => presentAttachment(row, user.id, level));
    },

    /**
     * Attaches the file `open` reads to the item. `open` is called once the caller may edit
     * the item and has room, with the most bytes the file may have; undefined: no file sent.
     */
    async upload(
      user: UserRow,
      itemId: string,
      open: (maxBytes: number) => Promise<IncomingFile | undefined>,
    ): Promise<Attachment> {
      await access.authorize(user.id, itemId, 'edit', db);
      const room = quotaBytes - (await bytesUploadedBy(db, user.id));
      if (room <= 0) throw tooLarge('attachments.quotaFull');
      const maxBytes = Math.min(maxFileBytes, room);
      const file = await open(maxBytes);
      if (!file) throw appErrors.badRequest('attachments.noFile');
      const id = newId();
      const stored = await store.put(id, file.stream, { maxBytes }).catch((error: unknown) => {
        if (!isTooLarge(error)) throw error;
        throw tooLarge(maxBytes === maxFileBytes ? 'attachments.tooLarge' : 'attachments.quotaFull');
      });
      let keys = [id];
      try {
        if (stored.size === 0) throw appErrors.badRequest('attachments.emptyFile');
        const described = await typeAndThumbnail(id, stored.head);
        const { type, thumbnail } = described;
        keys = described.keys;
        const row = {
          id,
          item_id: itemId,
          uploader_id: user.id,
          name: cleanName(file.filename),
          type,
          size: stored.size,
          thumbnail: thumbnail ? 1 : 0,
          created_at: now(),
        };
        return await runWrite(async (tx: Tx) => {
          const { level } = await checkedItem(tx, access, user.id, itemId, 'edit');
          if (!(await fitsQuota(tx, user.id, stored.size))) throw tooLarge('attachments.quotaFull');
          await insertAttachment(tx, row);
          await recordHistory(tx, [{ itemId, userId: user.id, kind: 'attached' }]);
          return {
            value: presentAttachment({ ...row, uploader_name: user.name }, user.id, level),
            events: [['attachments.changed', { itemId }]],
          };
        });
      } catch (error) {
        await removeObjects(keys);
        throw error;
      }
    },

    /**
     * An import's files, attached to the items it staged (out of sight until it places them;
     * discarding them takes these rows along, and the sweep their objects): each streamed to the
     * store and metered as an upload is, its row written in a short transaction of its own.
     * The importer becomes their uploader. A file past the file limit or what is left of the
     * quota, or whose bytes cannot be read, is left out and counted; an empty one is left out.
     */
    async stageImported(
      user: UserRow,
      files: readonly ImportedAttachment[],
    ): Promise<{ overQuota: number; unreadable: number }> {
      const left = { overQuota: 0, unreadable: 0 };
      let used = await bytesUploadedBy(db, user.id);
      for (const { itemId, attachment, open } of files) {
        const maxBytes = Math.min(maxFileBytes, quotaBytes - used);
        if (attachment.size > maxBytes) {
          left.overQuota += 1;
          continue;
        }
        const id = newId();
        const stored = await storeImported(id, open, maxBytes);
        if (stored === 'tooLarge' || stored === 'unreadable') {
          left[stored === 'tooLarge' ? 'overQuota' : 'unreadable'] += 1;
          continue;
        }
        let keys = [id];
        try {
          if (stored.size === 0) {
            await removeObjects(keys);
            continue;
          }
          const { type, thumbnail, keys: written } = await typeAndThumbnail(id, stored.head);
          keys = written;
          const fits = await runWrite(async (tx) => {
            if (!(await fitsQuota(tx, user.id, stored.size))) return { value: false, events: [] };
            await insertAttachment(tx, {
              id,
              item_id: itemId,
              uploader_id: user.id,
              name: cleanName(attachment.name),
              type,
              size: stored.size,
              thumbnail: thumbnail ? 1 : 0,
              created_at: attachment.createdAt,
            });
            return { value: true, events: [] };
          });
          if (!fits) {
            left.overQuota += 1;
            await removeObjects(keys);
            continue;
          }
          used += stored.size;
        } catch (error) {
          await removeObjects(keys);
          throw error;
        }
      }
      return left;
    },

    /** An attachment's bytes, the caller's rights checked now (404 when unseen). */
    async content(user: UserRow, id: string): Promise<Download> {
      const { row } = await seen(db, user.id, id);
      const object = await store.get(id);
      if (!object) throw appErrors.notFound('attachments.notFound');
      return {
        type: row.type,
        size: object.size,
        disposition: contentDisposition(row.name, isInline(row.type)),
        body: object.body,
      };
    },

    /** An attachment's thumbnail, a WebP picture (404 when it has none or is unseen). */
    async thumbnail(user: UserRow, id: string): Promise<{ size: number; body: Readable }> {
      const { row } = await seen(db, user.id, id);
      const object = row.thumbnail === 1 ? await store.get(thumbnailKey(id)) : undefined;
      if (!object) throw appErrors.notFound('attachments.notFound');
      return object;
    },

    /** Removes an attachment (its uploader with edit rights, or an owner); its objects go after the commit. */
    async remove(user: UserRow, id: string): Promise<void> {
      await runWrite(async (tx) => {
        const row = await findAttachment(tx, id);
        const unseen = appErrors.notFound('attachments.notFound');
        if (!row) throw unseen;
        const { level } = await checkedItem(tx, access, user.id, row.item_id, 'read').catch((error) => {
          throw error instanceof AppError && error.statusCode === 404 ? unseen : error;
        });
        if (!mayDelete(row, user.id, level)) throw appErrors.forbidden('attachments.notYours');
        await deleteAttachment(tx, id);
        return { value: undefined, events: [['attachments.changed', { itemId: row.item_id }]] };
      });
      await removeObjects([id, thumbnailKey(id)]);
    },

    /**
     * The attachments of items the caller sees (the export walked to them), oldest first, as
     * an export writes them: each under `attachments/<id>/<name>` in a zip export.
     */
    async exported(userId: string, itemIds: readonly string[]): Promise<Map<string, ExportedAttachment[]>> {
      const files = new Map<string, ExportedAttachment[]>();
      for (const row of itemIds.length > 0 ? await attachmentsOfItems(db, itemIds) : []) {
        const list = files.get(row.item_id) ?? [];
        list.push({
          id: row.id,
          attachment: {
            name: row.name,
            type: row.type,
            size: Number(row.size),
            by: row.uploader_name ?? '',
            mine: row.uploader_id === userId,
            createdAt: Number(row.created_at),
            file: `${EXPORT_ATTACHMENT_FOLDER}/${row.id}/${row.name}`,
          },
        });
        files.set(row.item_id, list);
      }
      return files;
    },

    /** The stored bytes of an attachment the caller was shown by `exported`; undefined when gone. */
    storedBytes: (id: string) => store.get(id),

    /** The caller's stored bytes and their limits. */
    async usage(user: UserRow): Promise<AttachmentUsage> {
      return { used: await bytesUploadedBy(db, user.id), quota: quotaBytes, maxFile: maxFileBytes };
    },

    /**
     * Removes the stored objects no row names that were last written SWEEP_AFTER_MS before
     * `at` (an upload killed half-way, the files of items gone with their rows), unfinished
     * writes included. Answers how many it removed.
     */
    async sweep(at: number): Promise<number> {
      // An object's age is its id's (a UUIDv7 names when its upload began), not the store's
      // clock: a disk's or a bucket's time need not be the server's.
      const keys = (await store.keys()).filter(
        (key) => (idTime(attachmentIdOf(key)) ?? 0) < at - SWEEP_AFTER_MS,
      );
      const kept = await existingIds(db, [...new Set(keys.map(attachmentIdOf))]);
      const orphans = keys.filter((key) => key.endsWith('.part') || !kept.has(attachmentIdOf(key)));
      await removeObjects(orphans);
      return orphans.length;
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
