import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories.js';
import { type ClientSocket, connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { SESSION_USER_TTL_MS } from '../users/users.service.js';
import { deleteExpiredRevokedTokens, REVOCATION_CHECK_TTL_MS } from './revoked-tokens.repository.js';

describe(`sessions on ${testEngine}`, () => {
  let t: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const open = async (token: string) => {
    const socket = await connect(t.baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  const disconnection = (socket: ClientSocket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  async function login(email: string) {
    const res = await t.request('/auth/login', {
      method: 'POST',
      json: { email, password: DEFAULT_PASSWORD, rememberMe: false },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as LoginResponse).token;
  }
  const getUserStatus = async (token: string) =>
    (await t.request('/api/admin/users/get-user', { headers: bearer(token) })).status;

  /** Asks with `token` until the answer is 401; answers how long that took (ms). */
  async function refusedWithin(token: string, deadlineMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < deadlineMs) {
      if ((await getUserStatus(token)) === 401) return Date.now() - started;
    }
    return Number.POSITIVE_INFINITY;
  }

  it('logout revokes the presented token on the server and closes its sockets, and only its', async () => {
    const user = await createUser(t.database.db);
    const [token, otherToken] = [await login(user.email), await login(user.email)];
    const socket = await open(token);
    const otherSocket = await open(otherToken);
    const told = nextEvent(socket, 'session:ended');
    const closed = disconnection(socket);
    const otherHeard: unknown[] = [];
    otherSocket.onAny((...args) => otherHeard.push(args));

    const res = await t.request('/auth/logout', { method: 'POST', headers: bearer(token) });
    expect(res.status).toBe(204);
    expect(await told).toEqual({ reason: 'loggedOut' });
    expect(await closed).toBe('io server disconnect');
    expect(await getUserStatus(token)).toBe(401);
    expect((await t.request('/auth/logout', { method: 'POST', headers: bearer(token) })).status).toBe(401);
    await expect(connect(t.baseUrl, token)).rejects.toThrow('unauthorized');

    // The same person's other session carries on.
    expect(await getUserStatus(otherToken)).toBe(200);
    expect(otherSocket.connected).toBe(true);
    expect(otherHeard).toEqual([]);

    // The record stays until the token would have expired anyway, then it may go.
    const { jti, exp } = decodeJwt(token);
    const row = await t.database.db
      .selectFrom('revoked_tokens')
      .selectAll()
      .where('token_id', '=', jti ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, expires_at: (exp ?? 0) * 1000 });
    expect(await deleteExpiredRevokedTokens(t.database.db, row.expires_at - 1)).toBe(0);
    expect(await deleteExpiredRevokedTokens(t.database.db, row.expires_at)).toBeGreaterThanOrEqual(1);
  });

  it('refuses a token without an id (it could not be revoked)', async () => {
    const user = await createUser(t.database.db);
    const noId = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.secrets.jwtSecret));
    expect(await getUserStatus(noId)).toBe(401);
  });

  it('disconnects a socket when its token expires', async () => {
    const user = await createUser(t.database.db);
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ tv: user.token_version, rm: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti('short-lived-token')
      .setIssuedAt(now)
      .setExpirationTime(now + 2)
      .sign(new TextEncoder().encode(t.secrets.jwtSecret));
    const socket = await open(shortLived);
    const told = nextEvent(socket, 'session:ended', 5_000);
    const closed = disconnection(socket);
    expect(await told).toEqual({ reason: 'expired' });
    expect(await closed).toBe('io server disconnect');
    expect(await getUserStatus(shortLived)).toBe(401);
  });

  it('tells the other tabs why a password change ended them; the tab that changed it is only reconnected', async () => {
    const user = await createUser(t.database.db);
    const [elsewhere, here] = [await login(user.email), await login(user.email)];
    const elsewhereSocket = await open(elsewhere);
    const hereSocket = await open(here);
    const told = nextEvent(elsewhereSocket, 'session:ended');
    const hereHeard: unknown[] = [];
    hereSocket.onAny((...args) => hereHeard.push(args));
    const hereClosed = disconnection(hereSocket);

    const res = await t.request('/api/admin/users/update-password', {
      method: 'PUT',
      headers: bearer(here),
      json: { currentPassword: DEFAULT_PASSWORD, password: 'a changed secret' },
    });
    expect(res.status).toBe(200);
    expect(await told).toEqual({ reason: 'passwordChanged' });
    expect(await hereClosed).toBe('io server disconnect');
    expect(hereHeard).toEqual([]);
  });

  it('a password change or logout made by another instance ends the session here within a second', async () => {
    // Another instance writes to the same database; this one's short-lived copies must let go.
    const user = await createUser(t.database.db);
    const [changed, loggedOut] = [await login(user.email), await login(user.email)];
    expect(await getUserStatus(changed)).toBe(200);
    expect(await getUserStatus(loggedOut)).toBe(200);

    const { jti, exp } = decodeJwt(loggedOut);
    await t.database.db
      .insertInto('revoked_tokens')
      .values({ token_id: String(jti), user_id: user.id, expires_at: Number(exp) * 1000 })
      .execute();
    expect(await refusedWithin(loggedOut, 3_000)).toBeLessThanOrEqual(REVOCATION_CHECK_TTL_MS + 250);

    await t.database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    expect(await refusedWithin(changed, 3_000)).toBeLessThanOrEqual(SESSION_USER_TTL_MS + 250);
  });
});
