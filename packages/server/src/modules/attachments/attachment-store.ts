import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How many of an object's first bytes `put` hands back, for sniffing its type. */
export const HEAD_BYTES = 16 * 1024;

/** A stored object's size and its first bytes (at most HEAD_BYTES). */
export interface StoredObject {
  size: number;
  head: Buffer;
}

/**
 * Where attachments' bytes live, keyed by attachment id (`<id>`, its thumbnail `<id>.thumb`),
 * never by a name a client gave. Every object is streamed in and out, never held whole.
 */
export interface AttachmentStore {
  /**
   * Stores `body` under `key`, complete or not at all: past `maxBytes` (or when `body`
   * fails) it throws, leaving nothing under `key` (`ObjectTooLarge` for the former).
   */
  put(key: string, body: Readable, options: { maxBytes: number }): Promise<StoredObject>;
  /** The object's bytes and size; undefined when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Removes the object, if any (or an unfinished write `keys` listed). */
  remove(key: string): Promise<void>;
  /**
   * The keys of every object, unfinished writes included (their keys end in `.part`), for the
   * sweep of objects no row names. How old each is, the sweep reads from its key's id.
   */
  keys(): Promise<string[]>;
  /** Lets go of the store's connections. */
  close(): void;
}

/** Thrown by `put` when the body passes its `maxBytes`; nothing is stored. */
export class ObjectTooLarge extends Error {
  override name = 'ObjectTooLarge';
}

/** The attachment id an object's key belongs to (`<id>`, `<id>.thumb`, `<id>.<n>.part`). */
export const attachmentIdOf = (key: string): string => key.split('.', 1)[0] ?? key;

/**
 * Counts the bytes going through and keeps the first HEAD_BYTES. Past `maxBytes` it passes
 * nothing more but reads its source to the end, then fails with ObjectTooLarge: an upload's
 * request is read through (the multipart reader drops what is past its own limit), so its
 * connection is ready for the answer and the next request.
 */
export class MeteredStream extends Transform {
  size = 0;
  private readonly start: Buffer[] = [];
  private kept = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  get head(): Buffer {
    return Buffer.concat(this.start);
  }

  get overflowed(): boolean {
    return this.size > this.maxBytes;
  }

  override _flush(done: TransformCallback): void {
    done(this.overflowed ? new ObjectTooLarge() : null);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.overflowed) {
      done();
      return;
    }
    if (this.kept < HEAD_BYTES) {
      const slice = chunk.subarray(0, HEAD_BYTES - this.kept);
      this.start.push(Buffer.from(slice));
      this.kept += slice.length;
    }
    done(null, chunk);
  }
}

/** Keys are ids the server made (and unfinished writes' names); nothing else becomes a path. */
const SAFE_KEY = /^[\w-]+(\.thumb)?(\.[\w-]+\.part)?$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`not an attachment key: ${key}`);
  return key;
}

/**
 * Attachments on the local disk, one file per object under `dir`
 * (`<NESTBOX_DATA_DIR>/attachments/`). An object is written to `<key>.<random>.part` and
 * renamed to `<key>` once complete, so a process killed mid-write leaves only a `.part` file,
 * which the sweep removes; a reader never sees half an object.
 */
export function createDiskStore(dir: string): AttachmentStore {
  const ready = mkdir(dir, { recursive: true });
  const fileOf = (key: string) => path.join(dir, checkedKey(key));

  return {
    async put(key, body, { maxBytes }) {
      await ready;
      const target = fileOf(key);
      const part = `${target}.${randomUUID()}.part`;
      const meter = new MeteredStream(maxBytes);
      // Opened before the first byte: a write stream left to open its file itself may create
      // it after a failed write was cleared away.
      const handle = await open(part, 'wx');
      try {
        await pipeline(body, meter, handle.createWriteStream());
        await rename(part, target);
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(part, { force: true });
        throw error;
      }
      return { size: meter.size, head: meter.head };
    },

    async get(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) return undefined;
      return { body: createReadStream(file), size: found.size };
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },

    async keys() {
      await ready;
      // Only the names this store writes: anything else in the folder is left alone.
      const entries = await readdir(dir, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && SAFE_KEY.test(entry.name))
        .map((entry) => entry.name);
    },

    close() {},
  };
}
