import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath } from '@nestbox/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replyWithError } from './error-handler.js';

/** Paths that belong to the API, never to the web app's history fallback. */
const API_PREFIXES = [
  '/api/',
  '/auth/',
  '/user/',
  '/slack/',
  '/calendar/',
  '/e2e/',
  '/socket.io/',
  '/metrics/',
];

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
}

/**
 * Serves the built web app from `webRoot` with a history fallback: any page path of the
 * SPEC answers index.html (200), any other non-API path answers index.html with 404 so the
 * app shows its 'Error 404' page, and unknown API paths answer 404 JSON. The fallback is a
 * route of its own (not the not-found handler), so the page is compressed like any answer.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : null;

  if (webRoot && indexHtml) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The page itself is only served at page paths (by the fallback below), never by name.
      allowedPath: (pathName) => pathName !== '/index.html',
      cacheControl: false,
      // `vite build` writes a .br and a .gz beside every text asset: sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/: it can be cached for ever.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Which copy is sent depends on Accept-Encoding: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // Any GET the static files and the API do not answer: a page of the app.
    app.get('/*', { schema: { hide: true } }, sendPage);
  }

  function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!indexHtml || !wantsPage || isApiPath(pathname)) {
      return replyWithError(request, reply, 404, 'error.notFound.route');
    }
    return reply
      .status(isKnownPagePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  }
  // Other methods, and /index.html (which the static files refuse by name).
  app.setNotFoundHandler(sendPage);
}
