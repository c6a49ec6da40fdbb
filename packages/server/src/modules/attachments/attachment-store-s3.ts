import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config/env.js';
import { type AttachmentStore, MeteredStream, ObjectTooLarge } from './attachment-store.js';

/** Where in the bucket attachments go: the bucket may hold other things beside them. */
const PREFIX = 'attachments/';

/** One part of a multipart upload; one part in flight at a time keeps a request's memory to about this. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Attachments in an S3-compatible bucket (AWS, MinIO, Garage…), under `attachments/<key>`:
 * what several instances share. Uploads stream in parts (`@aws-sdk/lib-storage`), one at a
 * time; an upload that fails or passes its limit is aborted, so no object appears. A process
 * killed mid-upload leaves an unfinished multipart upload, which the bucket's own lifecycle
 * rule (AbortIncompleteMultipartUpload) clears; no object is ever visible half-written.
 */
export function createS3Store(settings: S3Settings): AttachmentStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible services reject the SDK's
    // default trailing checksums on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const Bucket = settings.bucket;

  return {
    async put(key, body, { maxBytes }) {
      const meter = new MeteredStream(maxBytes);
      const source = new PassThrough();
      // A failing source or meter ends the pipeline, and with it the upload, which aborts what it sent.
      const piped = pipeline(body, meter, source);
      piped.catch(() => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key: PREFIX + key, Body: source },
        queueSize: 1,
        partSize: PART_BYTES,
        leavePartsOnError: false,
      });
      try {
        await Promise.all([upload.done(), piped]);
      } catch (error) {
        body.destroy();
        await upload.abort().catch(() => {});
        await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + key })).catch(() => {});
        // The upload may fail first, of the source the meter cut short: the cause is the limit.
        throw meter.overflowed ? new ObjectTooLarge() : error;
      }
      return { size: meter.size, head: meter.head };
    },

    async get(key) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: PREFIX + key }));
        if (!found.Body) return undefined;
        const body = found.Body as Readable;
        // The SDK's body is the HTTP response itself: piped through, its errors stay the stream's.
        return { body: body.pipe(new PassThrough()), size: Number(found.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + key }));
    },

    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(PREFIX.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },

    close() {
      client.destroy();
    },
  };
}
