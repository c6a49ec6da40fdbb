import type { Item } from '@nestbox/shared/items/item.schema';
import type { Reminder, ReminderEventsPage } from '@nestbox/shared/reminders/reminder.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import type { UserRow } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.js';
import { type ClientSocket, connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { createAccessService } from '../access/access.service.js';
import { fireDueReminders } from './reminder-events.repository.js';
import { createRemindersService } from './reminders.service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Person = UserRow & { token: string; root: string };

describe(`reminders on ${testEngine}`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let ann: Person;
  let stranger: Person;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Stated: a Saturday evening in November 2026, ahead of every date these tests plan.
    t = await buildTestApp({
      env: { NESTBOX_E2E: '1', SMTP_URL: smtp.url },
      now: clockStartingAt(Date.UTC(2026, 10, 28, 18)),
    });
    const person = async (name: string): Promise<Person> => {
      const user = await createUser(t.database.db, { name }, t.now());
      return {
        ...user,
        token: await tokenFor(t.secrets.jwtSecret, user, t.now()),
        root: await rootBoxOf(t.database.db, user.id),
      };
    };
    ann = await person('Ann Reminder');
    stranger = await person('Stan Ger');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (who: Person, method: string, path: string, json?: unknown) =>
    t.request(path, {
      method,
      headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'en-GB' },
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T>(who: Person, method: string, path: string, json?: unknown): Promise<T> {
    const res = await send(who, method, path, json);
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  }
  const setTarget = (itemId: string, priorityTargetDate: number | null, who = ann) =>
    ok<Item>(who, 'PUT', '/api/items/update-item', { itemId, priorityTargetDate });
  const addReminder = async (itemId: string, query: string, who = ann) =>
    (await ok<{ data: string }>(who, 'POST', `/api/reminders/create-item-reminder?itemId=${itemId}&${query}`))
      .data;
  const reminders = (itemId: string, who = ann) =>
    ok<Reminder[]>(who, 'GET', `/api/reminders/get-item-reminders?itemId=${itemId}`);
  const run = async (now: number) =>
    (await ok<{ fired: number }>(ann, 'POST', '/e2e/reminders/run', { now })).fired;
  const events = (who = ann, body: Record<string, unknown> = {}) =>
    ok<ReminderEventsPage>(who, 'POST', '/api/reminders/get-reminder-events', body);
  const unread = async (who = ann) =>
    (await ok<{ count: number }>(who, 'GET', '/api/reminders/unread-count')).count;
  const readAll = async (who = ann) => {
    for (;;) {
      const page = await events(who, { unreadOnly: true });
      if (page.events.length === 0) return;
      await ok(who, 'PUT', '/api/reminders/mark-events-read', {
        remindersEventIds: page.events.map((e) => e._id),
      });
    }
  };
  /** A future target date, a whole number of days ahead at 09:00 UTC. */
  const inDays = (days: number) => Math.ceil((t.now() + days * DAY) / DAY) * DAY + 9 * HOUR;

  it('creates a reminder with the SPEC defaults (1 day before, no repeat) and validates every field', async () => {
    const { Defaults: item } = await tree(t, ann, ['Defaults']);
    const id = await addReminder(item, '');
    expect(await reminders(item)).toEqual([
      {
        _id: id,
        itemId: item,
        numberOf: 1,
        unit: 'days',
        beforeAfterOn: 'before',
        repeat: false,
        linkedDirectlyToTargetDate: false,
        nextFireDate: null,
      },
    ]);
    for (const bad of [
      'numberOf=0',
      'numberOf=01',
      'numberOf=1000',
      'numberOf=1.5',
      'numberOf=abc',
      'unit=months',
      'beforeAfterOn=during',
      'repeat=maybe',
    ]) {
      const res = await send(ann, 'POST', `/api/reminders/create-item-reminder?itemId=${item}&${bad}`);
      expect(res.status, bad).toBe(400);
      const body = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.keys(body.error.fields ?? {}), bad).toEqual([bad.split('=')[0]]);
    }
    const numberError = (await (
      await send(ann, 'POST', `/api/reminders/create-item-reminder?itemId=${item}&numberOf=07`)
    ).json()) as { error: { fields: Record<string, string> } };
    expect(numberError.error.fields.numberOf).toBe(
      'Enter a whole number from 1 to 999, without a leading zero.',
    );
    expect(await reminders(item)).toHaveLength(1);
    // Repeat only means something for 'on'.
    const before = await addReminder(item, 'numberOf=2&unit=hours&beforeAfterOn=before&repeat=true');
    expect((await reminders(item)).find((r) => r._id === before)?.repeat).toBe(false);
  });

  it('plans every combination from the target date, in the user zone across a DST change', async () => {
    const { 'Clocks go forward': item } = await tree(t, ann, ['Clocks go forward']);
    // Sunday 28 March 2027, 09:00 BST (08:00 UTC); the clocks went forward at 01:00 UTC that day.
    const target = Date.UTC(2027, 2, 28, 8);
    await setTarget(item, target);
    const cases: [string, number][] = [
      ['numberOf=1&unit=days&beforeAfterOn=before', Date.UTC(2027, 2, 27, 9)], // 09:00 GMT
      ['numberOf=2&unit=weeks&beforeAfterOn=before', Date.UTC(2027, 2, 14, 9)],
      ['numberOf=1&unit=years&beforeAfterOn=after', Date.UTC(2028, 2, 28, 8)],
      ['numberOf=30&unit=minutes&beforeAfterOn=before', target - 30 * MIN],
      ['numberOf=24&unit=hours&beforeAfterOn=before', target - 24 * HOUR], // 08:00 GMT: exact hours
      ['numberOf=3&unit=days&beforeAfterOn=after', Date.UTC(2027, 2, 31, 8)],
      ['numberOf=5&unit=hours&beforeAfterOn=on', target],
      ['numberOf=1&unit=days&beforeAfterOn=on&repeat=true', target],
    ];
    for (const [query] of cases) await addReminder(item, query);
    const planned = (await reminders(item)).map((r) => r.nextFireDate);
    expect(planned).toEqual(cases.map(([, at]) => at));
  });

  it("plans a person's pending reminders again when their time zone changes, leaving dismissed ones alone", async () => {
    const user = await createUser(t.database.db, { name: 'Tess Zone' }, t.now());
    const tess: Person = {
      ...user,
      token: await tokenFor(t.secrets.jwtSecret, user, t.now()),
      root: await rootBoxOf(t.database.db, user.id),
    };
    const { 'Clocks go forward, far away': item } = await tree(t, tess, ['Clocks go forward, far away']);
    // Sunday 28 March 2027, 08:00 UTC (09:00 in London, after the clocks went forward).
    const target = Date.UTC(2027, 2, 28, 8);
    await setTarget(item, target, tess);
    await addReminder(item, 'numberOf=1&unit=days&beforeAfterOn=before', tess);
    const dismissed = await addReminder(item, 'numberOf=1&unit=days&beforeAfterOn=on&repeat=true', tess);
    await ok(tess, 'PUT', '/api/reminders/dismiss-future-events', { reminderId: dismissed });
    // A day before 09:00 London time is 09:00 GMT on the Saturday.
    expect((await reminders(item, tess)).map((r) => r.nextFireDate)).toEqual([
      Date.UTC(2027, 2, 27, 9),
      null,
    ]);
    await ok(tess, 'PUT', '/api/admin/users/save-profile', {
      name: user.name,
      email: user.email,
      timezone: 'UTC',
      locale: 'en-GB',
    });
    // In UTC the target is 08:00, so a day before is 08:00 on the Saturday; Dismiss All holds.
    expect((await reminders(item, tess)).map((r) => r.nextFireDate)).toEqual([
      Date.UTC(2027, 2, 27, 8),
      null,
    ]);
  });

  it('links an on reminder to the target date (hidden from the list), re-plans on a change, drops it when cleared', async () => {
    const { Linked: item } = await tree(t, ann, ['Linked']);
    const mine = await addReminder(item, 'numberOf=1&unit=days&beforeAfterOn=before');
    expect((await reminders(item))[0]?.nextFireDate).toBeNull();
    const first = inDays(10);
    await setTarget(item, first);
    expect((await reminders(item)).map((r) => [r._id, r.nextFireDate])).toEqual([[mine, first - DAY]]);
    const linked = await t.database.db
      .selectFrom('reminders')
      .select(['before_after_on', 'next_fire_at'])
      .where('item_id', '=', item)
      .where('linked_directly_to_target_date', '=', 1)
      .execute();
    expect(linked).toEqual([{ before_after_on: 'on', next_fire_at: first }]);
    await setTarget(item, first + 2 * DAY);
    expect((await reminders(item))[0]?.nextFireDate).toBe(first + DAY);
    await setTarget(item, null);
    expect((await reminders(item))[0]?.nextFireDate).toBeNull();
    const left = await t.database.db
      .selectFrom('reminders')
      .select('id')
      .where('item_id', '=', item)
      .execute();
    expect(left.map((r) => r.id)).toEqual([mine]);
  });

  it('fires each occurrence once, live to a real socket and by e-mail when asked, never for archived or completed items', async () => {
    await readAll();
    await ok(ann, 'PUT', '/api/admin/users/update-customizations', { reminderEmails: true });
    expect(
      (await ok<{ customizations: { reminderEmails: boolean } }>(ann, 'GET', '/api/admin/users/get-user'))
        .customizations.reminderEmails,
    ).toBe(true);
    const target = inDays(20);
    const {
      'Live one': live,
      'Archived one': archived,
      'Completed one': completed,
    } = await tree(t, ann, ['Live one', 'Archived one', 'Completed one']);
    for (const item of [live, archived, completed]) {
      await setTarget(item, target);
      await addReminder(item, 'numberOf=1&unit=hours&beforeAfterOn=before');
    }
    await ok(ann, 'DELETE', `/api/items/archive?itemId=${archived}`);
    await ok(ann, 'PUT', '/api/items/complete', { itemId: completed });
    const socket: ClientSocket = await connect(t.baseUrl, ann.token);
    try {
      expect(await run(target - HOUR - 1)).toBe(0);
      const mailsBefore = smtp.countTo(ann.email);
      const count = nextEvent(socket, 'reminders:unread-count');
      expect(await run(target - HOUR + 20_000)).toBe(1);
      expect(await count).toEqual({ count: 1 });
      const mail = await smtp.lastMessageTo(ann.email, mailsBefore);
      expect(mail.subject).toBe('Reminder: Live one');
      expect(mail.text).toContain('Live one');
      expect(await run(target - HOUR + 25_000)).toBe(0);
      // At the target date the linked 'on' reminders come due: only the live item's fires.
      expect(await run(target)).toBe(1);
      await smtp.lastMessageTo(ann.email, mailsBefore + 1);
      expect(await unread()).toBe(2);
      const page = await events();
      expect(page.events.map((e) => [e.title, e.reminderEventDate, e.unread])).toEqual([
        ['Live one', target, true],
        ['Live one', target - HOUR, true],
      ]);
      expect(page.events[1]?.reminderInfo).toBe('1 hour before the target date');
      // Marking read pushes the new count.
      const after = nextEvent(socket, 'reminders:unread-count');
      expect(
        await ok(ann, 'PUT', '/api/reminders/mark-events-read', { remindersEventIds: [page.events[0]?._id] }),
      ).toEqual({ count: 1 });
      expect(await after).toEqual({ count: 1 });
      await ok(ann, 'PUT', '/api/admin/users/update-customizations', { reminderEmails: false });
      const { 'Quiet one': quiet } = await tree(t, ann, ['Quiet one']);
      await setTarget(quiet, inDays(25));
      const mailsNow = smtp.countTo(ann.email);
      expect(await run(inDays(25))).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.countTo(ann.email)).toBe(mailsNow);
    } finally {
      socket.close();
    }
  });

  it('never fires twice when two schedulers race, nor after a restart', async () => {
    await readAll();
    const target = inDays(40);
    const items = Object.values(
      await tree(
        t,
        ann,
        Array.from({ length: 15 }, (_, i) => `Race ${i}`),
      ),
    );
    for (const item of items) await setTarget(item, target);
    const a = createRemindersService({
      db: t.database.db,
      engine: t.database.engine,
      access: createAccessService({ db: t.database.db }),
      now: t.now,
    });
    const b = createRemindersService({
      db: t.database.db,
      engine: t.database.engine,
      access: createAccessService({ db: t.database.db }),
      now: t.now,
    });
    // Small batches so the two instances interleave statement by statement.
    const [firedA, firedB] = await Promise.all([
      a.runDue(target + 1_000, { batch: 4 }),
      b.runDue(target + 1_000, { batch: 4 }),
    ]);
    expect(firedA + firedB).toBe(15);
    // "Restart": a fresh instance finds nothing left to do.
    expect(
      await createRemindersService({
        db: t.database.db,
        engine: t.database.engine,
        access: createAccessService({ db: t.database.db }),
        now: t.now,
      }).runDue(target + 2_000),
    ).toBe(0);
    const rows = await t.database.db
      .selectFrom('reminder_events')
      .select(['reminder_id', 'event_date'])
      .where('item_id', 'in', items)
      .execute();
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((r) => r.reminder_id)).size).toBe(15);
  });

  it('loses nothing when an instance dies half-way through firing: the occurrence fires on restart', async () => {
    await readAll();
    const { 'Survives a crash': item } = await tree(t, ann, ['Survives a crash']);
    const target = inDays(45);
    await setTarget(item, target);
    const crash = new Error('instance died');
    await expect(
      fireDueReminders(t.database.db, t.database.engine, target + 1_000, 100, {
        nextOf: () => null,
        newEventId: () => {
          throw crash;
        },
        stillSee: async (_trx, pairs) => new Set(pairs.map((pair) => pair.key)),
      }),
    ).rejects.toBe(crash);
    const still = await t.database.db
      .selectFrom('reminders')
      .select('next_fire_at')
      .where('item_id', '=', item)
      .executeTakeFirst();
    expect(still?.next_fire_at).toBe(target);
    expect(await run(target + 2_000)).toBe(1);
    expect((await events()).events[0]?.title).toBe('Survives a crash');
  });

  it("stops firing a person's reminders once the item is no longer shared with them", async () => {
    const box = (
      await ok<Item>(ann, 'POST', '/api/items/create-item', {
        parentItemId: ann.root,
        itemType: 'todoBox',
        title: 'Shared',
      })
    )._id;
    const { 'Shared task': item } = await tree(t, ann, ['Shared task']);
    await ok(ann, 'PUT', '/api/items/move-to-new-parent', { itemId: item, newParentItemId: box });
    await ok(ann, 'PUT', '/api/items/associate-user', {
      itemId: box,
      userId: stranger.id,
      ownershipId: 'readonly',
    });
    const target = inDays(48);
    await setTarget(item, target);
    await addReminder(item, 'numberOf=1&unit=hours&beforeAfterOn=before', stranger);
    await addReminder(item, 'numberOf=2&unit=hours&beforeAfterOn=before', stranger);
    expect(await run(target - 2 * HOUR + 1_000)).toBe(1);
    expect((await events(stranger)).events[0]).toMatchObject({ title: 'Shared task', accessible: true });
    await ok(ann, 'DELETE', `/api/items/remove-association?itemId=${box}&userId=${stranger.id}`);
    // Ann's own linked 'on' reminder still fires at the target date; the ex-member's does not.
    expect(await run(target - HOUR + 1_000)).toBe(0);
    // The ex-member's past event stays in their list, but no longer tells the item's title.
    expect((await events(stranger)).events).toEqual([
      expect.objectContaining({
        title: 'An item you no longer have access to',
        accessible: false,
        reminderArchived: true,
      }),
    ]);
    expect(await run(target + 1_000)).toBe(1);
    expect((await events()).events[0]?.title).toBe('Shared task');
  });

  it('repeats an on reminder until Dismiss All', async () => {
    await readAll();
    const { 'Water the plants': item } = await tree(t, ann, ['Water the plants']);
    const target = inDays(50);
    await setTarget(item, target);
    const id = await addReminder(item, 'numberOf=1&unit=minutes&beforeAfterOn=on&repeat=true');
    // The linked reminder and the repeating one both fire at the target date.
    expect(await run(target + 5_000)).toBe(2);
    expect(await run(target + MIN + 5_000)).toBe(1);
    expect(await run(target + 2 * MIN + 5_000)).toBe(1);
    let page = await events();
    const repeating = page.events.filter((e) => e.reminderId === id);
    expect(repeating.map((e) => e.reminderEventDate)).toEqual([target + 2 * MIN, target + MIN, target]);
    expect(repeating.every((e) => e.repeat && !e.reminderArchived)).toBe(true);
    expect(repeating[0]?.reminderInfo).toBe('On the target date, then every minute');
    await ok(ann, 'PUT', '/api/reminders/dismiss-future-events', { reminderId: id });
    expect(await run(target + 10 * MIN)).toBe(0);
    page = await events();
    expect(page.events.filter((e) => e.reminderId === id).every((e) => e.reminderArchived)).toBe(true);
    expect(
      (await send(stranger, 'PUT', '/api/reminders/dismiss-future-events', { reminderId: id })).status,
    ).toBe(404);
  });

  it('pages events newest first, with unreadOnly and beginDate', async () => {
    const reader = { ...(await createUser(t.database.db, { name: 'Pager' }, t.now())) } as UserRow;
    const who: Person = {
      ...reader,
      token: await tokenFor(t.secrets.jwtSecret, reader, t.now()),
      root: await rootBoxOf(t.database.db, reader.id),
    };
    const target = inDays(60);
    const { Many: item } = await tree(t, who, ['Many']);
    await setTarget(item, target, who);
    for (let i = 1; i <= 29; i++)
      await addReminder(item, `numberOf=${i}&unit=minutes&beforeAfterOn=after`, who);
    expect(await run(target + HOUR)).toBeGreaterThanOrEqual(30);
    const first = await events(who);
    expect(first.events).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    const dates = first.events.map((e) => e.reminderEventDate);
    expect(dates).toEqual([...dates].sort((x, y) => y - x));
    expect(dates[0]).toBe(target + 29 * MIN);
    const last = first.events.at(-1);
    const second = await events(who, {
      lastReminderEventDateInList: last?.reminderEventDate,
      lastReminderEventIdInList: last?._id,
    });
    expect(second.events.map((e) => e.reminderEventDate)).toEqual([
      target + 4 * MIN,
      target + 3 * MIN,
      target + 2 * MIN,
      target + MIN,
      target,
    ]);
    expect(second.hasMore).toBe(false);
    expect((await events(who, { beginDate: target + 27 * MIN })).events).toHaveLength(3);
    await ok(who, 'PUT', '/api/reminders/mark-events-read', {
      remindersEventIds: first.events.map((e) => e._id),
    });
    expect((await events(who, { unreadOnly: true })).events).toHaveLength(5);
    expect(await unread(who)).toBe(5);
    // Someone else's ids change nothing.
    await ok(ann, 'PUT', '/api/reminders/mark-events-read', {
      remindersEventIds: second.events.map((e) => e._id),
    });
    expect(await unread(who)).toBe(5);
  });

  it("keeps reminders private: another person's reminder or an unseen item is 404", async () => {
    const { Private: item } = await tree(t, ann, ['Private']);
    const id = await addReminder(item, '');
    expect((await send(stranger, 'GET', `/api/reminders/get-item-reminders?itemId=${item}`)).status).toBe(
      404,
    );
    expect((await send(stranger, 'POST', `/api/reminders/create-item-reminder?itemId=${item}`)).status).toBe(
      404,
    );
    expect(
      (
        await send(
          stranger,
          'PUT',
          `/api/reminders/update-item-reminder?reminderId=${id}&numberOf=2&unit=days&beforeAfterOn=after`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await send(stranger, 'DELETE', `/api/reminders/remove-item-reminder?reminderId=${id}`)).status,
    ).toBe(404);
    await ok(
      ann,
      'PUT',
      `/api/reminders/update-item-reminder?reminderId=${id}&numberOf=3&unit=weeks&beforeAfterOn=after&repeat=false`,
    );
    expect((await reminders(item)).map((r) => [r.numberOf, r.unit, r.beforeAfterOn])).toEqual([
      [3, 'weeks', 'after'],
    ]);
    await ok(ann, 'DELETE', `/api/reminders/remove-item-reminder?reminderId=${id}`);
    expect(await reminders(item)).toEqual([]);
  });
  it("runs one person's due reminders only, when the e2e helper is given their address", async () => {
    const { Mine: mine } = await tree(t, ann, ['Mine']);
    const { Theirs: theirs } = await tree(t, stranger, ['Theirs']);
    const target = inDays(400);
    for (const [item, who] of [
      [mine, ann],
      [theirs, stranger],
    ] as const) {
      await setTarget(item, target, who);
      await addReminder(item, 'numberOf=1&unit=days&beforeAfterOn=before', who);
    }
    const runFor = (who: Person, now: number, email = who.email) =>
      send(who, 'POST', '/e2e/reminders/run', { now, email });
    await readAll(ann);
    await readAll(stranger);

    const res = await runFor(stranger, target + 1_000);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { fired: number }).fired).toBeGreaterThanOrEqual(2);
    expect(await unread(stranger)).toBeGreaterThanOrEqual(2);
    expect(await unread(ann)).toBe(0);
    expect((await runFor(ann, target + 1_000, 'nobody@nowhere.test')).status).toBe(404);
    expect(await unread(ann)).toBe(0);
    expect(await run(target + 1_000)).toBeGreaterThanOrEqual(2);
    expect(await unread(ann)).toBeGreaterThanOrEqual(2);
  });
});
