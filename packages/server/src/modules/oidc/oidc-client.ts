import * as client from 'openid-client';
import type { Clock } from '../../clock.js';

/** The provider and this app's client there (NESTBOX_OIDC_*). */
export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The scopes asked of the provider: who the person is, their address and their name. */
export const OIDC_SCOPES = 'openid email profile';

/** The provider's metadata is asked again after this long (keys are refetched as they rotate). */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** No call to the provider waits longer (seconds). */
const TIMEOUT_SECONDS = 10;

/** What the provider vouches for, from a checked ID token and, where it lacks them, its userinfo. */
export interface ProviderClaims {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  locale: string | undefined;
  zoneinfo: string | undefined;
  /** The ID token, for the provider's end-session endpoint. */
  idToken: string;
}

/** Why a round trip with the provider failed, as the person is told. */
export type ProviderFailure = 'unavailable' | 'expired' | 'failed' | 'denied';

export class OidcProviderError extends Error {
  override name = 'OidcProviderError';
  constructor(
    readonly reason: ProviderFailure,
    options?: { cause?: unknown },
  ) {
    super(`the OpenID provider round trip failed: ${reason}`, options);
  }
}

/** The provider could not be reached or answered with a server error. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  const code = (error as { code?: unknown }).code;
  return code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON';
}

function classify(error: unknown): OidcProviderError {
  if (error instanceof OidcProviderError) return error;
  if (isUnreachable(error)) return new OidcProviderError('unavailable', { cause: error });
  if (error instanceof client.AuthorizationResponseError)
    return new OidcProviderError(error.error === 'access_denied' ? 'denied' : 'failed', { cause: error });
  const code = (error as { code?: unknown }).code;
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return new OidcProviderError('expired', { cause: error });
  return new OidcProviderError('failed', { cause: error });
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The relying party's side of OpenID Connect, through openid-client: discovery (kept an hour;
 * a failure is not kept, so the next sign-in asks again), the authorization URL with PKCE,
 * state and nonce, and the code exchange, which checks the ID token's issuer, audience,
 * expiry, nonce and signature (JWKS) against the app's clock.
 */
export function createOidcClient(settings: OidcProviderSettings, now: Clock) {
  const insecure = settings.issuer.startsWith('http://');
  let discovered: { server: client.ServerMetadata; at: number; jwks?: client.ExportedJWKSCache } | undefined;
  let discovering: Promise<NonNullable<typeof discovered>> | undefined;

  async function serverMetadata() {
    if (discovered && now() - discovered.at < DISCOVERY_TTL_MS) return discovered;
    discovering ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: TIMEOUT_SECONDS,
      })
      .then((config) => {
        discovered = { server: config.serverMetadata(), at: now() };
        return discovered;
      })
      .catch((error: unknown) => {
        throw new OidcProviderError('unavailable', { cause: error });
      })
      .finally(() => {
        discovering = undefined;
      });
    return discovering;
  }

  /** A configuration on the cached metadata whose checks read the app's clock. */
  async function configuration(): Promise<client.Configuration> {
    const { server, jwks } = await serverMetadata();
    // Providers default to client_secret_basic when they list no method (OpenID Connect Discovery).
    const basic = server.token_endpoint_auth_methods_supported?.includes('client_secret_basic') ?? true;
    const config = new client.Configuration(
      server,
      settings.clientId,
      {
        client_secret: settings.clientSecret,
        [client.clockSkew]: Math.round((now() - Date.now()) / 1000),
      },
      basic
        ? client.ClientSecretBasic(settings.clientSecret)
        : client.ClientSecretPost(settings.clientSecret),
    );
    if (insecure) client.allowInsecureRequests(config);
    config.timeout = TIMEOUT_SECONDS;
    if (jwks) client.setJwksCache(config, jwks);
    return config;
  }

  return {
    /** The provider's sign-in page for one round trip, and what the return must match. */
    async authorizationUrl(redirectUri: string) {
      const config = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPES,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, checks: { verifier, state, nonce } };
    },

    /**
     * The browser's return: checks the response against the round trip's state, exchanges the
     * code (with the PKCE verifier), checks the ID token, and reads the claims.
     */
    async complete(
      currentUrl: URL,
      checks: { verifier: string; state: string; nonce: string },
    ): Promise<ProviderClaims> {
      try {
        const config = await configuration();
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        if (discovered) discovered.jwks = client.getJwksCache(config);
        const idClaims = tokens.claims();
        if (!idClaims || !tokens.id_token) throw new OidcProviderError('failed');
        let claims: Record<string, unknown> = idClaims;
        // Some providers (Authelia, oidc-provider) put only the subject in the ID token and
        // the rest at the userinfo endpoint, which must name the same subject.
        if (idClaims.email === undefined || idClaims.email_verified === undefined) {
          const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
        const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
        return {
          issuer: idClaims.iss,
          subject: idClaims.sub,
          email: text(claims.email),
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          name: text(claims.name) ?? (given || text(claims.preferred_username)),
          locale: text(claims.locale),
          zoneinfo: text(claims.zoneinfo),
          idToken: tokens.id_token,
        };
      } catch (error) {
        throw classify(error);
      }
    },

    /** Where logging out ends the provider's session too, or undefined when it offers none. */
    async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | undefined> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href;
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
