import { DEFAULT_TIMEZONE } from '@nestbox/shared/constants';
import { isValidTimeZone } from '@nestbox/shared/dates/time-zone';
import { isUserLocale, localeForTag, type UserLocale } from '@nestbox/shared/i18n/locales';
import {
  OIDC_DEFAULT_NAME,
  type OidcConfig,
  type OidcLinkPageResult,
  type OidcLoginResult,
  type OidcPendingLink,
  type OidcSessionResponse,
  type OidcStatus,
} from '@nestbox/shared/oidc/oidc.schema';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config/env.js';
import { newId } from '../../db/ids.js';
import type { Executor, OidcIdentitiesTable, UserRow } from '../../db/schema.js';
import { AppError, appErrors } from '../../http/app-error.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { AuditCaller, AuditService } from '../audit/audit.service.js';
import {
  AUTH_LIMITS,
  hasUsablePassword,
  signSessionToken,
  UNUSABLE_PASSWORD_HASH,
  verifyPassword,
} from '../auth/auth.service.js';
import {
  findUserByEmail,
  findUserById,
  foldEmail,
  insertUserWithRootBox,
  presentUser,
} from '../users/users.service.js';
import { createIdentityLinks, type PendingLink } from './identity-links.js';
import {
  findIdentityBySubject,
  findIdentityOfUser,
  hasIdentity,
  insertIdentity,
  touchIdentity,
} from './oidc.repository.js';
import {
  createOidcClient,
  OidcProviderError,
  type ProviderClaims,
  type ProviderFailure,
} from './oidc-client.js';
import { createCookieSealer } from './oidc-cookies.js';

/** The longest name an account takes (as sign-up allows). */
const NAME_MAX_LENGTH = 100;

/** One round trip to the provider, kept sealed in the browser between start and callback. */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  /** `link`: a signed-in person adds the identity to their account (Settings → Security). */
  mode: 'signIn' | 'link';
  userId?: string;
  /** What the login page asked a new account to take (as sign-up's form sends them). */
  locale?: string;
  timezone?: string;
}

/** A session made by the callback, waiting for the login page to take it. */
interface WaitingSession {
  userId: string;
  idToken: string;
}

/** Where the callback sends the browser, and what it leaves there. */
export type CallbackOutcome =
  | { kind: 'signedIn'; session: string }
  | { kind: 'needsPassword'; link: string }
  | { kind: 'login'; result: Exclude<OidcLoginResult, 'signedIn'> }
  | { kind: 'settings'; result: OidcLinkPageResult };

const LINK_RESULTS: Record<ProviderFailure, OidcLinkPageResult> = {
  unavailable: 'linkUnavailable',
  expired: 'linkFailed',
  failed: 'linkFailed',
  denied: 'linkDenied',
};

const presentIdentity = (row: OidcIdentitiesTable) => ({
  id: row.id,
  email: row.email,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

/**
 * Signing in with OpenID Connect (docs/guide.md "Single sign-on"): the authorization code
 * flow with PKCE, state and nonce; accounts made from a verified address; identities linked
 * by `iss` + `sub`, never silently to an existing account with the same address (its password
 * proves it once, or its owner links from Settings); sessions made as a password login makes them.
 */
export function createOidcService({
  db,
  now,
  settings,
  appUrl,
  jwtSecret,
  audit,
  limiter,
  limitScale = 1,
  hasPasskey,
  onError = () => {},
}: {
  db: Executor;
  now: Clock;
  settings: Config['oidc'];
  appUrl: string;
  /** Signs sessions, and seals the flow's cookies with a key derived from it. */
  jwtSecret: string;
  /** Sign-ins, accounts made, links, unlinks and refusals. */
  audit: Pick<AuditService, 'write' | 'log' | 'record'>;
  limiter: RateLimiter;
  /** Multiplies the password attempts allowed (end-to-end runs only). */
  limitScale?: number;
  /** Whether the person has a passkey: another way in, so their last identity may be unlinked. */
  hasPasskey?: (executor: Executor, userId: string) => Promise<boolean>;
  /** Told why a round trip with the provider failed (the person only sees the kind of failure). */
  onError?: (error: OidcProviderError) => void;
}) {
  const provider = settings ? createOidcClient(settings, now) : undefined;
  const sealer = createCookieSealer(jwtSecret);
  const redirectUri = `${appUrl}/auth/oidc/callback`;

  function requireProvider() {
    if (!settings || !provider) throw new AppError(503, 'oidc.notConfigured');
    return { settings, provider };
  }

  async function refused(userId: string | null, reason: string, caller?: AuditCaller, details = {}) {
    await audit.record({ type: 'oidc.refused', userId, details: { reason, ...details } }, caller);
  }

  const links = createIdentityLinks({ db, now, audit, refused, hasPasskey });

  async function beginFlow(flow: Omit<Flow, 'state' | 'nonce' | 'verifier'>) {
    const { provider } = requireProvider();
    const { url, checks } = await provider.authorizationUrl(redirectUri);
    return { url, flow: sealer.seal('flow', { ...flow, ...checks } satisfies Flow, now()) };
  }

  /** A session for the account, as a password login makes one, and where logging out ends the provider's. */
  async function sessionFor(user: UserRow, idToken: string): Promise<OidcSessionResponse> {
    const at = now();
    const token = await signSessionToken(
      jwtSecret,
      { userId: user.id, tokenVersion: user.token_version, rememberMe: false },
      at,
    );
    const endSessionUrl = await provider?.endSessionUrl(idToken, `${appUrl}/login`).catch(() => undefined);
    return { token, user: presentUser(user, at), endSessionUrl: endSessionUrl ?? null };
  }

  function newAccountLocale(flow: Flow, claims: ProviderClaims, requestLocale: UserLocale): UserLocale {
    if (flow.locale && isUserLocale(flow.locale)) return flow.locale;
    return (claims.locale && localeForTag(claims.locale)) || requestLocale;
  }

  function newAccountTimezone(flow: Flow, claims: ProviderClaims): string {
    for (const zone of [flow.timezone, claims.zoneinfo]) if (zone && isValidTimeZone(zone)) return zone;
    return DEFAULT_TIMEZONE;
  }

  async function signIn(
    flow: Flow,
    claims: ProviderClaims,
    caller: AuditCaller,
    requestLocale: UserLocale,
  ): Promise<CallbackOutcome> {
    const { issuer, subject } = claims;
    const email = claims.email ? foldEmail(claims.email) : undefined;
    const signedIn = (userId: string): CallbackOutcome => ({
      kind: 'signedIn',
      session: sealer.seal('session', { userId, idToken: claims.idToken } satisfies WaitingSession, now()),
    });

    // A linked identity signs in to its account, whatever address the provider gives now.
    const identity = await findIdentityBySubject(db, issuer, subject);
    if (identity) {
      const entry = await db.transaction().execute(async (trx) => {
        await touchIdentity(trx, identity.id, email ?? identity.email, now());
        return audit.write(
          trx,
          { type: 'oidc.login', userId: identity.user_id, details: { issuer } },
          caller,
        );
      });
      audit.log(entry);
      return signedIn(identity.user_id);
    }

    if (!email) {
      await refused(null, 'noEmail', caller, { issuer, subject });
      return { kind: 'login', result: 'noEmail' };
    }
    if (!claims.emailVerified) {
      await refused(null, 'unverifiedEmail', caller, { issuer, subject, email });
      return { kind: 'login', result: 'unverified' };
    }

    const holder = await findUserByEmail(db, email);
    if (holder) {
      await refused(holder.id, 'passwordNeeded', caller, { issuer, subject, email });
      const pending: PendingLink = { userId: holder.id, issuer, subject, email, idToken: claims.idToken };
      return { kind: 'needsPassword', link: sealer.seal('link', pending, now()) };
    }

    const at = now();
    const userId = newId();
    const localPart = email.split('@')[0] ?? email;
    const entries = await db.transaction().execute(async (trx) => {
      await insertUserWithRootBox(
        trx,
        {
          id: userId,
          email,
          name: (claims.name ?? localPart).slice(0, NAME_MAX_LENGTH),
          // No password of its own: "forgot password" sets one.
          password_hash: UNUSABLE_PASSWORD_HASH,
          locale: newAccountLocale(flow, claims, requestLocale),
          timezone: newAccountTimezone(flow, claims),
          activated_at: at,
          email_verified_at: at,
          created_at: at,
          updated_at: at,
        },
        newId(),
      );
      await insertIdentity(trx, {
        id: newId(),
        user_id: userId,
        issuer,
        subject,
        email,
        last_used_at: at,
        created_at: at,
      });
      return [
        await audit.write(trx, { type: 'oidc.accountCreated', userId, details: { issuer, email } }, caller),
        await audit.write(trx, { type: 'oidc.login', userId, details: { issuer } }, caller),
      ];
    });
    for (const entry of entries) audit.log(entry);
    return signedIn(userId);
  }

  return {
    /** What the login page offers. */
    config(): OidcConfig {
      return {
        enabled: settings !== undefined,
        name: settings?.name ?? OIDC_DEFAULT_NAME,
        only: settings?.only ?? false,
      };
    },

    /**
     * The provider's sign-in page for a new round trip and the sealed flow the browser keeps,
     * or why there is none (off, or the provider cannot be reached).
     */
    async startSignIn(wishes: {
      locale?: string | undefined;
      timezone?: string | undefined;
    }): Promise<{ url: string; flow: string } | { failure: 'disabled' | 'unavailable' }> {
      if (!settings) return { failure: 'disabled' };
      try {
        return await beginFlow({
          mode: 'signIn',
          ...(wishes.locale ? { locale: wishes.locale } : {}),
          ...(wishes.timezone ? { timezone: wishes.timezone } : {}),
        });
      } catch (error) {
        if (!(error instanceof OidcProviderError)) throw error;
        onError(error);
        return { failure: 'unavailable' };
      }
    },

    /** Settings → Security → Link: the same round trip, bound to the signed-in account. */
    async startLink(user: UserRow): Promise<{ url: string; flow: string }> {
      try {
        return await beginFlow({ mode: 'link', userId: user.id });
      } catch (error) {
        if (!(error instanceof OidcProviderError)) throw error;
        onError(error);
        throw new AppError(503, 'oidc.unavailable');
      }
    },

    /** The browser's return from the provider: everything is checked before anything is written. */
    async callback(
      /** The query the provider sent the browser back with (`?code=…&state=…`). */
      search: string,
      sealedFlow: string | undefined,
      caller: AuditCaller,
      requestLocale: UserLocale,
    ): Promise<CallbackOutcome> {
      if (!provider) return { kind: 'login', result: 'disabled' };
      const flow = sealer.open<Flow>('flow', sealedFlow, now());
      // No round trip of this browser's (never started here, or too long ago): nothing to check it against.
      if (!flow) return { kind: 'login', result: 'expired' };
      let claims: ProviderClaims;
      try {
        const currentUrl = new URL(redirectUri);
        currentUrl.search = search;
        claims = await provider.complete(currentUrl, flow);
      } catch (error) {
        if (!(error instanceof OidcProviderError)) throw error;
        onError(error);
        await refused(flow.userId ?? null, error.reason, caller);
        return flow.mode === 'link'
          ? { kind: 'settings', result: LINK_RESULTS[error.reason] }
          : { kind: 'login', result: error.reason };
      }
      if (flow.mode === 'link' && flow.userId) {
        return { kind: 'settings', result: await links.fromSettings(flow.userId, claims, caller) };
      }
      return signIn(flow, claims, caller, requestLocale);
    },

    /** The session the callback made, once, for the login page (400 when none waits). */
    async takeSession(sealed: string | undefined): Promise<OidcSessionResponse> {
      const waiting = sealer.open<WaitingSession>('session', sealed, now());
      const user = waiting && (await findUserById(db, waiting.userId));
      if (!waiting || !user) throw appErrors.badRequest('oidc.session.missing');
      return sessionFor(user, waiting.idToken);
    },

    /** The address an identity waiting for a password shares with its account (400 when none waits). */
    pendingLink(sealed: string | undefined): OidcPendingLink {
      const pending = sealer.open<PendingLink>('link', sealed, now());
      if (!pending) throw appErrors.badRequest('oidc.link.missing');
      return { email: pending.email, provider: settings?.name ?? OIDC_DEFAULT_NAME };
    },

    /**
     * The account's password proves the identity waiting for it is its owner's: the identity
     * is linked and the person signed in. Wrong passwords count as login failures do.
     */
    async linkWithPassword(sealed: string | undefined, password: string, ip: string) {
      const pending = sealer.open<PendingLink>('link', sealed, now());
      if (!pending) throw appErrors.badRequest('oidc.link.missing');
      const { ip: ipLimit, account } = AUTH_LIMITS.login;
      await limiter.consume(`oidcLink:ip:${ip}`, { ...ipLimit, max: ipLimit.max * limitScale });
      await limiter.consume(`oidcLink:account:${pending.userId}:ip:${ip}`, {
        ...account,
        max: account.max * limitScale,
      });
      const user = await findUserById(db, pending.userId);
      if (!user || !(await verifyPassword(user.password_hash, password))) {
        await refused(pending.userId, 'wrongPassword', undefined, { issuer: pending.issuer });
        throw appErrors.badRequest('error.validation', { password: 'oidc.link.wrongPassword' });
      }
      await links.withPassword(user, pending);
      return sessionFor((await findUserById(db, user.id)) ?? user, pending.idToken);
    },

    /** Settings → Security: the identity linked to the account, and whether it has a password to fall back on. */
    async status(user: UserRow): Promise<OidcStatus> {
      const identity = settings ? await findIdentityOfUser(db, user.id, settings.issuer) : undefined;
      return {
        enabled: settings !== undefined,
        name: settings?.name ?? OIDC_DEFAULT_NAME,
        identity: identity ? presentIdentity(identity) : null,
        hasPassword: hasUsablePassword(user.password_hash),
      };
    },

    /**
     * Unlinks one of the caller's identities (anybody else's answers 404). An account with
     * neither a password of its own nor a passkey keeps its identity: unlinking would leave no
     * way to sign in.
     */
    async unlink(user: UserRow, identityId: string): Promise<void> {
      await links.unlink(user, identityId);
    },

    /** Whether the person has an identity at a provider: a way in without a password. */
    hasIdentity: (executor: Executor, userId: string) => hasIdentity(executor, userId),
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
