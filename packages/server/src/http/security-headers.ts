import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { API_DOCS_PREFIX } from './api-docs.js';
import { isApiPath } from './web-app.js';

const RECAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'];

/**
 * What an API answer (JSON, never rendered) needs, as OWASP's REST Security Cheat Sheet has
 * it: no content of its own may load or frame anything, it is never sniffed as another type,
 * never framed, and never tells where it was called from.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Security headers, and the request id, on every answer. The web app's page, its assets and
 * the API docs get helmet's full set (its middleware built once, at start-up: its Fastify
 * plugin built it anew for every request); API answers get the short set above.
 */
export const securityHeaders = fp<{ recaptcha: boolean }>(
  async (app: FastifyInstance, { recaptcha }) => {
    const documentHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Google's reCAPTCHA, only when it replaces ALTCHA.
          'script-src': ["'self'", ...(recaptcha ? RECAPTCHA_ORIGINS : [])],
          'frame-src': ["'self'", ...(recaptcha ? RECAPTCHA_ORIGINS : [])],
          // Mantine writes style attributes at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          // blob: the pictures the app reads with its token (attachments' thumbnails).
          'img-src': ["'self'", 'data:', 'blob:'],
          // The app's own origin only; in current browsers 'self' covers its ws:/wss: too.
          'connect-src': ["'self'"],
          'worker-src': ["'self'", 'blob:'],
          // Plain-http installations on a home network must keep loading their own assets.
          'upgrade-insecure-requests': null,
        },
      },
      // HSTS only makes sense behind HTTPS, which a reverse proxy adds.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      const pathname = request.url.split('?', 1)[0] ?? '/';
      if (isApiPath(pathname) && !pathname.startsWith(API_DOCS_PREFIX)) {
        reply.headers(API_HEADERS);
        return done();
      }
      documentHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
