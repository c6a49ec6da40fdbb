import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ZipFile as ZipWriter } from 'yazl';
import type { ExportedAttachment } from '../attachments/attachments.service.js';

/** The JSON's name inside a zip export. */
export const ZIP_JSON_NAME = 'nestbox.json';

/**
 * The ZIP export: the JSON `writeJson` writes, as `nestbox.json`, and every attached file it
 * lists (it adds them to the list it is given), each under the `file` name the JSON gives it
 * (`attachments/<id>/<name>`). One source is open at a time: the JSON, then each file in
 * turn, streamed from the store as the answer is read. Files are stored as they are (most are
 * pictures and documents, compressed already); the JSON is deflated. A file whose bytes are
 * gone since its row was read is left out.
 */
export function zipExport(
  at: number,
  writeJson: (files: ExportedAttachment[]) => AsyncIterable<string>,
  storedBytes: (id: string) => Promise<{ body: Readable } | undefined>,
): Readable {
  const archive = new ZipWriter();
  // yazl's typings call it a ReadableStream; it is a Node Readable (a PassThrough).
  const output = archive.outputStream as Readable;
  let current: Readable | undefined;
  output.once('close', () => current?.destroy());
  const add = async (body: Readable, path: string, options: { mtime: Date; compress: boolean }) => {
    current = body;
    archive.addReadStream(body, path, options);
    await finished(body);
  };
  (async () => {
    const files: ExportedAttachment[] = [];
    await add(Readable.from(writeJson(files), { objectMode: false }), ZIP_JSON_NAME, {
      mtime: new Date(at),
      compress: true,
    });
    for (const { id, attachment } of files) {
      if (output.destroyed) return;
      const object = await storedBytes(id);
      if (object)
        await add(object.body, attachment.file, { mtime: new Date(attachment.createdAt), compress: false });
    }
    archive.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** A zip export opened for an import (held in memory: nothing to close): its JSON, and its other files by name. */
export interface ZipExport {
  json: Buffer;
  /** Whether the zip has a file of this name. */
  has(name: string): boolean;
  /** The named file's bytes, inflated as they are read (it must be one the zip `has`). */
  open(name: string): Promise<Readable>;
}

/** The most files a zip import lists: its entries are held in memory while it is read. */
export const ZIP_MAX_ENTRIES = 100_000;

/** Whether the bytes begin as a zip file does (a local file header). */
export const isZip = (bytes: Buffer): boolean => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

const fromBuffer = promisify<Buffer, yauzl.Options, ZipFile>(yauzl.fromBuffer);

/**
 * Opens a zip export held in memory (an import's body): its entries are listed (at most
 * `maxEntries`, else 'tooManyFiles'), then its `nestbox.json` read whole when it holds at most
 * `maxJsonBytes` once inflated. 'invalid' when the bytes are not a zip yauzl reads or have no
 * such JSON. Inflating is zlib's, off the event loop; every entry's size is checked against
 * what its header says (a bomb stops there).
 */
export async function openZipExport(
  bytes: Buffer,
  { maxJsonBytes, maxEntries = ZIP_MAX_ENTRIES }: { maxJsonBytes: number; maxEntries?: number },
): Promise<ZipExport | 'invalid' | 'tooManyFiles'> {
  let zip: ZipFile;
  try {
    zip = await fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    return 'invalid';
  }
  if (zip.entryCount > maxEntries) return 'tooManyFiles';
  try {
    const entries = await entriesOf(zip);
    const openInflating = promisify(zip.openReadStream.bind(zip)) as (entry: Entry) => Promise<Readable>;
    // yauzl inflates before anyone reads and reports damage by emitting 'error' on a stream it
    // leaves open: a reader that came later would wait for ever. Destroyed with the error
    // instead, the stream answers any later reader with it.
    const openEntry = async (entry: Entry): Promise<Readable> => {
      const inflated = await openInflating(entry);
      const out = inflated.pipe(new PassThrough());
      inflated.once('error', (error) => out.destroy(error));
      return out;
    };
    const jsonEntry = entries.get(ZIP_JSON_NAME);
    if (!jsonEntry || jsonEntry.uncompressedSize > maxJsonBytes) return 'invalid';
    const json = await buffer(await openEntry(jsonEntry));
    return {
      json,
      has: (name) => entries.has(name),
      async open(name) {
        const entry = entries.get(name);
        if (!entry) throw new Error(`the zip has no ${name}`);
        return openEntry(entry);
      },
    };
  } catch {
    return 'invalid';
  }
}

/** The zip's files by name (folders left out), read from its central directory. */
function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}
