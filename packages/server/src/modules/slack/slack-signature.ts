import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Slack refuses replays older than this; so do we. */
export const SLACK_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** Slack's v0 signature of a request body sent at `timestamp` (seconds): `v0=<hex>`. */
export function signSlackRequest(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

/**
 * Is this request really from Slack? The timestamp must be within five minutes of now (either
 * way) and the signature must match, compared in constant time.
 */
export function isValidSlackSignature(
  signingSecret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  nowMs: number = Date.now(),
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(signSlackRequest(signingSecret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The key that encrypts stored Slack tokens, derived from the server's secret. */
function tokenKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('nestbox:slack-token').digest();
}

/** AES-256-GCM: `iv.tag.ciphertext`, each base64url. */
export function encryptToken(serverSecret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(serverSecret), iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function decryptToken(serverSecret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed token');
  const decipher = createDecipheriv('aes-256-gcm', tokenKey(serverSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
