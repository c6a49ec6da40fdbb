import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@nestbox/shared/two-factor/two-factor.schema';

/** Letters and digits that cannot be mistaken for one another (no i, l, o, 0, 1). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** Ten characters (some 49 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const characters = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/** A fresh set of recovery codes. */
export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** A code as typed, the way it is compared: lower case, without spaces or hyphens. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * What is stored of a code: an HMAC keyed by the server's secret over the person and the code,
 * so the database alone cannot be searched for codes.
 */
export function hashRecoveryCode(serverSecret: string, userId: string, code: string): string {
  const key = createHmac('sha256', serverSecret).update('nestbox:recovery-code').digest();
  return createHmac('sha256', key)
    .update(`${userId}:${normalise(code)}`)
    .digest('hex');
}
