import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from './build-test-app.js';

/** Uploads `bytes` as the multipart field `file`, named and typed as a browser would send them. */
export function uploadFile(
  t: Pick<TestApp, 'request'>,
  token: string,
  itemId: string,
  bytes: Uint8Array | string,
  name = 'file.bin',
  type = 'application/octet-stream',
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return t.request(`/api/items/${itemId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** A multipart body written by hand: the file's name goes exactly as given, whatever it holds. */
export function rawUpload(
  t: Pick<TestApp, 'request'>,
  token: string,
  itemId: string,
  bytes: string,
  dispositionName: string,
): Promise<Response> {
  const boundary = '----nestbox-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${dispositionName}"\r\n` +
        'Content-Type: text/plain\r\n\r\n',
      'utf8',
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request(`/api/items/${itemId}/attachments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
  });
}

/** A real PNG picture of one colour. */
export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** The files in a disk store's folder (none when it was never made). */
export function storedFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'attachments');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
