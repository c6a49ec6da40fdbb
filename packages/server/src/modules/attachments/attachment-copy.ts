import type { AttachmentStore } from './attachment-store.js';

/** How many objects are copied at once: enough to hide a bucket's latency, few open streams. */
const COPIES_AT_ONCE = 4;

/** What a copy moved. */
export interface CopiedObjects {
  files: number;
  bytes: number;
}

/**
 * Copies every complete object of `from` into `to`, streamed, a few at a time (unfinished
 * writes, `.part`, are left behind). An object gone between the listing and its copy is
 * skipped: the row that named it went with it.
 */
export async function copyObjects(from: AttachmentStore, to: AttachmentStore): Promise<CopiedObjects> {
  const keys = (await from.keys()).filter((key) => !key.endsWith('.part'));
  const copied: CopiedObjects = { files: 0, bytes: 0 };
  let next = 0;
  async function copyNext(): Promise<void> {
    for (let key = keys[next++]; key !== undefined; key = keys[next++]) {
      const object = await from.get(key);
      if (!object) continue;
      const { size } = await to.put(key, object.body, { maxBytes: Number.POSITIVE_INFINITY });
      copied.files += 1;
      copied.bytes += size;
    }
  }
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, keys.length) }, copyNext));
  return copied;
}
