import {
  ATTACHMENT_NAME_MAX_LENGTH,
  INLINE_ATTACHMENT_TYPES,
} from '@nestbox/shared/attachments/attachments.schema';
import { fileTypeFromBuffer } from 'file-type';

/** What a name falls back to when nothing of the client's is left. */
const FALLBACK_NAME = 'file';

/**
 * The display and download name of an upload: the last segment of the client's file name,
 * without control characters or path separators, trimmed, at most
 * ATTACHMENT_NAME_MAX_LENGTH characters (never half a surrogate pair), or "file". It is
 * only ever shown and sent back as a name, never used as a path.
 */
export function cleanName(given: string | undefined): string {
  const last = (given ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const visible = last.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '');
  const trimmed = [...visible.trim()].slice(0, ATTACHMENT_NAME_MAX_LENGTH).join('').trim();
  return trimmed === '' || trimmed === '.' || trimmed === '..' ? FALLBACK_NAME : trimmed;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text: valid UTF-8 without NUL (the head may end inside a character, which is still text). */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    utf8.decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** An SVG document's start: optional BOM, XML declaration, comments and doctype, then `<svg`. */
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

/**
 * The type of an object, from its first bytes only (the client's word is never taken):
 * what `file-type` recognises; else an SVG image, or `text/plain` for other UTF-8 text;
 * else `application/octet-stream`.
 */
export async function sniffType(head: Buffer): Promise<string> {
  const text = isText(head);
  if (text && SVG_START.test(head.toString('utf8'))) return 'image/svg+xml';
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  return text ? 'text/plain' : 'application/octet-stream';
}

/** Whether a type is shown in the browser (under the download's sandbox) rather than downloaded. */
export const isInline = (type: string): boolean =>
  (INLINE_ATTACHMENT_TYPES as readonly string[]).includes(type);

/** The types a thumbnail is made of: raster images (never SVG). */
export const hasPicture = (type: string): boolean => isInline(type) && type.startsWith('image/');

/** RFC 5987's `value-chars`: what encodeURIComponent leaves alone, less `'()*`. */
const encodeExtValue = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Content-Disposition of a download (RFC 6266): `inline` for the types the browser may
 * show, `attachment` otherwise, with the name as UTF-8 (`filename*`) and an ASCII stand-in
 * (`filename`) for the clients that read only that.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/**
 * What a download may do once the browser has it: nothing. A sandbox (no script, no forms, a
 * unique origin), no loads but its own images and inline styles (a PDF viewer's), framed
 * only by the app.
 */
export const DOWNLOAD_CSP =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
