/**
 * Page paths of SPEC §2. The web router and the server's history fallback both use this
 * list, so a hard refresh of any known page answers 200 and anything else 404.
 */
export const PAGE_PATHS = {
  root: '/',
  login: '/login',
  logout: '/logout',
  signup: '/signup',
  forgot: '/forgot',
  passwordReset: '/password-reset/:verifyId',
  activateAccount: '/activate-account/:confirmHash',
  /** Opened from the e-mail sent to a new address: makes the account's e-mail change. */
  confirmEmail: '/confirm-email/:confirmHash',
  resendActivateLink: '/resend-activate-link/:value?',
  /** After single sign-on found an account with the same address: its password links the two. */
  linkSignIn: '/link-sign-in',
  app: '/app',
  boxes: '/app/boxes',
  organiser: '/app/organiser',
  upcoming: '/app/upcoming',
  /** Where another app's share lands (the manifest's `share_target`): it files a text into the Inbox. */
  share: '/app/share',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

const patterns = Object.values(PAGE_PATHS).map((path) => {
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : '';
    })
    .join('');
  return new RegExp(`^${source || '/'}$`);
});

/**
 * Does this path (without query or hash) name a page of the product? Paths match exactly:
 * letter case counts, and a trailing slash makes another path. The server answers 404 for
 * any other path and the web app shows its 404 page there, so status and page agree.
 */
export function isKnownPagePath(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/** Fills a page path's parameters, e.g. `pagePath(PAGE_PATHS.passwordReset, { verifyId })`. */
export function pagePath(path: PagePath, params: Record<string, string> = {}): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.replace(/^:|\?$/g, '');
      const value = params[name];
      return value === undefined ? null : encodeURIComponent(value);
    })
    .filter((segment): segment is string => segment !== null)
    .join('/');
}

/** The query on the Workspace page that opens an item in its box (links from the calendar feed). */
export const ITEM_LINK_QUERY = 'item';

/** The Workspace page opened at an item, e.g. `/app/boxes?item=<id>`. */
export function itemLinkPath(itemId: string): string {
  return `${PAGE_PATHS.boxes}?${ITEM_LINK_QUERY}=${encodeURIComponent(itemId)}`;
}
