import { createHash } from 'node:crypto';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { ApiToken, CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { anExportFile } from '../../test/export-files.js';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, type SignedInUser } from '../../test/factories.js';
import { type ClientSocket, connect } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { createAuditService } from '../audit/audit.service.js';
import { apiTokenCaller, createTokensService } from './tokens.service.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The routes that never take an API token (account changes), as `sessionOnly` marks them. */
const SESSION_ONLY: readonly (readonly [Method, string])[] = [
  ['PUT', '/api/admin/users/save-profile'],
  ['PUT', '/api/admin/users/update-password'],
  ['PUT', '/api/admin/users/update-language'],
  ['PUT', '/api/admin/users/update-customizations'],
  ['POST', '/api/admin/tools/resend'],
  ['POST', '/auth/logout'],
  ['POST', '/api/users/slack-connect'],
  ['DELETE', '/api/users/slack-account'],
  ['POST', '/api/users/oidc/link'],
  ['DELETE', '/api/users/oidc/identities/{id}'],
  ['POST', '/api/tokens'],
  ['GET', '/api/tokens'],
  ['DELETE', '/api/tokens/{id}'],
  ['GET', '/api/users/two-factor'],
  ['POST', '/api/users/two-factor/setup'],
  ['POST', '/api/users/two-factor/enable'],
  ['POST', '/api/users/two-factor/disable'],
  ['POST', '/api/users/two-factor/recovery-codes'],
  ['GET', '/api/users/passkeys'],
  ['POST', '/api/users/passkeys/options'],
  ['POST', '/api/users/passkeys'],
  ['PATCH', '/api/users/passkeys/{passkeyId}'],
  ['DELETE', '/api/users/passkeys/{passkeyId}'],
  ['GET', '/api/admin/users'],
  ['DELETE', '/api/admin/users/{userId}/two-factor'],
  ['GET', '/api/calendar/feed'],
  ['POST', '/api/calendar/feed'],
  ['DELETE', '/api/calendar/feed'],
  ['GET', '/api/users/audit'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/push/public-key'],
  ['POST', '/api/push/subscriptions'],
  ['DELETE', '/api/push/subscriptions'],
  ['POST', '/api/push/test'],
];

/** The POST routes that only read (`readOnly`): a read token may call them. */
const POST_READS = [
  '/api/items/get-user-associated-items',
  '/api/items/search-items',
  '/api/reminders/get-reminder-events',
];

const isSessionOnly = (method: string, path: string) =>
  SESSION_ONLY.some(([m, p]) => m === method && p === path);

describe(`personal API tokens on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    ann = await createSignedInUser(t, { name: 'Ann' });
    bob = await createSignedInUser(t, { name: 'Bob' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  /** Calls a route with a bearer: GET/DELETE parameters go in the query string, others in the body. */
  function call(
    method: Method,
    path: string,
    bearer: string | undefined,
    params?: Record<string, unknown>,
    locale = 'en-GB',
  ) {
    const inQuery = method === 'GET' || method === 'DELETE';
    const query = inQuery && params ? `?${new URLSearchParams(params as Record<string, string>)}` : '';
    return t.request(`${path}${query}`, {
      method,
      headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), 'accept-language': locale },
      ...(!inQuery && params ? { json: params } : {}),
    });
  }
  async function makeToken(user: SignedInUser, scope: 'read' | 'write', name = `${scope} token`) {
    const res = await call('POST', '/api/tokens', user.token, { name, scope });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CreatedApiToken;
  }
  async function listTokens(user: SignedInUser) {
    const res = await call('GET', '/api/tokens', user.token);
    expect(res.status).toBe(200);
    return (await res.json()) as ApiToken[];
  }
  async function refused(res: Response, status: number, code: string) {
    expect(res.status, `${res.url}: ${await res.clone().text()}`).toBe(status);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe(code);
    return body;
  }
  const textsIn = async (boxId: string) =>
    (
      await t.database.db
        .selectFrom('items')
        .select('title')
        .where('parent_id', '=', boxId)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.title);

  it('makes a token answered once, lists it without its text, and revokes it', async () => {
    const user = await createSignedInUser(t);
    const before = Date.now();
    const made = await makeToken(user, 'read', '  Home Assistant  ');
    expect(made).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Home Assistant',
      scope: 'read',
      createdAt: expect.any(Number),
      lastUsedAt: null,
      token: expect.stringMatching(/^nbx_[A-Za-z0-9_-]{43}$/),
    });
    expect(made.createdAt).toBeGreaterThanOrEqual(before);
    const second = await makeToken(user, 'write', 'Scripts');
    expect(second.token).not.toBe(made.token);

    const listed = await listTokens(user);
    expect(listed).toEqual([
      { id: second.id, name: 'Scripts', scope: 'write', createdAt: second.createdAt, lastUsedAt: null },
      { id: made.id, name: 'Home Assistant', scope: 'read', createdAt: made.createdAt, lastUsedAt: null },
    ]);
    // Someone else's list is their own.
    expect((await listTokens(bob)).map((token) => token.id)).not.toContain(made.id);

    const revoked = await call('DELETE', `/api/tokens/${made.id}`, user.token);
    expect(revoked.status).toBe(204);
    expect((await listTokens(user)).map((token) => token.id)).toEqual([second.id]);
    await refused(await call('GET', '/api/admin/users/get-user', made.token), 401, 'tokens.invalid');
    await refused(await call('DELETE', `/api/tokens/${made.id}`, user.token), 404, 'error.notFound');
    expect((await call('GET', '/api/admin/users/get-user', second.token)).status).toBe(200);
  });

  it('stores only the SHA-256 of a token, never its text', async () => {
    const made = await makeToken(ann, 'write');
    const row = await t.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4));
    expect(row).toMatchObject({ user_id: ann.id, scope: 'write', token_version: ann.token_version });
  });

  it('answers reads with a read token, as the session would', async () => {
    const { token } = await makeToken(ann, 'read');
    const bySession = await call('GET', '/api/items/get-items-for-pane', ann.token, { itemId: ann.root });
    const byToken = await call('GET', '/api/items/get-items-for-pane', token, { itemId: ann.root });
    expect(byToken.status).toBe(200);
    expect(await byToken.json()).toEqual(await bySession.json());
    const user = await call('GET', '/api/admin/users/get-user', token);
    expect(((await user.json()) as { id: string }).id).toBe(ann.id);
    expect(user.headers.get('cache-control')).toBe('no-store');
  });

  it('lets a read token call the POST routes that only read', async () => {
    const { token } = await makeToken(ann, 'read');
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/items/get-user-associated-items': { idsOnly: true },
      '/api/items/search-items': { searchTerm: 'x', includeArchived: false, includeCompleted: false },
      '/api/reminders/get-reminder-events': {},
    };
    for (const path of POST_READS) {
      const res = await call('POST', path, token, bodies[path]);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    }
  });

  it('refuses every write to a read token (403, translated) and changes nothing', async () => {
    const { token } = await makeToken(ann, 'read');
    const create = { parentItemId: ann.root, itemType: 'todoText', title: 'by a read token' };
    const body = await refused(
      await call('POST', '/api/items/create-item', token, create),
      403,
      'tokens.readOnly',
    );
    expect(body.error.message).toBe('This API token may only read: it cannot change anything.');
    const fr = await refused(
      await call('POST', '/api/items/create-item', token, create, 'fr'),
      403,
      'tokens.readOnly',
    );
    expect(fr.error.message).toBe('Ce jeton d’API ne peut que lire\u00a0: il ne peut rien modifier.');
    await refused(await call('PUT', '/api/workspace/split', token, { split: 1 }), 403, 'tokens.readOnly');
    await refused(
      await call('DELETE', '/api/items/archive', token, { itemId: ann.root }),
      403,
      'tokens.readOnly',
    );
    expect(await textsIn(ann.root)).not.toContain('by a read token');
  });

  it('lets a write token write, as the session would', async () => {
    const { token } = await makeToken(ann, 'write');
    const res = await call('POST', '/api/items/create-item', token, {
      parentItemId: ann.root,
      itemType: 'todoText',
      title: 'by a write token',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await textsIn(ann.root)).toContain('by a write token');
    const row = await t.database.db
      .selectFrom('items')
      .select('created_by')
      .where('title', '=', 'by a write token')
      .executeTakeFirstOrThrow();
    expect(row.created_by).toBe(ann.id);
    // Someone else's items stay someone else's: no existence leak either.
    await refused(
      await call('GET', '/api/items/get-item', token, { itemId: bob.root }),
      404,
      'error.notFound',
    );
  });

  it('never lets a read or a write token change the account', async () => {
    const read = await makeToken(ann, 'read');
    const write = await makeToken(ann, 'write');
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/admin/users/save-profile': {
        name: 'Renamed',
        email: 'elsewhere@example.test',
        timezone: 'Europe/London',
        locale: 'en-GB',
        currentPassword: DEFAULT_PASSWORD,
      },
      '/api/admin/users/update-password': {
        currentPassword: DEFAULT_PASSWORD,
        password: 'a brand new secret',
      },
      '/api/admin/users/update-language': { locale: 'fr' },
      '/api/admin/users/update-customizations': { reminderEmails: false, colorScheme: 'dark' },
      '/api/admin/tools/resend': { type: 'base' },
      '/api/tokens': { name: 'minted by a token', scope: 'write' },
      '/api/users/slack-account': { slackAccountId: 'x' },
    };
    for (const { token, scope } of [read, write]) {
      for (const [method, path] of SESSION_ONLY) {
        const res = await call(method, path.replace('{id}', read.id), token, bodies[path]);
        const body = await refused(res, 403, 'tokens.notForAccount');
        expect(body.error.message, `${method} ${path} with a ${scope} token`).toMatch(/API tokens cannot/);
      }
    }
    const now = await t.database.db
      .selectFrom('users')
      .select([
        'name',
        'email',
        'token_version',
        'pending_email',
        'locale',
        'reminder_emails',
        'color_scheme',
      ])
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(now).toEqual({
      name: ann.name,
      email: ann.email,
      token_version: ann.token_version,
      pending_email: null,
      locale: ann.locale,
      reminder_emails: ann.reminder_emails,
      color_scheme: ann.color_scheme,
    });
    // The tokens and the session still work: a refusal ends nothing.
    expect((await listTokens(ann)).map((token) => token.id)).toEqual(
      expect.arrayContaining([read.id, write.id]),
    );
    expect((await call('GET', '/api/admin/users/get-user', write.token)).status).toBe(200);
  });

  it("imports with a write token but never applies the file's settings", async () => {
    const cat = await createSignedInUser(t, { name: 'Cat' });
    const write = await makeToken(cat, 'write');
    const file = JSON.stringify(anExportFile([{ type: 'text', title: 'from a script' }], { locale: 'fr' }));
    const importWith = (query: string, locale = 'en-GB') =>
      t.request(`/api/import?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${write.token}`, 'accept-language': locale },
        body: file,
      });
    for (const locale of ['en-GB', 'fr']) {
      const body = await refused(
        await importWith('format=json&settings=1', locale),
        403,
        'tokens.notForAccount',
      );
      expect(body.error.message).toMatch(locale === 'fr' ? /Les jetons d’API/ : /API tokens cannot/);
    }
    const res = await importWith('format=json');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { settingsApplied: boolean }).settingsApplied).toBe(false);
    const after = await t.database.db
      .selectFrom('users')
      .select(['locale', 'color_scheme', 'timezone'])
      .where('id', '=', cat.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ locale: cat.locale, color_scheme: cat.color_scheme, timezone: cat.timezone });
    const imported = await t.database.db
      .selectFrom('items')
      .select('id')
      .where('title', '=', 'from a script')
      .where('created_by', '=', cat.id)
      .execute();
    expect(imported).toHaveLength(1);
  });

  it('marks every write route of the API: a read token is refused on all but the reads', async () => {
    const read = await makeToken(ann, 'read');
    const write = await makeToken(ann, 'write');
    const doc = (await (await t.request('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const secured = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security)
        .map(([method, operation]) => [method.toUpperCase() as Method, path, operation] as const),
    );
    // Every route behind a session is here (the sweep below would miss one without `security`).
    expect(secured.length).toBeGreaterThan(60);
    for (const [method, path] of SESSION_ONLY)
      expect(
        secured.map(([m, p]) => `${m} ${p}`),
        'documented',
      ).toContain(`${method} ${path}`);

    for (const [method, path] of secured) {
      const url = path.replace('{id}', '00000000-0000-7000-8000-000000000000');
      const asRead = await call(method, url, read.token);
      const asWrite = await call(method, url, write.token);
      const code = async (res: Response) =>
        res.status === 403 ? ((await res.json()) as ErrorBody).error.code : String(res.status);
      const [readCode, writeCode] = [await code(asRead), await code(asWrite)];
      const label = `${method} ${path}`;
      if (isSessionOnly(method, path)) {
        expect(readCode, label).toBe('tokens.notForAccount');
        expect(writeCode, label).toBe('tokens.notForAccount');
      } else if (method === 'GET' || POST_READS.includes(path)) {
        expect(readCode, label).not.toMatch(/^tokens\.|^401$/);
        expect(writeCode, label).not.toMatch(/^tokens\.|^401$/);
      } else {
        expect(readCode, label).toBe('tokens.readOnly');
        expect(writeCode, label).not.toMatch(/^tokens\.|^401$/);
      }
    }
  });

  it('ends every API token when the password changes, as it ends every other session', async () => {
    const user = await createSignedInUser(t);
    const read = await makeToken(user, 'read');
    const write = await makeToken(user, 'write');
    const changed = await call('PUT', '/api/admin/users/update-password', user.token, {
      currentPassword: DEFAULT_PASSWORD,
      password: 'another fine secret',
    });
    expect(changed.status).toBe(200);
    const { token: session } = (await changed.json()) as { token: string };
    for (const { token } of [read, write])
      await refused(await call('GET', '/api/admin/users/get-user', token), 401, 'tokens.invalid');
    // Ended tokens are no longer listed, and the next token made clears them away.
    const renewed = { ...user, token: session };
    expect(await listTokens(renewed)).toEqual([]);
    const fresh = await makeToken(renewed, 'read');
    expect((await call('GET', '/api/admin/users/get-user', fresh.token)).status).toBe(200);
    const stored = await t.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.id)).toEqual([fresh.id]);
  });

  it('works only while its owner is active', async () => {
    const dormant = await createUser(t.database.db, { activated: false });
    const audit = createAuditService({ db: t.database.db, log: t.app.log, now: t.now });
    const made = await createTokensService({ db: t.database.db, audit, now: t.now }).create(dormant, {
      name: 'made before',
      scope: 'write',
    });
    await refused(await call('GET', '/api/admin/users/get-user', made.token), 401, 'tokens.invalid');
  });

  it('refuses unknown tokens, and someone else’s token id is 404', async () => {
    const made = await makeToken(ann, 'write');
    await refused(await call('GET', '/api/admin/users/get-user', `${made.token}x`), 401, 'tokens.invalid');
    await refused(await call('GET', '/api/admin/users/get-user', 'nbx_'), 401, 'tokens.invalid');
    await refused(await call('DELETE', `/api/tokens/${made.id}`, bob.token), 404, 'error.notFound');
    await refused(
      await call('DELETE', '/api/tokens/00000000-0000-7000-8000-000000000000', ann.token),
      404,
      'error.notFound',
    );
    await refused(await call('DELETE', '/api/tokens/not-an-id', ann.token), 404, 'error.notFound');
    // Still Ann's, still working.
    expect((await call('GET', '/api/admin/users/get-user', made.token)).status).toBe(200);
    await refused(await call('GET', '/api/tokens', undefined), 401, 'error.unauthorized');
    await refused(
      await call('POST', '/api/tokens', undefined, { name: 'x', scope: 'read' }),
      401,
      'error.unauthorized',
    );
  });

  it('answers a bad body with a translated 400 per field', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: '   ', scope: 'read' }, 'name', 'Give the token a name.', 'Donnez un nom au jeton.'],
      [
        { name: 'x'.repeat(101), scope: 'read' },
        'name',
        'A token name can have at most 100 characters.',
        'Le nom d’un jeton peut comporter au plus 100 caractères.',
      ],
      [
        { name: 'ok', scope: 'admin' },
        'scope',
        'Choose whether the token may only read, or read and write.',
        'Choisissez si le jeton peut seulement lire, ou lire et modifier.',
      ],
      [{ scope: 'read' }, 'name', 'Give the token a name.', 'Donnez un nom au jeton.'],
    ];
    for (const [body, field, english, french] of cases) {
      const en = await refused(await call('POST', '/api/tokens', ann.token, body), 400, 'error.validation');
      expect(en.error.fields?.[field], JSON.stringify(body)).toBe(english);
      const fr = await refused(
        await call('POST', '/api/tokens', ann.token, body, 'fr'),
        400,
        'error.validation',
      );
      expect(fr.error.fields?.[field]).toBe(french);
    }
    const longest = await makeToken(ann, 'read', ` ${'n'.repeat(100)} `);
    expect(longest.name).toHaveLength(100);
  });

  it('records the last use at most once a minute', async () => {
    const made = await makeToken(ann, 'read');
    const lastUsed = async () =>
      (
        await t.database.db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', made.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const before = Date.now();
    expect((await call('GET', '/api/admin/users/get-user', made.token)).status).toBe(200);
    const first = await lastUsed();
    expect(first).toBeGreaterThanOrEqual(before);
    expect((await listTokens(ann)).find((token) => token.id === made.id)?.lastUsedAt).toBe(first);
    expect((await call('GET', '/api/admin/users/get-user', made.token)).status).toBe(200);
    expect(await lastUsed()).toBe(first);

    const at = (first ?? 0) + 59_999;
    expect(await apiTokenCaller(t.database.db, made.token, at)).toMatchObject({
      userId: ann.id,
      scope: 'read',
    });
    expect(await lastUsed()).toBe(first);
    await apiTokenCaller(t.database.db, made.token, at + 1);
    expect(await lastUsed()).toBe(at + 1);
  });

  it('never opens a socket with an API token', async () => {
    const made = await makeToken(ann, 'write');
    await expect(connect(t.baseUrl, made.token)).rejects.toThrow('unauthorized');
    const socket = await connect(t.baseUrl, ann.token);
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });
});
