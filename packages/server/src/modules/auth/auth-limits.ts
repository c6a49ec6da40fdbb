import type { Limit, RateLimiter } from '../../http/rate-limit.js';
import { foldEmail } from '../users/users.service.js';

const HOUR = 3_600_000;

/** Attempts allowed per caller address and per account, per window (429 beyond). */
export const AUTH_LIMITS = {
  login: { ip: { max: 30, windowMs: 15 * 60_000 }, account: { max: 10, windowMs: 15 * 60_000 } },
  signup: { ip: { max: 20, windowMs: HOUR } },
  forgot: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  resend: { ip: { max: 20, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  reset: { ip: { max: 30, windowMs: HOUR } },
  /**
   * The second step of a sign-in (two-factor codes on): per caller address, and per sign-in
   * attempt (its token): the 5th wrong code locks that attempt, never the account.
   */
  secondFactor: { ip: { max: 30, windowMs: 15 * 60_000 }, attempt: { max: 5, windowMs: 15 * 60_000 } },
  /** Passkey ceremonies begun and answered without a session (sign-in, second step), per address. */
  passkey: { ip: { max: 60, windowMs: 15 * 60_000 } },
  /** A signed-in caller proving their current password (password or e-mail change). */
  currentPassword: { ip: { max: 30, windowMs: 15 * 60_000 }, account: { max: 10, windowMs: 15 * 60_000 } },
} as const satisfies Record<string, { ip: Limit; account?: Limit; attempt?: Limit }>;

/** Counts one attempt at `action` from `ip` (and on `account`, when given); 429 beyond its limits. */
export type AuthLimit = (action: keyof typeof AUTH_LIMITS, ip: string, account?: string) => Promise<void>;

/** The counter of `AUTH_LIMITS`, each limit multiplied by `limitScale` (end-to-end runs only). */
export function createAuthLimit(limiter: RateLimiter, limitScale?: number): AuthLimit {
  return async function limit(action, ip, account) {
    const limits: { ip: Limit; account?: Limit } = AUTH_LIMITS[action];
    const scaled = (l: Limit) => ({ ...l, max: l.max * (limitScale ?? 1) });
    await limiter.consume(`${action}:ip:${ip}`, scaled(limits.ip));
    if (account && limits.account) {
      // Login counts an account's failures per caller address: wrong passwords sent from
      // elsewhere never lock the rightful owner out of their own device.
      const key =
        action === 'login'
          ? `${action}:account:${foldEmail(account)}:ip:${ip}`
          : `${action}:account:${foldEmail(account)}`;
      await limiter.consume(key, scaled(limits.account));
    }
  };
}
