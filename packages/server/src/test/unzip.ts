import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import yauzl, { type Entry } from 'yauzl';

/** Every file of a zip held in memory, by name, with its bytes (tests and journeys read exports with it). */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(bytes, {
    lazyEntries: true,
  });
  const open = promisify(zip.openReadStream.bind(zip)) as (entry: Entry) => Promise<NodeJS.ReadableStream>;
  const entries: Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  const files = new Map<string, Buffer>();
  for (const entry of entries) files.set(entry.fileName, await buffer(await open(entry)));
  return files;
}
