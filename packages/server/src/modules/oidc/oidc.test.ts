import type { OidcSessionResponse, OidcStatus } from '@nestbox/shared/oidc/oidc.schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, DEFAULT_PASSWORD, uniqueEmail } from '../../test/factories.js';
import {
  CookieJar,
  startTestOidcProvider,
  type TestOidcProvider,
  throughProvider,
} from '../../test/oidc-provider.js';
import { testEngine } from '../../test/test-database.js';

/** The stated date: the provider (through Date) and the app (its clock) both read it. */
const STATED = Date.UTC(2026, 8, 14, 9, 30);

describe(`single sign-on on ${testEngine}`, () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  /** How far the app's clock runs ahead of the provider's (ms). */
  let ahead = 0;

  beforeAll(async () => {
    // The provider signs its tokens with Date's time: it starts at the stated date and runs on.
    vi.useFakeTimers({ now: STATED, toFake: ['Date'], shouldAdvanceTime: true });
    provider = await startTestOidcProvider();
    const clock = clockStartingAt(STATED);
    t = await buildTestApp({ env: provider.env(), now: () => clock() + ahead });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    vi.useRealTimers();
  });
  beforeEach(() => {
    ahead = 0;
    provider.idTokenTtl = 3600;
    provider.resume();
  });

  /** A browser at the app: its cookies, and where each answer sends it. */
  function browser(app: TestApp = t) {
    const jar = new CookieJar();
    return {
      jar,
      async get(path: string) {
        const res = await app.request(path, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.take(res);
        return res;
      },
      async post(path: string, json?: unknown) {
        const res = await app.request(path, {
          method: 'POST',
          headers: { cookie: jar.header() },
          ...(json === undefined ? {} : { json }),
        });
        jar.take(res);
        return res;
      },
    };
  }

  /** Starts signing in, goes through the provider as `account`, and comes back: the app's redirect. */
  async function signInThroughProvider(
    account: string,
    tamper: (search: URLSearchParams) => void = () => {},
    at = browser(),
  ) {
    provider.signInAs(account);
    const start = await at.get('/auth/oidc/start?locale=fr&timezone=Europe/Paris');
    expect(start.status).toBe(303);
    const authorization = start.headers.get('location') ?? '';
    expect(authorization.startsWith(provider.issuer)).toBe(true);
    const search = new URLSearchParams(await throughProvider(authorization));
    tamper(search);
    const back = await at.get(`/auth/oidc/callback?${search}`);
    expect(back.status).toBe(303);
    return { browser: at, location: back.headers.get('location') ?? '' };
  }

  async function takeSession(at: ReturnType<typeof browser>) {
    const res = await at.post('/auth/oidc/session');
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as OidcSessionResponse;
  }

  const userByEmail = (email: string) =>
    t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const userCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditOf = (type: string) =>
    t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('type', '=', type)
      .orderBy('id', 'desc')
      .execute();
  const statusOf = async (token: string) => {
    const res = await t.request('/api/users/oidc', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return (await res.json()) as OidcStatus;
  };
  const unlink = (token: string, id: string) =>
    t.request(`/api/users/oidc/identities/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });

  it('tells the login page its name and that passwords still work', async () => {
    const res = await t.request('/api/oidc/config');
    expect(await res.json()).toEqual({ enabled: true, name: 'Test ID', only: false });
  });

  it('makes an activated account at the first sign-in with a verified address, and a working session', async () => {
    const email = uniqueEmail('first');
    provider.accounts.set('first-sub', { email, emailVerified: true, name: 'Flora First' });
    const before = await userCount();
    const { browser: at, location } = await signInThroughProvider('first-sub');
    expect(location).toBe('/login?oidc=signedIn');
    // The flow's cookie is spent; the session waits in its own.
    expect(at.jar.has('nestbox_oidc_flow')).toBe(false);
    expect(at.jar.has('nestbox_oidc_session')).toBe(true);

    const session = await takeSession(at);
    expect(session.user.email).toBe(email);
    expect(session.user.name).toBe('Flora First');
    expect(session.endSessionUrl).toMatch(new RegExp(`^${provider.issuer}/session/end\\?`));
    const end = new URL(session.endSessionUrl ?? '');
    expect(end.searchParams.get('id_token_hint')).toBeTruthy();
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://nestbox.test/login');

    const me = await t.request('/api/admin/users/get-user', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);

    const user = await userByEmail(email);
    expect(user?.activated_at).toBe(user?.created_at);
    expect(user?.locale).toBe('fr');
    expect(user?.timezone).toBe('Europe/Paris');
    expect(user?.password_hash).toBe('!');
    expect(await userCount()).toBe(before + 1);
    const identity = await t.database.db
      .selectFrom('oidc_identities')
      .selectAll()
      .where('user_id', '=', user?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: 'first-sub', email });
    expect((await auditOf('oidc.accountCreated')).some((e) => e.user_id === user?.id)).toBe(true);
    expect((await auditOf('oidc.login')).some((e) => e.user_id === user?.id)).toBe(true);

    // The waiting session is taken once.
    const again = await at.post('/auth/oidc/session');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('oidc.session.missing');
  });

  it('signs a linked identity in to its account even after its address changed at the provider', async () => {
    const email = uniqueEmail('mover');
    provider.accounts.set('mover-sub', { email, emailVerified: true, name: 'Moe Mover' });
    const first = await signInThroughProvider('mover-sub');
    const { user } = await takeSession(first.browser);

    const moved = uniqueEmail('moved');
    provider.accounts.set('mover-sub', { email: moved, emailVerified: true, name: 'Moe Mover' });
    const second = await signInThroughProvider('mover-sub');
    expect(second.location).toBe('/login?oidc=signedIn');
    const session = await takeSession(second.browser);
    expect(session.user.id).toBe(user.id);
    expect(session.user.email).toBe(email);
    expect(await userByEmail(moved)).toBeUndefined();
    expect((await statusOf(session.token)).identity?.email).toBe(moved);
  });

  it('refuses an answer whose state is not the one this browser was given, and creates nothing', async () => {
    provider.accounts.set('state-sub', { email: uniqueEmail('state'), emailVerified: true });
    const before = await userCount();
    const { browser: at, location } = await signInThroughProvider('state-sub', (search) =>
      search.set('state', 'somebody-elses-state'),
    );
    expect(location).toBe('/login?oidc=failed');
    expect(at.jar.has('nestbox_oidc_session')).toBe(false);
    expect(await userCount()).toBe(before);
    expect(JSON.parse((await auditOf('oidc.refused'))[0]?.details ?? '{}')).toEqual({ reason: 'failed' });
  });

  it('refuses a return without the flow cookie it started with', async () => {
    provider.accounts.set('nocookie-sub', { email: uniqueEmail('nocookie'), emailVerified: true });
    const start = await browser().get('/auth/oidc/start');
    provider.signInAs('nocookie-sub');
    const search = await throughProvider(start.headers.get('location') ?? '');
    const back = await browser().get(`/auth/oidc/callback${search}`);
    expect(back.headers.get('location')).toBe('/login?oidc=expired');
  });

  it('refuses an ID token whose nonce is not the round trip’s', async () => {
    const email = uniqueEmail('nonce');
    provider.accounts.set('nonce-sub', { email, emailVerified: true });
    const at = browser();
    provider.signInAs('nonce-sub');
    const start = await at.get('/auth/oidc/start');
    // The same state and PKCE challenge, another nonce: only the ID token's nonce differs.
    const authorization = new URL(start.headers.get('location') ?? '');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    authorization.searchParams.set('nonce', 'a-nonce-of-someone-else');
    const search = await throughProvider(authorization.href);
    const back = await at.get(`/auth/oidc/callback${search}`);
    expect(back.headers.get('location')).toBe('/login?oidc=failed');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses an expired ID token, by the app’s clock', async () => {
    const email = uniqueEmail('late');
    provider.accounts.set('late-sub', { email, emailVerified: true });
    provider.idTokenTtl = 60;
    // The app's clock reads five minutes past the provider's: the minute-long token has expired.
    ahead = 5 * 60_000;
    const { location } = await signInThroughProvider('late-sub');
    expect(location).toBe('/login?oidc=expired');
    expect(await userByEmail(email)).toBeUndefined();
    expect(JSON.parse((await auditOf('oidc.refused'))[0]?.details ?? '{}')).toEqual({ reason: 'expired' });
  });

  it('refuses an address the provider has not verified, and one it does not give', async () => {
    const email = uniqueEmail('unverified');
    provider.accounts.set('unverified-sub', { email, emailVerified: false });
    const unverified = await signInThroughProvider('unverified-sub');
    expect(unverified.location).toBe('/login?oidc=unverified');
    expect(await userByEmail(email)).toBeUndefined();
    expect(JSON.parse((await auditOf('oidc.refused'))[0]?.details ?? '{}')).toMatchObject({
      reason: 'unverifiedEmail',
      email,
    });

    provider.accounts.set('no-email-sub', { name: 'No Address' });
    const none = await signInThroughProvider('no-email-sub');
    expect(none.location).toBe('/login?oidc=noEmail');
  });

  it('never links an existing account silently: its password links it once, then signing in just works', async () => {
    const owner = await createSignedInUser(t, { name: 'Olive Owner' });
    provider.accounts.set('owner-sub', {
      email: owner.email,
      emailVerified: true,
      name: 'Olive at the provider',
    });
    const before = await userCount();
    const { browser: at, location } = await signInThroughProvider('owner-sub');
    expect(location).toBe('/link-sign-in');
    expect(at.jar.has('nestbox_oidc_session')).toBe(false);
    expect(await userCount()).toBe(before);
    expect(
      await t.database.db.selectFrom('oidc_identities').selectAll().where('user_id', '=', owner.id).execute(),
    ).toEqual([]);

    const pending = await at.get('/auth/oidc/pending-link');
    expect(await pending.json()).toEqual({ email: owner.email, provider: 'Test ID' });

    const wrong = await at.post('/auth/oidc/link', { password: 'not the password at all' });
    expect(wrong.status).toBe(400);
    const wrongBody = (await wrong.json()) as { error: { fields: Record<string, string> } };
    expect(wrongBody.error.fields.password).toMatch(/not the password of this Nestbox account/);
    expect(JSON.parse((await auditOf('oidc.refused'))[0]?.details ?? '{}')).toMatchObject({
      reason: 'wrongPassword',
    });

    // Someone else's browser holds no pending link: it cannot use the owner's password for it.
    const elsewhere = await browser().post('/auth/oidc/link', { password: DEFAULT_PASSWORD });
    expect(elsewhere.status).toBe(400);

    const linked = await at.post('/auth/oidc/link', { password: DEFAULT_PASSWORD });
    expect(linked.status, await linked.clone().text()).toBe(200);
    const session = (await linked.json()) as OidcSessionResponse;
    expect(session.user.id).toBe(owner.id);
    expect(session.user.name).toBe('Olive Owner');
    expect(at.jar.has('nestbox_oidc_link')).toBe(false);
    expect((await auditOf('oidc.linked')).some((e) => e.user_id === owner.id)).toBe(true);

    const next = await signInThroughProvider('owner-sub');
    expect(next.location).toBe('/login?oidc=signedIn');
    expect((await takeSession(next.browser)).user.id).toBe(owner.id);
  });

  it('links from Settings while signed in, and refuses an identity another account holds', async () => {
    const person = await createSignedInUser(t, { name: 'Sam Settings' });
    provider.accounts.set('settings-sub', { email: uniqueEmail('elsewhere'), emailVerified: false });
    expect((await statusOf(person.token)).identity).toBeNull();

    const linkFrom = async (token: string, account: string) => {
      const at = browser();
      const res = await t.request('/api/users/oidc/link', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      at.jar.take(res);
      provider.signInAs(account);
      const search = await throughProvider(((await res.json()) as { url: string }).url);
      return (await at.get(`/auth/oidc/callback${search}`)).headers.get('location');
    };
    // Linking while signed in needs no verified address: the person proved both sides.
    expect(await linkFrom(person.token, 'settings-sub')).toBe('/app?oidc=linked');
    const status = await statusOf(person.token);
    expect(status).toMatchObject({ enabled: true, name: 'Test ID', hasPassword: true });
    expect(status.identity?.id).toBeTruthy();

    const other = await createSignedInUser(t, { name: 'Otto Other' });
    expect(await linkFrom(other.token, 'settings-sub')).toBe('/app?oidc=linkedElsewhere');
    expect((await statusOf(other.token)).identity).toBeNull();

    // Signed out, nobody starts a link.
    expect((await t.request('/api/users/oidc/link', { method: 'POST' })).status).toBe(401);
  });

  it('unlinks only an identity of the caller’s own account that has a password to fall back on', async () => {
    // Made by single sign-on: no password of its own, so it keeps its identity.
    provider.accounts.set('keeper-sub', { email: uniqueEmail('keeper'), emailVerified: true });
    const keeper = await takeSession((await signInThroughProvider('keeper-sub')).browser);
    const keeperStatus = await statusOf(keeper.token);
    expect(keeperStatus.hasPassword).toBe(false);
    const keeperIdentity = keeperStatus.identity?.id ?? '';
    const refused = await unlink(keeper.token, keeperIdentity);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('oidc.unlink.noPassword');
    expect((await statusOf(keeper.token)).identity?.id).toBe(keeperIdentity);

    // Linked to an account with a password: its owner may unlink it, nobody else may.
    const owner = await createSignedInUser(t, { name: 'Una Unlink' });
    provider.accounts.set('unlink-sub', { email: owner.email, emailVerified: true });
    const { browser: at } = await signInThroughProvider('unlink-sub');
    expect((await at.post('/auth/oidc/link', { password: DEFAULT_PASSWORD })).status).toBe(200);
    const identityId = (await statusOf(owner.token)).identity?.id ?? '';
    expect(identityId).toBeTruthy();

    const stranger = await createSignedInUser(t, { name: 'Stan Stranger' });
    const notYours = await unlink(stranger.token, identityId);
    expect(notYours.status).toBe(404);
    expect((await unlink(keeper.token, identityId)).status).toBe(404);
    expect((await statusOf(owner.token)).identity?.id).toBe(identityId);

    const done = await unlink(owner.token, identityId);
    expect(done.status).toBe(200);
    expect((await statusOf(owner.token)).identity).toBeNull();
    expect((await auditOf('oidc.unlinked')).some((e) => e.user_id === owner.id)).toBe(true);

    // Unlinked, the next sign-in with that address asks for the password again.
    expect((await signInThroughProvider('unlink-sub')).location).toBe('/link-sign-in');
  });

  it('says the provider is down when it cannot be reached, and creates nothing', async () => {
    const email = uniqueEmail('down');
    provider.accounts.set('down-sub', { email, emailVerified: true });
    const before = await userCount();

    // Down between the sign-in page and the return: the code cannot be exchanged.
    const at = browser();
    provider.signInAs('down-sub');
    const start = await at.get('/auth/oidc/start');
    const search = await throughProvider(start.headers.get('location') ?? '');
    provider.pause();
    const back = await at.get(`/auth/oidc/callback${search}`);
    expect(back.headers.get('location')).toBe('/login?oidc=unavailable');
    expect(await userByEmail(email)).toBeUndefined();

    // Down from the start, on an app that has not discovered it yet.
    const fresh = await buildTestApp({ env: provider.env(), now: clockStartingAt(STATED) });
    try {
      const refused = await browser(fresh).get('/auth/oidc/start');
      expect(refused.status).toBe(303);
      expect(refused.headers.get('location')).toBe('/login?oidc=unavailable');
      expect(refused.headers.getSetCookie()).toEqual([]);
      const signedIn = await createSignedInUser(fresh, { name: 'Linda Link' });
      const link = await fresh.request('/api/users/oidc/link', {
        method: 'POST',
        headers: { authorization: `Bearer ${signedIn.token}`, 'accept-language': 'fr' },
      });
      expect(link.status).toBe(503);
      expect(((await link.json()) as { error: { message: string } }).error.message).toBe(
        'Le fournisseur d’identité est injoignable pour le moment. Veuillez réessayer dans quelques minutes.',
      );
    } finally {
      await fresh.close();
    }
    expect(await userCount()).toBe(before);
  });
});

describe(`single sign-on settings on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: clockStartingAt(STATED) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is off without its variables: the login page shows no button and the flow sends back to it', async () => {
    expect(await (await t.request('/api/oidc/config')).json()).toEqual({
      enabled: false,
      name: 'single sign-on',
      only: false,
    });
    const start = await t.request('/auth/oidc/start', { redirect: 'manual' });
    expect(start.headers.get('location')).toBe('/login?oidc=disabled');
    const back = await t.request('/auth/oidc/callback?code=x&state=y', { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/login?oidc=disabled');
  });
});
