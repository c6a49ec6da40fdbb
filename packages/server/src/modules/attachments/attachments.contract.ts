import path from 'node:path';
import type { S3Settings } from '../../config/env.js';
import { type AttachmentStore, createDiskStore } from './attachment-store.js';
import { createS3Store } from './attachment-store-s3.js';

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
  return s3 ? createS3Store(s3) : createDiskStore(path.join(dataDir, 'attachments'));
}

/** A folder of attachment objects, one file per object, as a backup keeps them. */
export const attachmentFolder = (dir: string): AttachmentStore => createDiskStore(dir);
