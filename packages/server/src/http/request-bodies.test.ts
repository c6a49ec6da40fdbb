import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../test/factories.js';
import { testEngine } from '../test/test-database.js';
import { isJsonTooDeep, MAX_JSON_DEPTH } from './json-body.js';

/** Authenticated routes of every module that take a JSON body. */
const AUTHENTICATED: [string, string][] = [
  ['POST', '/api/items/create-item'],
  ['PUT', '/api/items/update-priority'],
  ['PUT', '/api/items/associate-user'],
  ['PUT', '/api/workspace/split'],
  ['POST', '/api/reminders/get-reminder-events'],
  ['PUT', '/api/admin/users/save-profile'],
  ['POST', '/api/admin/tools/resend'],
];

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** Close to the 1 MB body limit: once parsed before authentication, it held the event loop. */
const DEEPEST = '['.repeat(1_000_000);

/**
 * Test-only routes that break the database's own constraints, as a race between two requests
 * could: the app must answer 409, never 500.
 */
function addConstraintProbes(app: FastifyInstance) {
  app.get('/api/test/duplicate-link', async (request) => {
    const { userId, itemId } = request.query as { userId: string; itemId: string };
    const link = { item_id: itemId, user_id: userId, level: 'owner' as const, created_at: Date.now() };
    await db().insertInto('item_users').values(link).execute();
    return { ok: true };
  });
  app.get('/api/test/dangling-link', async (request) => {
    const { itemId } = request.query as { itemId: string };
    await db()
      .insertInto('item_users')
      .values({ item_id: itemId, user_id: 'nobody', level: 'owner', created_at: Date.now() })
      .execute();
    return { ok: true };
  });
}

let t: TestApp;
const db = () => t.database.db;

describe(`request bodies on ${testEngine}`, () => {
  let me: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp({ beforeListen: addConstraintProbes });
    me = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  const post = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    t.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, body });
  const forgedToken = { authorization: 'Bearer not-a-session' };

  it('answers an anonymous caller 401 before reading the body, whatever it holds', async () => {
    for (const [method, path] of AUTHENTICATED) {
      for (const body of ['{"title":', DEEPEST, '{"unexpected": true}', '']) {
        const res = await post(method, path, body);
        expect(res.status, `${method} ${path} ${body.slice(0, 12)}`).toBe(401);
        expect(((await res.json()) as ErrorBody).error.code).toBe('error.unauthorized');
      }
      const badToken = await post(method, path, DEEPEST, forgedToken);
      expect(badToken.status, `${path} with a bad token`).toBe(401);
    }
  });

  it('refuses a body nested too deeply with a translated 400, signed in or on a public route', async () => {
    const auth = { authorization: `Bearer ${me.token}` };
    for (const [method, path] of AUTHENTICATED) {
      const res = await post(method, path, DEEPEST, auth);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'error.jsonTooDeep',
          message: 'The request could not be read: its body is nested too deeply.',
        },
      });
    }
    const french = await post('POST', '/api/items/create-item', `{"title":${nested(65)}}`, {
      ...auth,
      'accept-language': 'fr',
    });
    expect(((await french.json()) as ErrorBody).error.message).toBe(
      'La requête n’a pas pu être lue\u00a0: son contenu est imbriqué trop profondément.',
    );
    for (const path of ['/auth/login', '/slack/events']) {
      const res = await post('POST', path, DEEPEST);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code, path).toBe('error.jsonTooDeep');
    }
  });

  it('reads bodies up to the limit, and brackets inside strings do not count', async () => {
    const auth = { authorization: `Bearer ${me.token}` };
    const deepButAllowed = await post('PUT', '/api/workspace/split', `{"split":${nested(63)}}`, auth);
    expect(((await deepButAllowed.json()) as ErrorBody).error.code).toBe('error.validation');
    const title = '[{'.repeat(200);
    const created = await post(
      'POST',
      '/api/items/create-item',
      JSON.stringify({ parentItemId: me.root, itemType: 'todoText', title }),
      auth,
    );
    expect(created.status).toBe(201);
    expect(((await created.json()) as { title: string }).title).toBe(title);
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(isJsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(isJsonTooDeep(`["\\"${'['.repeat(100)}"]`)).toBe(false);
  });

  it('answers a database constraint the services did not foresee with a translated 409, never 500', async () => {
    const duplicate = await t.request(`/api/test/duplicate-link?userId=${me.id}&itemId=${me.root}`, {
      headers: { 'accept-language': 'fr' },
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: { code: 'error.conflict', message: 'Cela entre en conflit avec un élément existant.' },
    });
    const dangling = await t.request(`/api/test/dangling-link?itemId=${me.root}`);
    expect(dangling.status).toBe(409);
    expect(((await dangling.json()) as ErrorBody).error.code).toBe('error.conflict');
  });
});
