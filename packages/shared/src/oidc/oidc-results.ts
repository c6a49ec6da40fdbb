/** The provider's name when NESTBOX_OIDC_NAME is unset (the web app says it in the page's language). */
export const OIDC_DEFAULT_NAME = 'single sign-on';

/**
 * The query the sign-in flow's return adds to the page it sends the browser to, so the web
 * app can say how it went (no zod: the page reads it at once).
 */
export const OIDC_QUERY = 'oidc';

/**
 * Outcomes of signing in through the provider, on `/login?oidc=<result>`: `signedIn` (the
 * session waits at `POST /auth/oidc/session`) or what went wrong.
 */
export const OIDC_LOGIN_RESULTS = [
  'signedIn',
  'failed',
  'expired',
  'denied',
  'unavailable',
  'unverified',
  'noEmail',
  'disabled',
] as const;
export type OidcLoginResult = (typeof OIDC_LOGIN_RESULTS)[number];

/** Outcomes of linking from Settings while signed in, on `/app?oidc=<result>`. */
export const OIDC_LINK_PAGE_RESULTS = [
  'linked',
  'linkFailed',
  'linkDenied',
  'linkUnavailable',
  'linkedElsewhere',
  'alreadyLinked',
] as const;
export type OidcLinkPageResult = (typeof OIDC_LINK_PAGE_RESULTS)[number];
