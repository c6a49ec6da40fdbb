import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * What an account with no password of its own stores (one made by single sign-on): no password
 * matches it, and a password reset replaces it.
 */
export const UNUSABLE_PASSWORD_HASH = '!';

/** Does this stored hash belong to a password (rather than to an account without one)? */
export const hasUsablePassword = (storedHash: string | undefined): boolean =>
  storedHash?.startsWith('$argon2') === true;

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A real hash of a random password, checked when no account matches so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown account) it still does the
 * same work against a decoy, so a wrong e-mail and a wrong password take the same time.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash || !hasUsablePassword(storedHash)) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
