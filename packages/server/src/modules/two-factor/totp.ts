import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Nestbox';

/**
 * RFC 6238 as every authenticator app reads it: HMAC-SHA-1, six digits, 30-second steps.
 * A code is taken one step either side of now, for a phone whose clock drifts a little.
 */
const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The key URI an authenticator app reads from the QR code. */
export const otpauthUri = (email: string, secret: string): string =>
  `otpauth://totp/${ISSUER}:${encodeURIComponent(email)}?secret=${secret}&issuer=${ISSUER}`;

/** The key URI as a QR code: an SVG document. */
export async function qrCodeSvg(uri: string): Promise<string> {
  // Loaded when someone sets up two-step sign-in, not kept in every server's memory.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step a code belongs to when it is right at `now` (give or take one step); otherwise undefined. */
export function stepOfCode(secret: string, code: string, now: number): number | undefined {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

/** The key that seals stored secrets, derived from the server's secret. */
const sealingKey = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('nestbox:two-factor-secret').digest();

/** AES-256-GCM: `iv.tag.ciphertext`, each base64url. */
export function sealSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function unsealSecret(serverSecret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(serverSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
