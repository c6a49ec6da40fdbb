import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignupBodySchema } from '@nestbox/shared/auth/auth.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appErrors } from './http/app-error.js';
import { buildTestApp, type TestApp } from './test/build-test-app.js';
import { testEngine } from './test/test-database.js';

/** Test-only routes that exercise the error model through real handlers. */
function addProbeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/api/test/signup-shape', { schema: { body: SignupBodySchema } }, async () => ({ ok: true }));
  typed.get('/api/test/conflict', async () => {
    throw appErrors.conflict('validation.email.taken', { email: 'validation.email.taken' });
  });
  typed.get('/api/test/rate-limited', async () => {
    throw appErrors.tooManyRequests(12.2);
  });
  typed.get('/api/test/crash', async () => {
    throw new Error('secret internal detail');
  });
}

describe(`app on ${testEngine}`, () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'nestbox-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Nestbox</title><div id="root"></div>',
    );
    writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await buildTestApp({ webRoot, beforeListen: addProbeRoutes });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  describe('GET /api/health', () => {
    it('answers ok when the database answers', async () => {
      const res = await t.request('/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
    });
  });

  describe('error model', () => {
    it('answers an unknown API path with 404 JSON in the error shape', async () => {
      const res = await t.request('/api/no-such-route');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({
        error: { code: 'error.notFound.route', message: 'There is nothing at this address of the API.' },
      });
    });

    it.each([
      ['fr-FR,fr;q=0.9', 'Il n’y a rien à cette adresse de l’API.'],
      ['en-US', 'There is nothing at this address of the API.'],
      ['de-DE', 'There is nothing at this address of the API.'],
      ['de;q=1, fr;q=0.5', 'Il n’y a rien à cette adresse de l’API.'],
    ])('translates messages for Accept-Language %s', async (acceptLanguage, message) => {
      const res = await t.request('/api/no-such-route', { headers: { 'accept-language': acceptLanguage } });
      expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    });

    it('answers malformed JSON with 400 and changes nothing', async () => {
      const res = await t.request('/api/test/signup-shape', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name": "Ann",',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('error.malformedJson');
    });

    it('answers invalid input with 400 and a translated message per field', async () => {
      const res = await t.request('/api/test/signup-shape', {
        method: 'POST',
        headers: { 'accept-language': 'fr' },
        json: { name: '   ', email: 'not-an-email', password: 'short' },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code).toBe('error.validation');
      expect(body.error.fields).toEqual({
        name: 'Veuillez indiquer votre nom.',
        email: 'Saisissez une adresse e-mail valide.',
        password: 'Le mot de passe doit comporter au moins 8 caractères.',
      });
    });

    it('uses the SPEC texts in English', async () => {
      const res = await t.request('/api/test/signup-shape', { method: 'POST', json: { email: 'a@b.co' } });
      const body = (await res.json()) as ErrorBody;
      expect(body.error.fields).toMatchObject({
        name: 'Please provide your name.',
        password: 'Password must have at least 8 characters.',
      });
    });

    it('answers application errors with their status, code and fields', async () => {
      const res = await t.request('/api/test/conflict');
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: {
          code: 'validation.email.taken',
          message: 'This email address is already in use.',
          fields: { email: 'This email address is already in use.' },
        },
      });
    });

    it('sends Retry-After with 429', async () => {
      const res = await t.request('/api/test/rate-limited');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('13');
    });

    it('answers unexpected failures with a generic 500 that leaks nothing and names the request', async () => {
      const res = await t.request('/api/test/crash', { headers: { 'x-request-id': 'probe-123' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('secret internal detail');
      expect(JSON.parse(text)).toEqual({
        error: {
          code: 'error.server',
          message: 'An unexpected error occurred. Please try again in a few moments.',
          requestId: 'probe-123',
        },
      });
    });
  });

  describe('request ids and security headers', () => {
    it('echoes a well-formed request id and mints one otherwise', async () => {
      const given = await t.request('/api/health', { headers: { 'x-request-id': 'abc-1' } });
      expect(given.headers.get('x-request-id')).toBe('abc-1');
      const minted = await t.request('/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
      expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sends security headers', async () => {
      const res = await t.request('/');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
      // Live updates and API calls go to this origin only (no ws:/wss: to anywhere).
      const directives = (res.headers.get('content-security-policy') ?? '').split(';');
      expect(directives).toContain("connect-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it('sends API answers the short set a JSON answer needs, and the docs the page set', async () => {
      for (const path of ['/api/health', '/api/no-such-route']) {
        const res = await t.request(path);
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
      }
      const docs = await t.request('/api/docs');
      expect(docs.headers.get('content-security-policy')).toContain("default-src 'self'");
    });
  });

  describe('OpenAPI', () => {
    it('publishes the document generated from the zod schemas', async () => {
      const res = await t.request('/api/docs/json');
      expect(res.status).toBe(200);
      const doc = (await res.json()) as {
        openapi: string;
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
        components: { schemas: Record<string, unknown> };
      };
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/health']?.get?.responses).toHaveProperty('200');
      expect(doc.paths['/api/timezones/get-timezones']).toBeDefined();
      expect(doc.components.schemas).toHaveProperty('Health');
    });

    it('serves the browsable UI at /api/docs', async () => {
      const res = await t.request('/api/docs/');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('swagger');
    });
  });

  describe('web app with history fallback', () => {
    it.each(['/', '/login', '/signup', '/forgot', '/logout', '/app', '/app/boxes', '/app/organiser'])(
      'serves index.html for the page %s',
      async (pathname) => {
        const res = await t.request(pathname);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/text\/html/);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toContain('<div id="root">');
      },
    );

    it.each([
      '/password-reset/0123abc',
      '/activate-account/xyz',
      '/resend-activate-link',
      '/resend-activate-link/a@b.co',
    ])('serves index.html for the parameterised page %s', async (pathname) => {
      expect((await t.request(pathname)).status).toBe(200);
    });

    it('serves index.html with 404 for unknown pages, so the app shows its 404 page', async () => {
      const res = await t.request('/no/such/page');
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<div id="root">');
      expect((await t.request('/login/extra')).status).toBe(404);
    });

    it.each(['/LOGIN', '/login/', '/app/boxes/', '/index.html'])(
      'answers 404 for %s, which names no page exactly (the app shows its 404 page there)',
      async (pathname) => {
        const res = await t.request(pathname);
        expect(res.status).toBe(404);
        expect(await res.text()).toContain('<div id="root">');
      },
    );

    it('serves fingerprinted assets with a long cache life', async () => {
      const res = await t.request('/assets/index-abc123.js');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
    });

    it('never answers API paths or non-GET requests with the page', async () => {
      for (const [pathname, method] of [
        ['/api/unknown', 'GET'],
        ['/auth/unknown', 'GET'],
        ['/app/boxes', 'POST'],
      ] as const) {
        const res = await t.request(pathname, { method });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
      }
    });
  });

  describe('reference lists', () => {
    it('lists the languages', async () => {
      const res = await t.request('/api/languages/get-languages');
      expect(await res.json()).toEqual([
        { locale: 'en-GB', name: 'English (UK)' },
        { locale: 'fr', name: 'Français' },
      ]);
    });

    it('lists IANA time zones with their offset, by offset', async () => {
      const res = await t.request('/api/timezones/get-timezones');
      const zones = (await res.json()) as { id: string; label: string; offset: number }[];
      expect(zones.length).toBeGreaterThan(300);
      const london = zones.find((z) => z.id === 'Europe/London');
      expect(london?.offset === 0 || london?.offset === 60).toBe(true);
      expect(zones.find((z) => z.id === 'Asia/Tokyo')).toMatchObject({
        offset: 540,
        label: '(UTC+09:00) Asia/Tokyo',
      });
      expect(zones.find((z) => z.id === 'America/St_Johns')?.label).toMatch(
        /^\(UTC-0[23]:30\) America\/St Johns$/,
      );
      const offsets = zones.map((z) => z.offset);
      expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    });
  });
});

describe('app without a built web app', () => {
  it('answers every unknown path with 404 JSON', async () => {
    const t = await buildTestApp({ webRoot: null });
    try {
      const res = await t.request('/app/boxes');
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.code).toBe('error.notFound.route');
    } finally {
      await t.close();
    }
  });
});

describe('health with Redis', () => {
  it.runIf(process.env.REDIS_URL)('reports a reachable Redis', async () => {
    const t = await buildTestApp({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('reports an unreachable Redis as degraded with 503', async () => {
    const t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'degraded', db: 'ok', redis: 'down' });
    } finally {
      await t.close();
    }
  });
});
