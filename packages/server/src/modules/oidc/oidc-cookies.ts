import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * What the sign-in flow keeps in the browser between two requests, sealed (AES-256-GCM with a
 * key derived from the server's secret), so the browser can neither read nor change it and
 * any instance can open it. Each cookie names what it is for and when it stops counting.
 */
export const OIDC_COOKIES = {
  /** state, nonce and PKCE verifier of one round trip to the provider: /auth/oidc/callback only. */
  flow: { name: 'nestbox_oidc_flow', path: '/auth/oidc/callback', sameSite: 'Lax', ttlMs: 10 * 60_000 },
  /** A made session, waiting for the login page to take it (`POST /auth/oidc/session`). */
  session: {
    name: 'nestbox_oidc_session',
    path: '/auth/oidc/session',
    sameSite: 'Strict',
    ttlMs: 2 * 60_000,
  },
  /** An identity waiting for the password of the account with its address (`/auth/oidc/link`). */
  link: { name: 'nestbox_oidc_link', path: '/auth/oidc', sameSite: 'Strict', ttlMs: 15 * 60_000 },
} as const;

export type OidcCookie = keyof typeof OIDC_COOKIES;

export interface CookieSealer {
  seal(cookie: OidcCookie, value: object, now: number): string;
  /** The value sealed for this cookie, or undefined when it is missing, altered, for another cookie or expired. */
  open<T>(cookie: OidcCookie, sealed: string | undefined, now: number): T | undefined;
}

export function createCookieSealer(serverSecret: string): CookieSealer {
  const key = createHmac('sha256', serverSecret).update('nestbox oidc cookies').digest();
  return {
    seal(cookie, value, now) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(cookie));
      const body = JSON.stringify({ exp: now + OIDC_COOKIES[cookie].ttlMs, value });
      const encrypted = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
    },
    open<T>(cookie: OidcCookie, sealed: string | undefined, now: number): T | undefined {
      if (!sealed) return undefined;
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(cookie));
        decipher.setAuthTag(raw.subarray(12, 28));
        const body = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
        const { exp, value } = JSON.parse(body) as { exp: number; value: T };
        return typeof exp === 'number' && exp > now ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** A Set-Cookie value for one of the flow's cookies; an empty value with no age removes it. */
export function cookieHeader(cookie: OidcCookie, value: string, secure: boolean): string {
  const { name, path, sameSite, ttlMs } = OIDC_COOKIES[cookie];
  return [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${value ? Math.floor(ttlMs / 1000) : 0}`,
    'HttpOnly',
    // Lax: the flow's cookie comes back on the provider's top-level redirect; the others are
    // read only by this app's own pages, never on a request another site starts.
    `SameSite=${sameSite}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function readCookie(header: string | undefined, cookie: OidcCookie): string | undefined {
  const { name } = OIDC_COOKIES[cookie];
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}
