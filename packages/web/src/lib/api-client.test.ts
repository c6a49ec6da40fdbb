import { CLIENT_ID_HEADER, UNDO_ID_HEADER } from '@nestbox/shared/constants';
import { ErrorBodySchema } from '@nestbox/shared/http/error-body';
import { NoBodySchema } from '@nestbox/shared/http/responses';
import { messagesEnGb } from '@nestbox/shared/i18n/messages.en-gb';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, createApiClient, errorOfBody } from './api-client';
import { i18n } from './i18n';

/**
 * The client against a real HTTP server: what the server receives, and how each kind of
 * failure surfaces to the caller.
 */

let server: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  // The machine's own language must not decide which message the default translator returns.
  await i18n.changeLanguage('en-GB');
  server = Fastify({ forceCloseConnections: true });
  server.post('/echo', async (request) => ({
    authorization: request.headers.authorization ?? null,
    acceptLanguage: request.headers['accept-language'] ?? null,
    clientId: request.headers[CLIENT_ID_HEADER] ?? null,
    contentType: request.headers['content-type'] ?? null,
    body: request.body,
  }));
  server.delete('/undoable', async (_request, reply) =>
    reply.header(UNDO_ID_HEADER, 'undo-7').send({ ok: true }),
  );
  server.get('/file', async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="a.csv"')
      .send('a,b\r\n1,2\r\n'),
  );
  server.delete('/nothing', async (_request, reply) => reply.code(204).send());
  server.get('/echo-query', async (request) => ({ query: request.query, body: request.body ?? null }));
  server.post('/taken', async (_request, reply) =>
    reply.code(409).send({
      error: {
        code: 'validation.email.taken',
        message: 'Cette adresse e-mail est déjà utilisée.',
        fields: { email: 'Cette adresse e-mail est déjà utilisée.' },
      },
    }),
  );
  server.get('/private', async (_request, reply) =>
    reply.code(401).send({ error: { code: 'error.unauthorized', message: 'Session ended.' } }),
  );
  server.get('/broken', async (_request, reply) => reply.code(502).type('text/plain').send('Bad gateway'));
  // A proxy's 4xx page: no error body of ours (SPEC §8 generic message).
  server.get('/refused-by-proxy', async (_request, reply) =>
    reply.code(413).type('text/html').send('<h1>Too large</h1>'),
  );
  server.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return { late: true };
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A client pointed at the test server, with a spy for every side effect. */
function makeClient(token: string | null = 'token-123') {
  const spies = {
    onUnauthorized: vi.fn(),
    clearSession: vi.fn(),
    logError: vi.fn(),
    onUnreachable: vi.fn(),
  };
  const request = createApiClient({
    baseUrl,
    getToken: () => token,
    getLanguage: () => 'fr',
    clientId: 'tab-42',
    translate: (key) => messagesEnGb[key],
    ...spies,
  });
  return { request, ...spies };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  it('sends the bearer token, Accept-Language, X-Client-Id and a JSON body with POST by default', async () => {
    const { request } = makeClient();
    const echo = await request<Record<string, unknown>>('/echo', {
      body: { email: 'a@b.co', rememberMe: true },
    });
    expect(echo).toEqual({
      authorization: 'Bearer token-123',
      acceptLanguage: 'fr',
      clientId: 'tab-42',
      contentType: 'application/json',
      body: { email: 'a@b.co', rememberMe: true },
    });
  });

  it('checks an answer against its shared contract in tests: a drift fails, never silently', async () => {
    const { request, logError } = makeClient();
    const contract = z.object({ authorization: z.string(), clientId: z.string() });
    await expect(request('/echo', { body: {}, schema: contract })).resolves.toMatchObject({
      clientId: 'tab-42',
    });
    const drifted = z.object({ clientId: z.number() });
    const error = await failureOf(request('/echo', { body: {}, schema: drifted }));
    expect(error).toMatchObject({ status: 200, code: 'error.contract' });
    expect(error.message).toMatch(/POST \/echo breaks its contract.*clientId/s);
    expect(logError).toHaveBeenCalledTimes(1);
    // Production trusts the server (which serialises with the same schema): no check there.
    const trusting = createApiClient({ baseUrl, getToken: () => null, checkResponses: false });
    await expect(trusting('/echo', { body: {}, schema: drifted })).resolves.toMatchObject({
      clientId: expect.any(String),
    });
  });

  it("holds an answer without a body to the 'no body' contract", async () => {
    const { request } = makeClient();
    await expect(request('/nothing', { method: 'DELETE', schema: NoBodySchema })).resolves.toBeUndefined();
    const error = await failureOf(request('/echo', { body: {}, schema: NoBodySchema }));
    expect(error).toMatchObject({ status: 200, code: 'error.contract' });
  });

  it("makes every one of the app's calls name its answer's contract (checked by the type checker)", () => {
    // @ts-expect-error: a call of the app's client without `schema` does not compile.
    const unnamed = () => apiRequest('/api/anything', { method: 'GET' });
    const named = () => apiRequest('/api/anything', { method: 'GET', schema: undefined });
    expect([unnamed, named]).toHaveLength(2);
  });

  it('sends no Authorization header for public calls', async () => {
    const { request } = makeClient();
    const echo = await request<{ authorization: string | null }>('/echo', { body: {}, authenticated: false });
    expect(echo.authorization).toBeNull();
  });

  it("hands a successful answer's headers to the caller who asks (an undoable change's id)", async () => {
    const { request } = makeClient();
    let undoId: string | null = null;
    const answer = await request('/undoable', {
      method: 'DELETE',
      onHeaders: (headers) => {
        undoId = headers.get(UNDO_ID_HEADER);
      },
    });
    expect(answer).toEqual({ ok: true });
    expect(undoId).toBe('undo-7');
  });

  it('reads a file as a Blob when asked, its headers beside it, and a failure as JSON still', async () => {
    const { request } = makeClient();
    let disposition: string | null = null;
    const file = await request<Blob>('/file', {
      method: 'GET',
      responseType: 'blob',
      onHeaders: (headers) => {
        disposition = headers.get('content-disposition');
      },
    });
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe('a,b\r\n1,2\r\n');
    expect(disposition).toBe('attachment; filename="a.csv"');
    const error = await failureOf(request('/taken', { body: {}, responseType: 'blob' }));
    expect(error).toMatchObject({ status: 409, code: 'validation.email.taken' });
  });

  it('puts the parameters of a GET in the query string, not the body', async () => {
    const { request } = makeClient();
    const result = await request<{ query: Record<string, unknown>; body: unknown }>('/echo-query', {
      method: 'GET',
      body: { itemId: 'abc 1', includeArchived: false, skipped: undefined },
      query: { page: 2 },
    });
    expect(result).toEqual({ query: { page: '2', itemId: 'abc 1', includeArchived: 'false' }, body: null });
  });

  it("surfaces the server's translated message, code and field errors", async () => {
    const { request, logError, onUnauthorized } = makeClient();
    const error = await failureOf(request('/taken', { body: { email: 'a@b.co' } }));
    expect(error).toMatchObject({
      status: 409,
      code: 'validation.email.taken',
      message: 'Cette adresse e-mail est déjà utilisée.',
      fields: { email: 'Cette adresse e-mail est déjà utilisée.' },
      canceled: false,
    });
    expect(error.data).toMatchObject({ error: { code: 'validation.email.taken' } });
    expect(logError).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('falls back to the generic server message when a 5xx has no error body', async () => {
    const { request } = makeClient();
    const error = await failureOf(request('/broken', { method: 'GET' }));
    expect(error).toMatchObject({ status: 502, code: 'error.server', message: messagesEnGb['error.server'] });
  });

  it('falls back to the generic action message when a 4xx has no error body', async () => {
    const { request } = makeClient();
    const error = await failureOf(request('/refused-by-proxy', { method: 'GET' }));
    expect(error).toMatchObject({
      status: 413,
      code: 'error.generic',
      message: messagesEnGb['error.generic'],
    });
    expect(error.message).toBe('A problem occurred trying to perform this action.');
  });

  it('ends the session on HTTP 401 and still throws', async () => {
    const { request, onUnauthorized, clearSession } = makeClient();
    const error = await failureOf(request('/private', { method: 'GET' }));
    expect(error.status).toBe(401);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 of a public call', async () => {
    const { request, onUnauthorized, clearSession } = makeClient();
    await failureOf(request('/private', { method: 'GET', authenticated: false }));
    expect(clearSession).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("fails with 'Request canceled' when the caller aborts", async () => {
    // No `translate` override: the app's own i18n instance produces this message.
    const logError = vi.fn();
    const request = createApiClient({ baseUrl, getToken: () => null, logError });
    const controller = new AbortController();
    const pending = failureOf(request('/slow', { method: 'GET', signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect(error).toMatchObject({
      status: 0,
      code: 'error.requestCanceled',
      message: 'Request canceled',
      canceled: true,
    });
    // The caller asked for it: nothing is logged.
    expect(logError).not.toHaveBeenCalled();
  });

  it('fails with the timeout message when the server is slower than timeoutMs', async () => {
    const { request, onUnreachable } = makeClient();
    const started = Date.now();
    const error = await failureOf(request('/slow', { method: 'GET', timeoutMs: 100 }));
    expect(error).toMatchObject({
      status: 0,
      code: 'error.timeout',
      message: messagesEnGb['error.timeout'],
      canceled: false,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    // No answer in time is a server out of reach: the signed-in app goes offline on it.
    expect(onUnreachable).toHaveBeenCalledTimes(1);
  });

  it('fails with the network message when nothing listens', async () => {
    const closed = Fastify();
    await closed.listen({ host: '127.0.0.1', port: 0 });
    const address = closed.server.address();
    await closed.close();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const onUnreachable = vi.fn();
    const request = createApiClient({
      baseUrl: `http://127.0.0.1:${address.port}`,
      getToken: () => null,
      translate: (key) => messagesEnGb[key],
      logError: vi.fn(),
      onUnreachable,
    });
    const error = await failureOf(request('/echo', { body: {} }));
    expect(error).toMatchObject({ status: 0, code: 'error.network', message: messagesEnGb['error.network'] });
    // The signed-in app goes offline on it; a logged-out form only shows the message.
    expect(onUnreachable).toHaveBeenCalledTimes(1);
    await failureOf(request('/echo', { body: {}, authenticated: false }));
    expect(onUnreachable).toHaveBeenCalledTimes(1);
  });
});

describe('errorOfBody', () => {
  it('reads a failure exactly as the shared ErrorBodySchema does', () => {
    const bodies: unknown[] = [
      { error: { code: 'validation.email.taken', message: 'Taken.' } },
      { error: { code: 'error.server', message: 'Oops.', requestId: 'req-1' } },
      { error: { code: 'validation', message: 'Invalid.', fields: { email: 'Invalid email.' } } },
      { error: { code: 'x', message: 'y', extra: true }, other: 1 },
      { error: { code: 'x', message: 'y', fields: {} } },
      { error: { code: 'x', message: 'y', fields: { email: 3 } } },
      { error: { code: 'x', message: 'y', fields: ['a'] } },
      { error: { code: 'x', message: 'y', fields: null } },
      { error: { code: 'x', message: 'y', requestId: 7 } },
      { error: { code: 'x', message: 'y', requestId: null } },
      { error: { code: 'x', message: 3 } },
      { error: { code: 1, message: 'y' } },
      { error: { message: 'y' } },
      { error: 'Bad gateway' },
      { error: [] },
      { message: 'Not ours' },
      [],
      'Bad gateway',
      null,
      undefined,
    ];
    for (const body of bodies) {
      const parsed = ErrorBodySchema.safeParse(body);
      expect(errorOfBody(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data.error : undefined);
    }
  });
});
