import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appErrors } from './app-error.js';

/** Deepest nesting of arrays and objects a JSON body may have; no request of ours comes near. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/**
 * Does a JSON text nest arrays and objects deeper than `limit`? One pass over the characters
 * (brackets inside strings do not count), stopping as soon as it does: cheap enough to run
 * before parsing, where a deep body (up to the size limit) would hold the event loop.
 */
export function isJsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(c)) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies: refused with a translated 400 when nested deeper than MAX_JSON_DEPTH, then
 * parsed by Fastify's own parser (which refuses `__proto__` and `constructor` keys). Bodies
 * are parsed after the `onRequest` hooks, where authenticated routes check the caller, so
 * an anonymous caller's body is never read.
 */
export const jsonBodyParsing = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (isJsonTooDeep(text)) {
        done(appErrors.badRequest('error.jsonTooDeep'), undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body-parsing' },
);
