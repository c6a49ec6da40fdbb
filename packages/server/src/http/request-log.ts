import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { FastifyRequest } from 'fastify';

/** What stands in the log for a secret. */
export const REDACTED = '[redacted]';

/**
 * Paths that carry a secret after a prefix: the calendar feed (`/calendar/<secret>.ics`) and
 * every page whose path holds a parameter: the links e-mailed to activate an account, reset a
 * password or confirm a new address (and the address itself on the resend page).
 */
const SECRET_PATH_PREFIXES = [
  '/calendar/',
  ...Object.values(PAGE_PATHS)
    .filter((path) => path.includes('/:'))
    .map((path) => path.slice(0, path.indexOf(':'))),
];

/** Query parameters that carry a secret (Slack's OAuth return: `code` and `state`). */
const SECRET_PARAMETERS = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'secret',
  'key',
  'signature',
  'verifyid',
  'confirmhash',
]);

/**
 * A request's URL as it may be logged: a secret-bearing path keeps its prefix only (whatever
 * follows, up to the query, goes), and secret query parameters lose their values. The prefix
 * is looked for in the decoded, lower-cased path, so neither letter case nor percent-encoding
 * lets a secret through.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  let comparable = pathname.toLowerCase();
  try {
    comparable = decodeURIComponent(comparable);
  } catch {
    // A malformed escape: compared as written.
  }
  const prefix = SECRET_PATH_PREFIXES.find((candidate) => comparable.startsWith(candidate));
  const safePath = prefix ? `${prefix}${REDACTED}` : pathname;
  if (queryAt === -1) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let plainName = name;
      try {
        plainName = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // Kept as written.
      }
      return SECRET_PARAMETERS.has(plainName.trim().toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * Pino serializers for request logs: Fastify's own fields for a request, with its URL
 * redacted, so no secret address or link reaches a log at any level.
 */
const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      version: request.headers?.['accept-version'],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Logger options with the request serializer above in place of any other. */
export function withRedactedUrls<Options extends object>(options: Options): Options {
  const given =
    'serializers' in options && typeof options.serializers === 'object' ? options.serializers : {};
  return { ...options, serializers: { ...given, ...requestLogSerializers } };
}
