import { TZDate } from '@date-fns/tz';
import { UNDO_ID_HEADER } from '@nestbox/shared/constants';
import { EXPORT_MAX_COMPLETIONS, ExportFileSchema } from '@nestbox/shared/data/export.schema';
import { targetDateAtTime, targetDateFromDay } from '@nestbox/shared/dates/target-date';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { UpdateItemEvent } from '@nestbox/shared/realtime/events';
import type { ItemCompletions } from '@nestbox/shared/recurrence/recurrence.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { share } from '../../test/sharing.js';
import { type ClientSocket, connect } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const PARIS = 'Europe/Paris';
/** 09:00 in Paris on a day. */
const nineInParis = (day: string) => targetDateAtTime(day, 9, 0, PARIS);

describe(`recurring items on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  let rita: SignedInUser;
  let stranger: SignedInUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    // Stated: late November 2026, before every date these repeats are set on.
    t = await buildTestApp({
      env: { NESTBOX_APP_URL: 'https://nestbox.example' },
      now: clockStartingAt(Date.UTC(2026, 10, 28, 12)),
    });
    ann = await createSignedInUser(t, { name: 'Ann' });
    bob = await createSignedInUser(t, { name: 'Bob' });
    rita = await createSignedInUser(t, { name: 'Rita' });
    stranger = await createSignedInUser(t, { name: 'Stranger' });
    await t.database.db.updateTable('users').set({ timezone: PARIS }).execute();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const call = (method: string, path: string, json: unknown, user = ann, locale = 'en-GB') =>
    t.request(path, {
      method,
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': locale },
      ...(json === undefined ? {} : { json }),
    });
  async function ok<T = Item>(method: string, path: string, json: unknown, user = ann) {
    const res = await call(method, path, json, user);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return { body: (await res.json()) as T, undoId: res.headers.get(UNDO_ID_HEADER) };
  }
  async function refused(res: Response, status: number, code: string) {
    expect(res.status, await res.clone().text()).toBe(status);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe(code);
    return body;
  }
  const setDate = (itemId: string, priorityTargetDate: number | null, user = ann) =>
    ok('PUT', '/api/items/update-item', { itemId, priorityTargetDate }, user);
  const setRule = (itemId: string, rule: string | null, fromCompletion?: boolean, user = ann) =>
    call(
      'PUT',
      '/api/items/set-recurrence',
      { itemId, rule, ...(fromCompletion === undefined ? {} : { fromCompletion }) },
      user,
    );
  const complete = (itemId: string, extra: Record<string, unknown> = {}, user = ann) =>
    call('PUT', '/api/items/complete', { itemId, ...extra }, user);
  const row = (id: string) =>
    t.database.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = (id: string) =>
    t.database.db.selectFrom('item_completions').selectAll().where('item_id', '=', id).execute();
  /** A box of Ann's shared with others, each at a level. */
  async function sharedBox(title: string, members: [SignedInUser, 'editor' | 'readonly'][]) {
    const box = (
      await ok('POST', '/api/items/create-item', { parentItemId: ann.root, itemType: 'todoBox', title })
    ).body;
    await share(t, ann, box._id, members);
    return box;
  }
  /** A new text of `user`'s dated 09:00 in Paris on `day`, repeating by `rule`. */
  async function recurring(title: string, day: string, rule: string, fromCompletion = false, user = ann) {
    const item = (await tree(t, user, [title]))[title] ?? '';
    await setDate(item, nineInParis(day), user);
    const res = await setRule(item, rule, fromCompletion, user);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Item;
  }
  /** `user`'s JSON export, as text. */
  const exportedJson = async (user: SignedInUser) =>
    (
      await t.request('/api/export?format=json', { headers: { authorization: `Bearer ${user.token}` } })
    ).text();

  describe('setting and clearing the rule', () => {
    it('keeps the rule as rrule writes it and shows it on the item', async () => {
      const { 'Water the plants': item } = await tree(t, ann, ['Water the plants']);
      await setDate(item, nineInParis('2026-06-01'));
      const res = await setRule(item, 'RRULE:freq=weekly;byday=mo', true);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
        recurFromCompletion: true,
        priorityTargetDate: nineInParis('2026-06-01'),
      });
      const cleared = await setRule(item, null);
      expect(await cleared.json()).toMatchObject({
        recurrence: null,
        priorityTargetDate: nineInParis('2026-06-01'),
      });
    });

    it('gives an item without a date the first occurrence from today on', async () => {
      const { Bins: item } = await tree(t, ann, ['Bins']);
      const res = await setRule(item, 'FREQ=DAILY');
      const today = new TZDate(t.now(), PARIS);
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      expect(await res.json()).toMatchObject({
        recurrence: 'FREQ=DAILY',
        priorityTargetDate: targetDateFromDay(day, PARIS),
      });
    });

    it('clears the rule with the date', async () => {
      const item = await recurring('Rent', '2026-07-01', 'FREQ=MONTHLY;BYMONTHDAY=1');
      const { body } = await setDate(item._id, null);
      expect(body).toMatchObject({ priorityTargetDate: null, recurrence: null });
      expect((await row(item._id)).recurrence_rule).toBeNull();
    });

    it('refuses bad, too fine and too long rules with a translated 400, changing nothing', async () => {
      const item = await recurring('Yoga', '2026-06-01', 'FREQ=WEEKLY');
      for (const [rule, code] of [
        ['every Monday', 'validation.recurrence.invalid'],
        ['FREQ=HOURLY', 'validation.recurrence.unsupported'],
        ['FREQ=MINUTELY', 'validation.recurrence.unsupported'],
        ['FREQ=SECONDLY', 'validation.recurrence.unsupported'],
        [`FREQ=DAILY;${'BYMONTH=1;'.repeat(30)}`, 'validation.recurrence.tooLong'],
      ] as const) {
        const res = await call('PUT', '/api/items/set-recurrence', { itemId: item._id, rule }, ann, 'fr');
        const body = await refused(res, 400, 'error.validation');
        expect(body.error.fields?.rule).toBe(messagesFr[code]);
      }
      expect((await row(item._id)).recurrence_rule).toBe('FREQ=WEEKLY');
    });

    it('refuses a rule on a box', async () => {
      const box = (
        await ok('POST', '/api/items/create-item', {
          parentItemId: ann.root,
          itemType: 'todoBox',
          title: 'Box',
        })
      ).body;
      await refused(await setRule(box._id, 'FREQ=DAILY'), 400, 'items.recurrence.textOnly');
    });
  });

  describe('rights', () => {
    it('lets owners and editors set it, refuses readonly (403) and strangers (404), and tells everyone live', async () => {
      const box = await sharedBox('Home', [
        [bob, 'editor'],
        [rita, 'readonly'],
      ]);
      const { Plants: item } = await tree(t, ann, ['Plants'], box._id);
      await setDate(item, nineInParis('2026-06-01'));
      const ritaSocket = await connect(t.baseUrl, rita.token);
      sockets.push(ritaSocket);
      const heard = new Promise<UpdateItemEvent>((resolve) => {
        ritaSocket.on('UPDATE_ITEM', (event) => {
          if (event.itemId === item && event.updatedFields.recurrence) resolve(event);
        });
      });

      expect((await setRule(item, 'FREQ=WEEKLY;BYDAY=MO', false, bob)).status).toBe(200);
      expect((await heard).updatedFields).toMatchObject({
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
        recurFromCompletion: false,
      });
      await refused(await setRule(item, null, undefined, rita), 403, 'error.forbidden');
      await refused(await setRule(item, null, undefined, stranger), 404, 'error.notFound');
      await refused(await complete(item, {}, rita), 403, 'error.forbidden');
      await refused(await complete(item, {}, stranger), 404, 'error.notFound');
      await refused(
        await call('GET', `/api/items/get-completions?itemId=${item}`, undefined, stranger),
        404,
        'error.notFound',
      );
      expect((await call('GET', `/api/items/get-completions?itemId=${item}`, undefined, rita)).status).toBe(
        200,
      );
      expect((await row(item)).recurrence_rule).toBe('FREQ=WEEKLY;BYDAY=MO');

      // Bob (editor) completes it: the date moves on for everyone, live.
      const moved = new Promise<UpdateItemEvent>((resolve) => {
        ritaSocket.on('UPDATE_ITEM', (event) => {
          if (event.itemId === item && event.updatedFields.priorityTargetDate === nineInParis('2026-06-08'))
            resolve(event);
        });
      });
      expect((await complete(item, {}, bob)).status).toBe(200);
      expect((await moved).updatedFields).toMatchObject({
        completed: false,
        recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      });
    });
  });

  describe('completing', () => {
    it('moves the date to the next occurrence from the due date, keeping 09:00 across the change to summer time', async () => {
      const item = await recurring('Water the plants', '2026-03-23', 'FREQ=WEEKLY;BYDAY=MO');
      const res = await complete(item._id);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        completed: false,
        priorityTargetDate: nineInParis('2026-03-30'),
      });
      expect(new TZDate(nineInParis('2026-03-30'), PARIS).getHours()).toBe(9);
      expect(nineInParis('2026-03-30') - nineInParis('2026-03-23')).toBe(7 * 24 * 3_600_000 - 3_600_000);
      const rows = await history(item._id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ occurrence: nineInParis('2026-03-23'), user_id: ann.id });
      const { body } = await ok<ItemCompletions>(
        'GET',
        `/api/items/get-completions?itemId=${item._id}`,
        undefined,
      );
      expect(body.completions).toEqual([
        { occurrence: nineInParis('2026-03-23'), completedAt: Number(rows[0]?.completed_at), by: 'Ann' },
      ]);
    });

    it('counts from the completion date with the option, at the due time of day', async () => {
      const item = await recurring('Haircut', '2026-03-02', 'FREQ=DAILY;INTERVAL=3', true);
      const before = t.now();
      const res = await complete(item._id);
      const today = new TZDate(before, PARIS);
      const inThree = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + 3, 9, 0, PARIS);
      expect(await res.json()).toMatchObject({ completed: false, priorityTargetDate: inThree.getTime() });
    });

    it('re-plans the reminders with the new date', async () => {
      const item = await recurring('Bills', '2027-10-25', 'FREQ=WEEKLY');
      await call(
        'POST',
        `/api/reminders/create-item-reminder?itemId=${item._id}&numberOf=1&unit=days&beforeAfterOn=before`,
        undefined,
      );
      const planned = () =>
        t.database.db
          .selectFrom('reminders')
          .select(['next_fire_at', 'linked_directly_to_target_date'])
          .where('item_id', '=', item._id)
          .where('linked_directly_to_target_date', '=', 0)
          .executeTakeFirst();
      expect((await planned())?.next_fire_at).toBe(nineInParis('2027-10-24'));
      await complete(item._id);
      // Monday 1 November 09:00 (winter time), one day before: Sunday 31 October 09:00 (the change's day).
      expect((await planned())?.next_fire_at).toBe(nineInParis('2027-10-31'));
    });

    it('ends by COUNT and by UNTIL: the last occurrence completes the item', async () => {
      const counted = await recurring('Course', '2026-05-01', 'FREQ=DAILY;COUNT=2');
      expect(await (await complete(counted._id)).json()).toMatchObject({
        completed: false,
        priorityTargetDate: nineInParis('2026-05-02'),
      });
      expect(await (await complete(counted._id)).json()).toMatchObject({ completed: true });
      const until = await recurring('Season', '2026-05-01', 'FREQ=WEEKLY;UNTIL=20260505T235959Z');
      expect(await (await complete(until._id)).json()).toMatchObject({ completed: true });
    });

    it('completes forever: the rule ends and the item is done; undo brings both back', async () => {
      const item = await recurring('Gym', '2026-05-04', 'FREQ=WEEKLY');
      const res = await complete(item._id, { forever: true });
      expect(await res.json()).toMatchObject({ completed: true, recurrence: null });
      const undone = await call('POST', '/api/undo/undo-action', { undoId: res.headers.get(UNDO_ID_HEADER) });
      expect(undone.status).toBe(200);
      expect(await row(item._id)).toMatchObject({ completed_at: null, recurrence_rule: 'FREQ=WEEKLY' });
    });
  });

  describe('undo', () => {
    it('puts back the previous date, the history and the reminders', async () => {
      const item = await recurring('Call Mum', '2027-06-06', 'FREQ=WEEKLY;BYDAY=SU');
      const res = await complete(item._id);
      const undoId = res.headers.get(UNDO_ID_HEADER);
      expect(undoId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await history(item._id)).toHaveLength(1);
      expect((await call('POST', '/api/undo/undo-action', { undoId })).status).toBe(200);
      expect(await row(item._id)).toMatchObject({
        target_date: nineInParis('2027-06-06'),
        recurrence_done: 0,
      });
      expect(await history(item._id)).toHaveLength(0);
      const linked = await t.database.db
        .selectFrom('reminders')
        .select('next_fire_at')
        .where('item_id', '=', item._id)
        .where('linked_directly_to_target_date', '=', 1)
        .executeTakeFirst();
      // The reminder linked to the date rings at the restored occurrence again.
      expect(linked?.next_fire_at).toBe(nineInParis('2027-06-06'));
    });

    it('answers 409 undo.changedSince when the item changed since', async () => {
      const item = await recurring('Swim', '2026-06-01', 'FREQ=DAILY');
      const res = await complete(item._id);
      await setDate(item._id, nineInParis('2026-07-01'));
      await refused(
        await call('POST', '/api/undo/undo-action', { undoId: res.headers.get(UNDO_ID_HEADER) }),
        409,
        'undo.changedSince',
      );
      expect(await history(item._id)).toHaveLength(1);
    });
  });

  describe('concurrency', () => {
    it('advances once when two members complete the same occurrence at once', async () => {
      const box = await sharedBox('Flat', [[bob, 'editor']]);
      const { Hoover: item } = await tree(t, ann, ['Hoover'], box._id);
      await setDate(item, nineInParis('2026-09-01'));
      await setRule(item, 'FREQ=DAILY');
      const occurrence = nineInParis('2026-09-01');
      const answers = await Promise.all([
        complete(item, { occurrence }, ann),
        complete(item, { occurrence }, bob),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({
          completed: false,
          priorityTargetDate: nineInParis('2026-09-02'),
        });
      }
      expect(answers.filter((answer) => answer.headers.get(UNDO_ID_HEADER)).length).toBe(1);
      expect(await history(item)).toHaveLength(1);
      expect(await row(item)).toMatchObject({
        target_date: nineInParis('2026-09-02'),
        recurrence_done: 1,
      });
    });
  });

  describe('export and import', () => {
    it('carries the recurrence and its completion history in the JSON export, and reads both back', async () => {
      const source = await createSignedInUser(t, { name: 'Exporter' });
      const item = await recurring('Bins', '2027-01-04', 'FREQ=WEEKLY;BYDAY=MO;COUNT=10', true, source);
      await complete(item._id, {}, source);
      await complete(item._id, {}, source);
      const done = await history(item._id);
      expect(done).toHaveLength(2);
      const completions = done
        .map((c) => ({ occurrence: Number(c.occurrence), completedAt: Number(c.completed_at) }))
        .sort((a, b) => a.completedAt - b.completedAt || a.occurrence - b.occurrence);
      expect(completions[0]?.occurrence).toBe(nineInParis('2027-01-04'));
      const exported = await exportedJson(source);
      expect(exported).toContain(
        `"recurrence":{"rule":"FREQ=WEEKLY;BYDAY=MO;COUNT=10","fromCompletion":true,"done":2,"completions":${JSON.stringify(completions)}}`,
      );

      const importInto = async (user: SignedInUser, body: string) => {
        const res = await t.request(`/api/import?format=json&boxId=${user.root}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          body,
        });
        expect(res.status, await res.clone().text()).toBe(200);
        return t.database.db
          .selectFrom('items')
          .select(['id', 'recurrence_rule', 'recur_from_completion', 'recurrence_done', 'target_date'])
          .where('title', '=', 'Bins')
          .where('created_by', '=', user.id)
          .executeTakeFirstOrThrow();
      };
      const target = await createSignedInUser(t, { name: 'Importer' });
      const { id, ...imported } = await importInto(target, exported);
      expect(imported).toEqual({
        recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
        recur_from_completion: 1,
        recurrence_done: 2,
        target_date: (await row(item._id)).target_date,
      });
      // The history is the importer's own now, each completion as it was.
      const kept = await history(id);
      expect(
        kept
          .map((c) => ({
            occurrence: Number(c.occurrence),
            completedAt: Number(c.completed_at),
            by: c.user_id,
          }))
          .sort((a, b) => a.completedAt - b.completedAt || a.occurrence - b.occurrence),
      ).toEqual(completions.map((c) => ({ ...c, by: target.id })));
      const listed = (
        await ok<ItemCompletions>('GET', `/api/items/get-completions?itemId=${id}`, undefined, target)
      ).body;
      expect(listed.completions.map((c) => c.by)).toEqual(['Importer', 'Importer']);

      // A file without a history (written before it was carried) reads as having none.
      const withoutHistory = exported.replace(/,"completions":\[[^\]]*\]/u, '');
      expect(withoutHistory).not.toContain('"completions"');
      const older = await createSignedInUser(t, { name: 'Older file' });
      const { id: olderId, ...olderImport } = await importInto(older, withoutHistory);
      expect(olderImport.recurrence_done).toBe(2);
      expect(await history(olderId)).toEqual([]);
    });

    it('exports at most the newest 9,999 completions, so the file imports back', async () => {
      const source = await createSignedInUser(t, { name: 'Long history' });
      const item = await recurring('Stretch', '2027-01-04', 'FREQ=DAILY', false, source);
      const first = Date.UTC(2000, 0, 1, 8);
      const rows = Array.from({ length: EXPORT_MAX_COMPLETIONS + 1 }, (_, index) => ({
        id: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
        item_id: item._id,
        user_id: source.id,
        occurrence: first + index * 86_400_000,
        completed_at: first + index * 86_400_000 + 60_000,
      }));
      for (let start = 0; start < rows.length; start += 1_000)
        await t.database.db
          .insertInto('item_completions')
          .values(rows.slice(start, start + 1_000))
          .execute();
      const exported = await exportedJson(source);
      const file = ExportFileSchema.parse(JSON.parse(exported));
      const text = file.workspace.find((entry) => entry.title === 'Stretch');
      const carried = text?.type === 'text' ? (text.recurrence?.completions ?? []) : [];
      expect(carried).toHaveLength(EXPORT_MAX_COMPLETIONS);
      expect(carried[0]).toEqual({
        occurrence: first + 86_400_000,
        completedAt: first + 86_400_000 + 60_000,
      });
      expect(carried.at(-1)?.occurrence).toBe(first + EXPORT_MAX_COMPLETIONS * 86_400_000);
    });

    it("turns a Todoist 'every …' date into a recurrence", async () => {
      const user = await createSignedInUser(t, { name: 'Todoist' });
      const csv =
        'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,DATE,DATE_LANG\ntask,Water the plants,,4,1,every monday,en\n';
      const res = await t.request('/api/import?format=todoist-csv', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const imported = await t.database.db
        .selectFrom('items')
        .select(['recurrence_rule', 'target_date'])
        .where('title', '=', 'Water the plants')
        .where('created_by', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(imported.recurrence_rule).toBe('FREQ=WEEKLY;BYDAY=MO');
      expect(new TZDate(imported.target_date ?? 0, 'Europe/London').getDay()).toBe(1);
    });
  });

  describe('calendar feed', () => {
    it('writes the RRULE on the event, with the occurrences a COUNT has left', async () => {
      const weekly = await recurring('Water the plants', '2026-06-01', 'FREQ=WEEKLY;BYDAY=MO');
      const counted = await recurring('Lessons', '2026-06-01', 'FREQ=DAILY;COUNT=5');
      await complete(counted._id);
      const { body } = await ok<{ url: string }>('POST', '/api/calendar/feed', undefined);
      const feed = await (await t.request(new URL(body.url).pathname)).text();
      const eventOf = (id: string) => feed.split('BEGIN:VEVENT').find((event) => event.includes(id)) ?? '';
      expect(eventOf(weekly._id)).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
      expect(eventOf(weekly._id)).toContain('DTSTART;TZID=Europe/Paris:20260601T090000');
      expect(eventOf(counted._id)).toContain('RRULE:FREQ=DAILY;COUNT=4');
    });
  });
});
