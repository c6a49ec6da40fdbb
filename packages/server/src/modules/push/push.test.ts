import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { type PushStandIn, type StandInDevice, startPushStandIn } from '../../test/push-stand-in.js';
import { testEngine } from '../../test/test-database.js';
import { isPushServiceEndpoint } from './push.service.js';

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
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
    ])
      expect(isPushServiceEndpoint(new URL(url)), url).toBe(true);
    for (const url of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest',
    ])
      expect(isPushServiceEndpoint(new URL(url)), url).toBe(false);
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

  it('gives a device to whoever subscribes it last', async () => {
    const shared = service.device('shared-tablet');
    await subscribe(shared);
    await subscribe(shared, camille.token);
    const owners = (await rows()).filter((row) => row.endpoint === shared.endpoint).map((row) => row.user_id);
    expect(owners).toEqual([camille.id]);
  });
});
