/**
 * The push services browsers subscribe with: Chrome's and other Chromium browsers' (FCM),
 * Firefox's (Mozilla), Safari's (Apple) and Edge's (Windows). Nestbox sends to no other
 * address, so a subscription can never make the server call into its own network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Where a push request goes: exactly the parts that were checked, never re-parsed from a string. */
export interface PushTarget {
  hostname: string;
  port: number;
  /** The path and query, as sent on the request line. */
  path: string;
}

/** `https://`, then a host of lower-case DNS labels, then a path (or nothing). */
const ENDPOINT_SHAPE = /^https:\/\/([a-z0-9.-]+)(\/.*)?$/s;
/** One DNS label: letters, digits and inner hyphens. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/**
 * What a path and query may hold: the characters push services put in their tokens, and
 * well-formed percent escapes. Anything another URL parser might read differently (`;`, `{`,
 * quotes, backticks, backslashes, `@`, spaces, controls) is refused.
 */
const PATH_SHAPE = /^(?:[A-Za-z0-9\-._~/?=&+:,!*]|%[0-9A-Fa-f]{2})*$/;

/**
 * Reads a subscription's endpoint once, strictly: HTTPS on the standard port, no user info, a
 * host made only of `[a-z0-9.-]` that is a known push service's, a path of plain characters,
 * and written the way the WHATWG parser writes it back (so no parser reads a different host).
 * Returns the parts to connect to, or undefined when the endpoint is refused.
 */
export function readPushEndpoint(endpoint: string): PushTarget | undefined {
  const shape = ENDPOINT_SHAPE.exec(endpoint);
  if (!shape) return undefined;
  const [, hostname = '', rawPath = ''] = shape;
  if (!PATH_SHAPE.test(rawPath)) return undefined;
  if (!hostname.split('.').every((label) => LABEL.test(label))) return undefined;
  if (!PUSH_SERVICE_HOSTS.some((allowed) => hostname === allowed || hostname.endsWith(`.${allowed}`)))
    return undefined;
  if (!URL.canParse(endpoint)) return undefined;
  const url = new URL(endpoint);
  if (url.href !== endpoint && url.href !== `${endpoint}/`) return undefined;
  if (url.hostname !== hostname || url.port !== '' || url.username || url.password) return undefined;
  return { hostname, port: 443, path: `${url.pathname}${url.search}` };
}
