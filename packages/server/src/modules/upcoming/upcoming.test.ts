import { UNDO_ID_HEADER } from '@nestbox/shared/constants';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { UPCOMING_PAGE_MAX, type UpcomingPage } from '@nestbox/shared/upcoming/upcoming.schema';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import type { TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { upcomingPageSql } from './upcoming.repository.js';

const ZONE = 'America/New_York';
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** New York is UTC−5 in late November: a wall-clock time there as a UTC instant. */
const newYork = (day: string, time = '00:00') => Date.parse(`${day}T${time}:00Z`) + 5 * HOUR;
/** Friday 27 November 2026, 23:30 in New York: already Saturday 04:30 in UTC. */
const NOW = newYork('2026-11-27', '23:30');

describe(`upcoming on ${testEngine}`, () => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let me: SignedInUser;
  let other: SignedInUser;
  const { ok, send } = signedInApp(
    async (app, user) => {
      [t, me, other] = [app, user, await createSignedInUser(app)];
      await t.database.db.updateTable('users').set({ timezone: ZONE }).where('id', '=', me.id).execute();
    },
    { app: { now: clock } },
  );
  const date = (itemId: string, at: number, token = me.token) =>
    ok('PUT', '/api/items/update-item', { itemId, priorityTargetDate: at }, token);
  const upcoming = (query = '') => ok<UpcomingPage>('GET', `/api/upcoming${query}`);
  const byTitle = async () => new Map((await upcoming()).items.map((item) => [item.title, item]));
  const share = (itemId: string, level: AccessLevel) =>
    t.database.db
      .insertInto('item_users')
      .values({ item_id: itemId, user_id: me.id, level, created_at: 1 })
      .execute();
  const clear = async (ids: readonly string[]) => {
    for (const itemId of ids) await ok('PUT', '/api/items/update-item', { itemId, priorityTargetDate: null });
  };

  it('groups by the calendar days of the person’s time zone, at the server’s now, across midnight', async () => {
    clock.set(NOW);
    const ids = await tree(t, me, [
      'late',
      'start of today',
      'end of today',
      'tomorrow morning',
      'sunday',
      'in a week',
      'in eight days',
      'undated',
    ]);
    await date(ids.late, newYork('2026-11-26', '23:59'));
    await date(ids['start of today'], newYork('2026-11-27'));
    await date(ids['end of today'], newYork('2026-11-27', '23:59'));
    await date(ids['tomorrow morning'], newYork('2026-11-28', '10:00'));
    await date(ids.sunday, newYork('2026-11-29'));
    await date(ids['in a week'], newYork('2026-12-04', '18:00'));
    await date(ids['in eight days'], newYork('2026-12-05'));

    const page = await upcoming();
    expect(page.today).toBe('2026-11-27');
    expect(page.next).toBeNull();
    expect(page.items.map((item) => [item.title, item.group, item.day])).toEqual([
      ['late', 'overdue', '2026-11-26'],
      ['start of today', 'today', '2026-11-27'],
      ['end of today', 'today', '2026-11-27'],
      // 10:00 in New York is 15:00 UTC on the same day: the zone, not UTC, names the day.
      ['tomorrow morning', 'tomorrow', '2026-11-28'],
      ['sunday', 'day', '2026-11-29'],
      ['in a week', 'day', '2026-12-04'],
      ['in eight days', 'later', '2026-12-05'],
    ]);

    // Midnight passes in New York: every group moves on by a day.
    clock.set(newYork('2026-11-28', '00:01'));
    const after = await upcoming();
    expect(after.today).toBe('2026-11-28');
    expect(after.items.map((item) => [item.title, item.group])).toEqual([
      ['late', 'overdue'],
      ['start of today', 'overdue'],
      ['end of today', 'overdue'],
      ['tomorrow morning', 'today'],
      ['sunday', 'tomorrow'],
      ['in a week', 'day'],
      ['in eight days', 'day'],
    ]);
    clock.set(NOW);
    await clear(Object.values(ids));
  });

  it('lists dated texts whether prioritizable or not, with their path, and leaves out done and archived ones', async () => {
    const ids = await tree(t, me, [
      { Home: [{ Kitchen: ['ranked', 'plain', 'done', 'binned'] }, { Shed: ['in the shed'] }] },
    ]);
    for (const title of ['ranked', 'plain', 'done', 'binned', 'in the shed'] as const)
      await date(ids[title], newYork('2026-11-28'));
    await ok('PUT', '/api/items/update-item', { itemId: ids.ranked, prioritizable: true });
    await ok('PUT', '/api/items/update-item', { itemId: ids.plain, prioritizable: false });
    await ok('PUT', '/api/items/complete', { itemId: ids.done });
    await ok('DELETE', `/api/items/archive?itemId=${ids.binned}`);
    await ok('DELETE', `/api/items/archive?itemId=${ids.Shed}`);

    const shown = await byTitle();
    expect([...shown.keys()].sort()).toEqual(['plain', 'ranked']);
    expect(shown.get('plain')?.path).toEqual(['Home', 'Kitchen']);
    expect(shown.get('plain')?.prioritizable).toBe(false);
    expect(shown.get('ranked')?.prioritizable).toBe(true);
    expect(shown.get('plain')?.abilities.edit).toBe(true);

    // Done again undone, it is back.
    await ok('PUT', '/api/items/uncomplete', { itemId: ids.done });
    expect((await byTitle()).has('done')).toBe(true);
    await clear([ids.ranked, ids.plain, ids.done]);
  });

  it('shows what is shared with the person at their level, and nothing of anyone else’s', async () => {
    const theirs = await tree(t, other, [
      { Project: ['project task', { Notes: ['read-only task'] }] },
      'direct task',
      'private task',
      { Unshared: ['unshared task'] },
    ]);
    for (const title of [
      'project task',
      'read-only task',
      'direct task',
      'private task',
      'unshared task',
    ] as const)
      await date(theirs[title], newYork('2026-11-30', '09:15'), other.token);
    await share(theirs.Project, 'editor');
    await share(theirs.Notes, 'readonly');
    await share(theirs['direct task'], 'readonly');

    const shown = await byTitle();
    expect([...shown.keys()].sort()).toEqual(['direct task', 'project task', 'read-only task']);
    expect(shown.get('project task')?.accessLevel).toBe('editor');
    expect(shown.get('project task')?.abilities.edit).toBe(true);
    expect(shown.get('project task')?.path).toEqual(['Project']);
    // A reader sees it, but may not move its date.
    expect(shown.get('read-only task')?.accessLevel).toBe('readonly');
    expect(shown.get('read-only task')?.abilities.edit).toBe(false);
    expect(shown.get('read-only task')?.path).toEqual(['Project', 'Notes']);
    // Linked on its own, in a box the person does not see: no path.
    expect(shown.get('direct task')?.path).toEqual([]);

    // The share taken away, the texts go.
    await t.database.db
      .deleteFrom('item_users')
      .where('user_id', '=', me.id)
      .where('item_id', 'in', [theirs.Project, theirs.Notes])
      .execute();
    expect([...(await byTitle()).keys()]).toEqual(['direct task']);
    await t.database.db
      .deleteFrom('item_users')
      .where('user_id', '=', me.id)
      .where('item_id', '=', theirs['direct task'])
      .execute();
    // The other person's Upcoming holds their own, dated ones.
    const theirPage = await ok<UpcomingPage>('GET', '/api/upcoming', undefined, other.token);
    expect(theirPage.items).toHaveLength(5);
  });

  it('pages by target date then id, so texts on the same instant are neither lost nor repeated', async () => {
    const titles = Array.from({ length: 7 }, (_, at) => `paged ${at}`);
    const ids = await tree(t, me, titles);
    // Three share one instant: the id orders them, also across a page's end.
    const when = [0, 1, 1, 1, 2, 3, 4].map((day) => newYork('2026-12-01') + day * 25 * HOUR + 30 * MINUTE);
    for (const [at, title] of titles.entries()) await date(ids[title] as string, when[at] as number);

    const expected = (await upcoming()).items.map((item) => item._id);
    expect(expected).toHaveLength(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: UpcomingPage = await upcoming(
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item._id));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual(expected);
    await clear(Object.values(ids));
  });

  it('refuses a page larger than the bound, or a cursor it did not write, with a translated message', async () => {
    for (const query of [
      `?limit=${UPCOMING_PAGE_MAX + 1}`,
      '?limit=0',
      '?limit=many',
      '?cursor=yesterday',
      '?cursor=1:a%20b',
    ]) {
      const res = await send('GET', `/api/upcoming${query}`);
      expect(res.status, query).toBe(400);
      const { error } = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.values(error.fields ?? {}), query).toEqual(['This value is not valid.']);
    }
    expect((await send('GET', `/api/upcoming?limit=${UPCOMING_PAGE_MAX}`)).status).toBe(200);
  });

  it('moves a text to another day through Item settings’ call, keeping its time, and undoes the move', async () => {
    const { 'at ten': text } = await tree(t, me, ['at ten']);
    await date(text, newYork('2026-11-28', '10:00'));
    const moved = await send('PUT', '/api/items/update-item', {
      itemId: text,
      priorityTargetDate: newYork('2026-11-30', '10:00'),
    });
    expect(moved.status).toBe(200);
    expect((await byTitle()).get('at ten')).toMatchObject({ group: 'day', day: '2026-11-30' });
    const undoId = moved.headers.get(UNDO_ID_HEADER);
    expect(undoId).toBeTruthy();
    await ok('POST', '/api/undo/undo-action', { undoId });
    expect((await byTitle()).get('at ten')).toMatchObject({
      group: 'tomorrow',
      priorityTargetDate: newYork('2026-11-28', '10:00'),
    });
    // Setting the same date again loses nothing: no undo.
    const same = await send('PUT', '/api/items/update-item', {
      itemId: text,
      priorityTargetDate: newYork('2026-11-28', '10:00'),
    });
    expect(same.headers.get(UNDO_ID_HEADER)).toBeNull();
    await clear([text]);
  });

  it.runIf(testEngine === 'sqlite')(
    'reads a page by walking the dated texts’ index, not the whole table',
    async () => {
      const { rows } = await sql<{ detail: string }>`explain query plan ${upcomingPageSql(
        me.id,
        { targetDate: NOW, id: 'x' },
        201,
      )}`.execute(t.database.db);
      const plan = rows.map((row) => row.detail);
      expect(plan).toContainEqual(expect.stringContaining('items_open_dated_idx'));
      expect(plan).not.toContainEqual(expect.stringMatching(/^SCAN i$/));
    },
  );

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await t.request('/api/upcoming');
    expect(res.status).toBe(401);
  });
});
