import { type AddressInfo, createServer, type Server } from 'node:net';
import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import {
  type PushStandIn,
  type ReceivedPush,
  type StandInDevice,
  startPushStandIn,
} from '../../test/push-stand-in.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { readPushEndpoint } from './push-endpoint.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The date these tests are run on: Sunday 29 November 2026, 23:05 UTC. */
const STATED = Date.UTC(2026, 10, 29, 23, 5);

describe(`web push on ${testEngine}`, () => {
  let t: TestApp;
  let service: PushStandIn;
  let ann: SignedInUser;
  let camille: SignedInUser;

  beforeAll(async () => {
    service = await startPushStandIn();
    t = await buildTestApp({
      env: { NESTBOX_E2E: '1' },
      pushTransport: service.transport,
      now: clockStartingAt(STATED),
    });
    ann = await createSignedInUser(t, { name: 'Ann Push' });
    camille = await createSignedInUser(t, { name: 'Camille Push', locale: 'fr' });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const send = (method: string, path: string, json?: unknown, token = ann.token, language = 'en-GB') =>
    t.request(path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language },
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T>(method: string, path: string, json?: unknown, token = ann.token): Promise<T> {
    const res = await send(method, path, json, token);
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  const subscribe = (device: StandInDevice, token = ann.token) =>
    ok('POST', '/api/push/subscriptions', { endpoint: device.endpoint, keys: device.keys }, token);
  const rows = () => t.database.db.selectFrom('push_subscriptions').selectAll().execute();
  /** A text whose target date is `at`: its setter gets the date's own 'on' reminder. */
  const dueText = async (title: string, at: number, who: SignedInUser) => {
    const item = await ok<Item>(
      'POST',
      '/api/items/create-item',
      { parentItemId: who.root, itemType: 'todoText', title },
      who.token,
    );
    await ok('PUT', '/api/items/update-item', { itemId: item._id, priorityTargetDate: at }, who.token);
    return item._id;
  };
  const runReminders = async (now: number) =>
    (await ok<{ fired: number }>('POST', '/e2e/reminders/run', { now })).fired;
  /** The next whole hour at least a day ahead: past every earlier test's dates. */
  let clock = Math.ceil(STATED / HOUR) * HOUR;
  const nextDate = () => {
    clock += 2 * DAY;
    return clock;
  };

  it('asks for a session on every route, and never takes a personal API token', async () => {
    const device = service.device('anonymous');
    for (const [method, path, json] of [
      ['GET', '/api/push/public-key', undefined],
      ['POST', '/api/push/subscriptions', { endpoint: device.endpoint, keys: device.keys }],
      ['DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`, undefined],
      ['POST', '/api/push/test', { endpoint: device.endpoint }],
    ] as const) {
      expect((await send(method, path, json, '')).status, `${method} ${path}`).toBe(401);
    }
    const { token } = await ok<{ token: string }>('POST', '/api/tokens', { name: 'Script', scope: 'write' });
    const res = await send(
      'POST',
      '/api/push/subscriptions',
      { endpoint: device.endpoint, keys: device.keys },
      token,
    );
    expect(res.status).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it('answers the VAPID public key browsers subscribe with', async () => {
    expect(await ok('GET', '/api/push/public-key')).toEqual({ publicKey: t.secrets.vapid.publicKey });
    expect(t.secrets.vapid.publicKey).toMatch(/^[\w-]{87}$/);
  });

  it('refuses an address that is no push service, and bad keys, with a translated 400 that stores nothing', async () => {
    const device = service.device('refused');
    for (const endpoint of [
      'http://127.0.0.1/push/x',
      'https://example.org/push',
      'not a url',
      'x'.repeat(2000),
    ]) {
      const res = await send(
        'POST',
        '/api/push/subscriptions',
        { endpoint, keys: device.keys },
        ann.token,
        'fr',
      );
      expect(res.status, endpoint).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('service de notifications');
    }
    for (const keys of [
      { p256dh: 'short', auth: device.keys.auth },
      { p256dh: device.keys.p256dh, auth: '' },
      { p256dh: `${device.keys.p256dh.slice(1)}!`, auth: device.keys.auth },
      null,
    ]) {
      const res = await send('POST', '/api/push/subscriptions', { endpoint: device.endpoint, keys });
      expect(res.status, JSON.stringify(keys)).toBe(400);
    }
    expect(await rows()).toEqual([]);
  });

  it('knows the browsers’ push services and nothing else', () => {
    expect(readPushEndpoint('https://fcm.googleapis.com/fcm/send/abc:APA91b-x_y')).toEqual({
      hostname: 'fcm.googleapis.com',
      port: 443,
      path: '/fcm/send/abc:APA91b-x_y',
    });
    for (const url of [
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAD%2b%3d',
    ])
      expect(readPushEndpoint(url), url).toBeDefined();
    for (const url of HOSTILE_ENDPOINTS) expect(readPushEndpoint(url), url).toBeUndefined();
  });

  it('sends each fired reminder once to every device of its person, encrypted, in their language', async () => {
    const phone = service.device('camille-phone');
    const laptop = service.device('camille-laptop');
    await subscribe(phone, camille.token);
    await subscribe(laptop, camille.token);
    const at = nextDate();
    expect(at).toBe(Date.UTC(2026, 11, 2));
    const itemId = await dueText('Payer le loyer', at, camille);

    expect(await runReminders(at + 1_000)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => service.pushesTo('camille-laptop').length).toBe(1);
    await expect.poll(() => service.pushesTo('camille-phone').length).toBe(1);
    const [push] = service.pushesTo('camille-phone');
    if (!push) throw new Error('no push');
    // Real Web Push: VAPID-signed for this server's key, encrypted for the device.
    expect(String(push.headers.authorization)).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.secrets.vapid.publicKey}$`),
    );
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.body.toString('utf8')).not.toContain('loyer');
    const payload = phone.read(push);
    expect(payload).toMatchObject({
      title: 'Payer le loyer',
      url: `/app/boxes?item=${encodeURIComponent(itemId)}`,
    });
    // In Camille's zone (Europe/London) and language, accents included.
    expect(payload.body).toBe('Rappel\u00a0: échéance le mercredi 2 décembre 2026, 00:00');
    expect(laptop.read(service.pushesTo('camille-laptop')[0] as typeof push).title).toBe('Payer le loyer');

    // The occurrence fired already: running the job again sends nothing more.
    await runReminders(at + 2_000);
    expect(service.pushesTo('camille-phone')).toHaveLength(1);
  });

  it('sends a mention to every device of the person named, in their language', async () => {
    const tablet = service.device('camille-tablet');
    await subscribe(tablet, camille.token);
    const { Courses: box } = await tree(t, ann, ['Courses']);
    await ok('PUT', '/api/items/associate-user', { itemId: box, userId: camille.id, ownershipId: 'editor' });
    const body = `@${camille.name} du pain aussi`;
    const comment = await ok<{ id: string }>('POST', `/api/items/${box}/comments`, {
      body,
      mentions: [camille.id],
    });
    await expect.poll(() => service.pushesTo('camille-tablet').length).toBe(1);
    const payload = tablet.read(service.pushesTo('camille-tablet')[0] as ReceivedPush);
    expect(payload).toEqual({
      title: 'Courses',
      body: `Ann Push vous a mentionné\u00a0: ${body}`,
      url: `/app/boxes?item=${encodeURIComponent(box as string)}`,
      tag: `mention-${comment.id}`,
    });
  });

  it('forgets a device the push service says is gone, and one whose session ended', async () => {
    const gone = service.device('ann-gone');
    const loggedOut = service.device('ann-logged-out');
    await subscribe(gone);
    const session = await createSignedInUser(t, { name: 'Ann Again' });
    await subscribe(loggedOut, session.token);
    service.forget('ann-gone');

    // Logging out forgets the devices that session subscribed.
    expect((await send('POST', '/auth/logout', undefined, session.token)).status).toBe(204);
    expect((await rows()).map((row) => row.endpoint)).not.toContain(loggedOut.endpoint);

    await dueText('Water the plants', nextDate(), ann);
    await runReminders(clock + 1_000);
    await expect.poll(async () => (await rows()).map((row) => row.endpoint)).not.toContain(gone.endpoint);
    expect(service.pushesTo('ann-gone')).toEqual([]);
  });

  it('stops notifying a device whose session a password change ended, until it subscribes again', async () => {
    const pat = await createSignedInUser(t, { name: 'Pat Password' });
    const device = service.device('pat-phone');
    await subscribe(device, pat.token);
    const { token } = await ok<{ token: string }>(
      'PUT',
      '/api/admin/users/update-password',
      { currentPassword: pat.password, password: 'a-new-Password-of-mine-9' },
      pat.token,
    );
    const at = nextDate();
    await dueText('Renew the passport', at, { ...pat, token });
    await runReminders(at + 1_000);
    await expect.poll(async () => (await rows()).map((row) => row.endpoint)).not.toContain(device.endpoint);
    expect(service.pushesTo('pat-phone')).toEqual([]);

    // The app subscribes the device again under its new session (it does so at every start).
    await subscribe(device, token);
    const later = nextDate();
    await dueText('Book the dentist', later, { ...pat, token });
    await runReminders(later + 1_000);
    await expect.poll(() => service.pushesTo('pat-phone').length).toBe(1);
  });

  it('lets each person stop or test only their own devices', async () => {
    const mine = service.device('ann-mine');
    const theirs = service.device('camille-theirs');
    await subscribe(mine);
    await subscribe(theirs, camille.token);

    // Someone else's device: not found, not tested, not removed.
    expect((await send('POST', '/api/push/test', { endpoint: theirs.endpoint })).status).toBe(404);
    await ok('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(theirs.endpoint)}`);
    expect((await rows()).map((row) => row.endpoint)).toContain(theirs.endpoint);

    expect(await ok('POST', '/api/push/test', { endpoint: mine.endpoint })).toEqual({ delivered: true });
    const [push] = service.pushesTo('ann-mine');
    if (!push) throw new Error('no test push');
    expect(mine.read(push)).toEqual({
      title: 'Nestbox notifications are on',
      body: 'This device will show your reminders as they fire.',
      url: '/app',
      tag: 'nestbox-test',
    });

    await ok('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(mine.endpoint)}`);
    expect((await rows()).map((row) => row.endpoint)).not.toContain(mine.endpoint);
    expect((await send('POST', '/api/push/test', { endpoint: mine.endpoint })).status).toBe(404);

    // A device that answers 410 to its test is reported undelivered and forgotten.
    const stale = service.device('ann-stale');
    await subscribe(stale);
    service.forget('ann-stale');
    expect(await ok('POST', '/api/push/test', { endpoint: stale.endpoint })).toEqual({ delivered: false });
    expect((await rows()).map((row) => row.endpoint)).not.toContain(stale.endpoint);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/docs/json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/push/'))).toEqual([
      '/api/push/public-key',
      '/api/push/subscriptions',
      '/api/push/test',
    ]);
    expect(doc.paths['/api/push/subscriptions']?.delete?.parameters).toEqual([
      expect.objectContaining({ name: 'endpoint', in: 'query' }),
    ]);
  });

  it('keeps each person’s subscription of a shared device their own', async () => {
    const shared = service.device('shared-tablet');
    await subscribe(shared);
    await subscribe(shared, camille.token);
    const owners = async () =>
      (await rows())
        .filter((row) => row.endpoint === shared.endpoint)
        .map((row) => row.user_id)
        .sort();
    expect(await owners()).toEqual([ann.id, camille.id].sort());

    // Subscribing again renews the person's row; it makes no second one.
    await subscribe(shared);
    expect(await owners()).toEqual([ann.id, camille.id].sort());

    // Each one's delete removes their own row, and only theirs.
    await ok('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(shared.endpoint)}`);
    expect(await owners()).toEqual([camille.id]);
    expect(await ok('POST', '/api/push/test', { endpoint: shared.endpoint }, camille.token)).toEqual({
      delivered: true,
    });
  });

  it('notifies at most 20 devices per account, with a translated 409 past them', async () => {
    const sam = await createSignedInUser(t, { name: 'Sam Many Devices' });
    const devices = Array.from({ length: 20 }, (_, n) => service.device(`sam-${n}`));
    for (const device of devices) await subscribe(device, sam.token);
    const extra = service.device('sam-extra');
    const res = await send(
      'POST',
      '/api/push/subscriptions',
      { endpoint: extra.endpoint, keys: extra.keys },
      sam.token,
      'fr',
    );
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toContain('au plus 20');
    const samRows = async () =>
      (await rows()).filter((row) => row.user_id === sam.id).map((row) => row.endpoint);
    expect(await samRows()).toHaveLength(20);
    expect(await samRows()).not.toContain(extra.endpoint);

    // A device already subscribed renews at the cap; one turned off makes room.
    await subscribe(devices[0] as StandInDevice, sam.token);
    await ok(
      'DELETE',
      `/api/push/subscriptions?endpoint=${encodeURIComponent(devices[0]?.endpoint ?? '')}`,
      undefined,
      sam.token,
    );
    await subscribe(extra, sam.token);
    expect(await samRows()).toHaveLength(20);
  });

  it('sends to a person’s devices side by side, giving up on a silent service within 5 s', async () => {
    const lee = await createSignedInUser(t, { name: 'Lee Slow Devices' });
    const fast = service.device('lee-fast');
    for (const name of ['lee-silent-1', 'lee-silent-2']) {
      await subscribe(service.device(name), lee.token);
      service.hang(name);
    }
    await subscribe(fast, lee.token);
    const at = nextDate();
    await dueText('Call the plumber', at, lee);
    await runReminders(at + 1_000);

    await expect.poll(() => service.pushesTo('lee-fast').length).toBe(1);
    const held = () => service.held.filter((push) => push.device.startsWith('lee-silent'));
    await expect.poll(() => held().length).toBe(2);
    const [first, second] = held();
    if (!first || !second) throw new Error('no held pushes');
    // Side by side: the second silent service is not waited for behind the first.
    expect(Math.abs(first.at - second.at)).toBeLessThan(2_000);
    await expect
      .poll(() => held().every((push) => push.droppedAt !== undefined), { timeout: 8_000 })
      .toBe(true);
    for (const push of held()) expect((push.droppedAt ?? 0) - push.at).toBeLessThan(6_500);
  }, 15_000);
});

describe(`push endpoints that point home, on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let listener: Server;
  let port = 443;
  const connections: string[] = [];

  beforeAll(async () => {
    // Where every hostile form below leads a lenient parser: HTTPS on this machine.
    listener = createServer((socket) => {
      connections.push(String(socket.remoteAddress));
      socket.destroy();
    });
    port = await new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(443, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port));
    });
    t = await buildTestApp({ env: { NESTBOX_E2E: '1' } });
    ann = await createSignedInUser(t, { name: 'Ann Home' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => listener?.close(resolve));
  });

  const post = (path: string, json: unknown) =>
    t.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'accept-language': 'fr' },
      json,
    });
  const keys = {
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
  };

  it('refuses every form with a translated 400, stores nothing and connects nowhere', async () => {
    expect(port).toBe(443);
    for (const endpoint of HOSTILE_ENDPOINTS) {
      const res = await post('/api/push/subscriptions', { endpoint, keys });
      expect(res.status, endpoint).toBe(400);
      expect(JSON.stringify(await res.json()), endpoint).toContain('service de notifications');
    }
    expect(await t.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
    expect(connections).toEqual([]);
  });

  it('sends nothing to such an endpoint stored before the check, and forgets it', async () => {
    const stored = await t.database.db.selectFrom('push_subscriptions').select('id').execute();
    expect(stored).toEqual([]);
    await t.database.db
      .insertInto('push_subscriptions')
      .values(
        HOSTILE_ENDPOINTS.map((endpoint, n) => ({
          id: `hostile-${n}`,
          user_id: ann.id,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          session_id: 'jti-hostile',
          token_version: 0,
          session_expires_at: Number.MAX_SAFE_INTEGER,
          created_at: 0,
        })),
      )
      .execute();
    for (const endpoint of HOSTILE_ENDPOINTS) {
      const res = await post('/api/push/test', { endpoint });
      // Forms the schema refuses answer 400; the others are found, not sent, and forgotten.
      if (res.status === 200) expect(await res.json(), endpoint).toEqual({ delivered: false });
      else expect(res.status, endpoint).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toEqual([]);
  });
});

/**
 * Endpoints that name a push service to one reader and another host to the next (the legacy
 * `url.parse` stops a host at `;`, `{`, a quote or a backtick), or that point home directly.
 */
const HOSTILE_ENDPOINTS = [
  'https://127.0.0.1;.fcm.googleapis.com/x',
  'https://127.0.0.1{.fcm.googleapis.com/x',
  'https://127.0.0.1}.fcm.googleapis.com/x',
  "https://127.0.0.1'.fcm.googleapis.com/x",
  'https://127.0.0.1`.fcm.googleapis.com/x',
  'https://127.0.0.1".fcm.googleapis.com/x',
  'https://127.0.0.1|.fcm.googleapis.com/x',
  'https://127.0.0.1^.fcm.googleapis.com/x',
  'https://127.0.0.1<.fcm.googleapis.com/x',
  'https://127.0.0.1%3B.fcm.googleapis.com/x',
  'https://127.0.0.1%2F.fcm.googleapis.com/x',
  'https://127.0.0.1\\.fcm.googleapis.com/x',
  'https://127.0.0.1\\@fcm.googleapis.com/x',
  'https://127.0.0.1 .fcm.googleapis.com/x',
  'https://127.0.0.1\t.fcm.googleapis.com/x',
  'https://127.0.0.1#.fcm.googleapis.com/x',
  'https://127.0.0.1?.fcm.googleapis.com/x',
  'https://127.0.0.1/.fcm.googleapis.com/x',
  'https://127.0.0.1@fcm.googleapis.com/x',
  'https://fcm.googleapis.com@127.0.0.1/x',
  'https://user:pw@fcm.googleapis.com/x',
  'https://:@fcm.googleapis.com/x',
  'https://fcm.googleapis.com:443/x',
  'https://fcm.googleapis.com:8443/fcm/send/abc',
  'https://fcm.googleapis.com:/x',
  'https://FCM.GOOGLEAPIS.COM/x',
  'https://Fcm.googleapis.com/x',
  'HTTPS://fcm.googleapis.com/x',
  'https://fcm.googleapis.com./x',
  'https://localhost.fcm.googleapis.com./x',
  'https://a..fcm.googleapis.com/x',
  'https://-a.fcm.googleapis.com/x',
  'https://fcm.googleapis.com\\x',
  'https:\\\\fcm.googleapis.com/x',
  'https:/fcm.googleapis.com/x',
  'https:fcm.googleapis.com/x',
  'https://fcm.googleapis.com/x;127.0.0.1',
  'https://fcm.googleapis.com/x@127.0.0.1',
  'https://fcm.googleapis.com/%zz',
  'https://fcm.googleapis.com/a/../b',
  'https://fcm.googleapis.com/x#y',
  'https://fcm.googleapis.com/x y',
  'https://fcm.googleapis.com/x\nHost: 127.0.0.1',
  'https://fcm.googleapis.com.evil.example/x',
  'https://evilfcm.googleapis.com.example/x',
  'https://fcm.googleapis.com.127.0.0.1.nip.io/x',
  'https://xn--fcm-googleapis.com/x',
  'https://fcm.googleapis.com\u3002/x',
  'https://fcm\uff0egoogleapis.com/x',
  'https://127.0.0.1/push',
  'https://2130706433/x',
  'https://0x7f.0.0.1/x',
  'https://localhost/push',
  'https://localhost:443/push',
  'https://[::1]/push',
  'https://[::ffff:127.0.0.1]/x',
  'https://169.254.169.254/latest',
  'http://fcm.googleapis.com/fcm/send/abc',
  'wss://fcm.googleapis.com/x',
  '//fcm.googleapis.com/x',
  'https://',
];
