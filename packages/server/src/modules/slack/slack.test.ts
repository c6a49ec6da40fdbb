import type { Item } from '@nestbox/shared/items/item.schema';
import type { SlackAccount } from '@nestbox/shared/slack/slack.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { startSlackStandIn, TEST_SLACK } from '../../test/slack-stand-in.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { signSlackRequest } from './slack-signature.js';

const SIGNING_SECRET = TEST_SLACK.signingSecret;
const CLIENT_ID = TEST_SLACK.clientId;
const CLIENT_SECRET = TEST_SLACK.clientSecret;
const TEAM = TEST_SLACK.team;

describe(`slack on ${testEngine}`, () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startSlackStandIn>>;
  let ann: UserRow;
  let annToken: string;
  let stranger: UserRow;
  let strangerToken: string;
  const api = apiCalls(
    () => t,
    () => annToken,
  );

  beforeAll(async () => {
    fake = await startSlackStandIn();
    t = await buildTestApp({
      env: {
        SLACK_CLIENT_ID: CLIENT_ID,
        SLACK_CLIENT_SECRET: CLIENT_SECRET,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: fake.url,
        NESTBOX_APP_URL: 'https://nestbox.example',
      },
    });
    ann = await createUser(t.database.db, { name: 'Ann' });
    stranger = await createUser(t.database.db, { name: 'Stranger' });
    annToken = await tokenFor(t.secrets.jwtSecret, ann);
    strangerToken = await tokenFor(t.secrets.jwtSecret, stranger);
  });
  afterAll(async () => {
    await t.close();
    fake.server.close();
  });

  /** Starts the OAuth flow as a user: the state from the authorize URL, and the browser's cookie. */
  async function startLink(token = annToken): Promise<{ url: URL; state: string; cookie: string }> {
    const res = await api.send('POST', '/api/users/slack-connect', undefined, token);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const parsed = new URL(url);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Secure/); // NESTBOX_APP_URL is https here
    return {
      url: parsed,
      state: parsed.searchParams.get('state') ?? '',
      cookie: setCookie.split(';')[0] ?? '',
    };
  }
  /** The browser coming back from Slack; by default the same browser (its cookie) that started. */
  const returnFromSlack = (
    query: Record<string, string>,
    cookie = `nestbox_slack_state=${query.state ?? ''}`,
  ) => t.request(`/slack/auth?${new URLSearchParams(query)}`, { redirect: 'manual', headers: { cookie } });

  /** Posts an Events API payload signed like Slack (or with the given overrides). */
  function postEvent(
    payload: unknown,
    options: { secret?: string; timestamp?: number; signature?: string } = {},
  ) {
    const raw = JSON.stringify(payload);
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    return t.request('/slack/events', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature':
          options.signature ?? signSlackRequest(options.secret ?? SIGNING_SECRET, timestamp, raw),
      },
      body: raw,
    });
  }
  let eventCounter = 0;
  const dm = (slackUserId: string, text: string, extra: Record<string, unknown> = {}) => ({
    type: 'event_callback',
    team_id: TEAM.id,
    event_id: `Ev${Date.now()}${++eventCounter}`,
    event: {
      type: 'message',
      channel_type: 'im',
      channel: 'D1',
      user: slackUserId,
      text,
      ts: '1.0',
      ...extra,
    },
  });
  const slackBoxItems = async (boxId: string) =>
    (await api.ok<{ items: Item[] }>('GET', `/api/items/get-items-for-pane?itemId=${boxId}`)).items.map(
      (i) => i.title,
    );

  it('builds the authorize URL with the minimal scopes, the redirect URI and a state', async () => {
    const { url, state } = await startLink();
    expect(url.origin + url.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('scope')).toBe('im:history,users:read');
    expect(url.searchParams.get('redirect_uri')).toBe('https://nestbox.example/slack/auth');
    expect(state.length).toBeGreaterThanOrEqual(40);
    const status = await api.ok<{ enabled: boolean }>('GET', '/api/users/slack-status');
    expect(status.enabled).toBe(true);
    expect((await api.send('POST', '/api/users/slack-connect', undefined, 'bad')).status).toBe(401);
  });

  it('links the account through the code exchange, creates the Slack box once, and refuses a reused state', async () => {
    const { state } = await startLink();
    const res = await returnFromSlack({ code: 'code-UANN', state });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app?slack=linked');
    const exchange = fake.calls.find((c) => c.get('code') === 'code-UANN');
    expect(exchange?.get('redirect_uri')).toBe('https://nestbox.example/slack/auth');

    const accounts = await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts');
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      teamId: TEAM.id,
      teamName: TEAM.name,
      slackUserId: 'UANN',
      slackUserName: 'Ann Slack',
    });
    const root = await rootBoxOf(t.database.db, ann.id);
    const rootTitles = (
      await api.ok<{ items: Item[] }>('GET', `/api/items/get-items-for-pane?itemId=${root}`)
    ).items
      .filter((i) => i.title === 'Slack')
      .map((i) => i._id);
    expect(rootTitles).toEqual([accounts[0]?.inboxItemId]);
    // The token is stored encrypted, never in clear.
    const stored = await t.database.db
      .selectFrom('slack_accounts')
      .select('access_token_enc')
      .executeTakeFirstOrThrow();
    expect(stored.access_token_enc).not.toContain('xoxb');

    // The same state a second time: refused, nothing changes.
    const again = await returnFromSlack({ code: 'code-UANN', state });
    expect(again.headers.get('location')).toBe('/app?slack=failed');
    // A second link (another Slack user) reuses the same Slack box.
    const second = await startLink();
    expect((await returnFromSlack({ code: 'code-UANN2', state: second.state })).headers.get('location')).toBe(
      '/app?slack=linked',
    );
    const both = await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts');
    expect(both.map((a) => a.inboxItemId)).toEqual([accounts[0]?.inboxItemId, accounts[0]?.inboxItemId]);
  });

  it('refuses an unknown state, a refused consent and a failed code exchange without linking', async () => {
    const before = (
      await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts', undefined, strangerToken)
    ).length;
    expect(
      (await returnFromSlack({ code: 'code-USTR', state: 'forged-state' })).headers.get('location'),
    ).toBe('/app?slack=failed');
    const denied = await startLink(strangerToken);
    expect(
      (await returnFromSlack({ error: 'access_denied', state: denied.state })).headers.get('location'),
    ).toBe('/app?slack=denied');
    const bad = await startLink(strangerToken);
    expect((await returnFromSlack({ code: 'not-a-code', state: bad.state })).headers.get('location')).toBe(
      '/app?slack=failed',
    );
    expect(
      await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts', undefined, strangerToken),
    ).toHaveLength(before);
  });

  it('refuses a return to another browser than the one that started (no or another state cookie)', async () => {
    const { state, cookie } = await startLink(strangerToken);
    expect(cookie).toBe(`nestbox_slack_state=${state}`);
    const elsewhere = await returnFromSlack({ code: 'code-USTR', state }, 'nestbox_slack_state=someone-else');
    expect(elsewhere.headers.get('location')).toBe('/app?slack=failed');
    expect((await returnFromSlack({ code: 'code-USTR', state }, '')).headers.get('location')).toBe(
      '/app?slack=failed',
    );
    expect(
      await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts', undefined, strangerToken),
    ).toEqual([]);
    // The right browser still can (the state was not used up by the refusals); the cookie is cleared.
    const back = await returnFromSlack({ code: 'code-USTR', state }, cookie);
    expect(back.headers.get('location')).toBe('/app?slack=linked');
    expect(back.headers.get('set-cookie')).toMatch(/^nestbox_slack_state=;.*Max-Age=0/);
    const [linked] = await api.ok<SlackAccount[]>(
      'GET',
      '/api/users/slack-accounts',
      undefined,
      strangerToken,
    );
    await api.ok(
      'DELETE',
      `/api/users/slack-account?slackAccountId=${linked?.slackAccountId}`,
      undefined,
      strangerToken,
    );
  });

  it('refuses an expired state', async () => {
    const { state } = await startLink(strangerToken);
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('purpose', '=', 'slack_oauth_state')
      .where('used_at', 'is', null)
      .execute();
    expect((await returnFromSlack({ code: 'code-USTR', state })).headers.get('location')).toBe(
      '/app?slack=failed',
    );
  });

  it('answers url_verification with the challenge', async () => {
    const res = await postEvent({ type: 'url_verification', challenge: 'chal-123', token: 'x' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: 'chal-123' });
  });

  it('turns a DM into a text item at the top of the Slack box, live, once per event id', async () => {
    const [account] = await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts');
    const boxId = account?.inboxItemId ?? '';
    const socket = await connect(t.baseUrl, annToken);
    try {
      const added = nextEvent(socket, 'ADD_ITEM');
      const first = dm('UANN', 'Buy oat milk &amp; bread');
      expect((await postEvent(first)).status).toBe(200);
      const event = await added;
      expect(event.parentItemId).toBe(boxId);
      expect(event.item).toMatchObject({ title: 'Buy oat milk & bread', itemType: 'todoText' });

      await postEvent(dm('UANN', 'Call the dentist'));
      expect(await slackBoxItems(boxId)).toEqual(['Call the dentist', 'Buy oat milk & bread']);

      // Slack retries the same event: still one item.
      expect((await postEvent(first)).status).toBe(200);
      expect(await slackBoxItems(boxId)).toEqual(['Call the dentist', 'Buy oat milk & bread']);
    } finally {
      socket.close();
    }
  });

  it('refuses a bad signature, a stale timestamp and a missing signature with 401, creating nothing', async () => {
    const [account] = await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts');
    const before = await slackBoxItems(account?.inboxItemId ?? '');
    const wrongSecret = await postEvent(dm('UANN', 'forged'), { secret: 'another-secret' });
    expect(wrongSecret.status).toBe(401);
    expect(((await wrongSecret.json()) as { error: { code: string } }).error.code).toBe(
      'slack.signature.invalid',
    );
    const stale = await postEvent(dm('UANN', 'stale'), {
      timestamp: Math.floor(Date.now() / 1000) - 5 * 60 - 5,
    });
    expect(stale.status).toBe(401);
    expect((await postEvent(dm('UANN', 'unsigned'), { signature: '' })).status).toBe(401);
    // A body changed after signing no longer matches.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signed = signSlackRequest(SIGNING_SECRET, timestamp, JSON.stringify(dm('UANN', 'original')));
    const tampered = await t.request('/slack/events', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': signed,
      },
      body: JSON.stringify(dm('UANN', 'tampered')),
    });
    expect(tampered.status).toBe(401);
    expect(await slackBoxItems(account?.inboxItemId ?? '')).toEqual(before);
  });

  it('ignores unknown Slack users, bot messages, edits and channel messages (200, nothing created)', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('items')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const payload of [
      dm('UNOBODY', 'who am I'),
      dm('UANN', 'from a bot', { bot_id: 'B1' }),
      dm('UANN', 'edited', { subtype: 'message_changed' }),
      dm('UANN', 'in a channel', { channel_type: 'channel' }),
    ]) {
      expect((await postEvent(payload)).status).toBe(200);
    }
    expect(await count()).toBe(before);
  });

  it('lists and unlinks only the caller’s own accounts; strangers get 404', async () => {
    const accounts = await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts');
    const target = accounts[1]?.slackAccountId ?? '';
    expect(
      await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts', undefined, strangerToken),
    ).toEqual([]);
    const stolen = await api.send(
      'DELETE',
      `/api/users/slack-account?slackAccountId=${target}`,
      undefined,
      strangerToken,
    );
    expect(stolen.status).toBe(404);
    await api.ok('DELETE', `/api/users/slack-account?slackAccountId=${target}`);
    const left = await api.ok<SlackAccount[]>('GET', '/api/users/slack-accounts');
    expect(left.map((a) => a.slackAccountId)).toEqual([accounts[0]?.slackAccountId]);
    expect((await api.send('DELETE', `/api/users/slack-account?slackAccountId=${target}`)).status).toBe(404);
    // Messages from the unlinked Slack user are now ignored.
    const boxId = accounts[0]?.inboxItemId ?? '';
    const before = await slackBoxItems(boxId);
    await postEvent(dm('UANN2', 'after unlink'));
    expect(await slackBoxItems(boxId)).toEqual(before);
  });
});

describe(`slack switched off on ${testEngine}`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await tokenFor(t.secrets.jwtSecret, await createUser(t.database.db));
  });
  afterAll(() => t.close());

  it('answers a clear error naming the variables to set, and /slack/auth says so to the app', async () => {
    const api = apiCalls(
      () => t,
      () => token,
    );
    const status = await api.ok<{ enabled: boolean; requiredVariables: string[] }>(
      'GET',
      '/api/users/slack-status',
    );
    expect(status).toEqual({
      enabled: false,
      requiredVariables: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'],
    });
    const connect = await api.send('POST', '/api/users/slack-connect');
    expect(connect.status).toBe(503);
    const body = (await connect.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('slack.notConfigured');
    expect(body.error.message).toContain('SLACK_SIGNING_SECRET');
    const events = await t.request('/slack/events', {
      method: 'POST',
      json: { type: 'url_verification', challenge: 'x' },
    });
    expect(events.status).toBe(503);
    const back = await t.request('/slack/auth?code=x&state=y', { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/app?slack=disabled');
  });
});
