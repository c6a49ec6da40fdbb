import path from 'node:path';
import type { S3Settings } from '../../config/env.js';
import { type AttachmentStore, createDiskStore } from './attachment-store.js';

export type { CopiedObjects } from './attachment-copy.js';
export { copyObjects } from './attachment-copy.js';
export type { AttachmentStore } from './attachment-store.js';

/** How often the sweep of orphaned objects runs: it lists the whole store, so not often. */
export const ATTACHMENT_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Where attachments' bytes go: the S3-compatible bucket when one is configured (what several
 * instances must share), else `<dataDir>/attachments/` on the local disk.
 */
export function attachmentStoreFor(s3: S3Settings | undefined, dataDir: string): AttachmentStore {
  if (!s3) return createDiskStore(path.join(dataDir, 'attachments'));
  return storeOnFirstUse(async () => (await import('./attachment-store-s3.js')).createS3Store(s3));
}

/** A store made when first used: the S3 SDK's megabytes load only where a bucket is configured. */
function storeOnFirstUse(make: () => Promise<AttachmentStore>): AttachmentStore {
  let store: Promise<AttachmentStore> | undefined;
  const made = () => (store ??= make());
  return {
    put: async (key, body, options) => (await made()).put(key, body, options),
    get: async (key) => (await made()).get(key),
    remove: async (key) => (await made()).remove(key),
    keys: async () => (await made()).keys(),
    close() {
      store?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}

/** A folder of attachment objects, one file per object, as a backup keeps them. */
export const attachmentFolder = (dir: string): AttachmentStore => createDiskStore(dir);
