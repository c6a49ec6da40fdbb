import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

/**
 * Rules that never happen, and whose "does it ever happen" check once stepped day by day to
 * year 9999 (18–31 s of a frozen instance each). `COUNT` makes each text new to the server.
 */
const NEVER = [
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'FREQ=DAILY;BYWEEKNO=53;BYDAY=MO;BYMONTH=1',
  'FREQ=DAILY;BYSETPOS=2;BYMONTH=2;BYMONTHDAY=28',
  'FREQ=DAILY;BYYEARDAY=366;BYMONTH=1',
  'FREQ=DAILY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO',
  'FREQ=WEEKLY;BYMONTH=4;BYMONTHDAY=31;BYDAY=MO,TU,WE,TH,FR,SA,SU',
];
let serial = 0;
const fresh = (rule: string) => {
  serial += 1;
  return `${rule};COUNT=${serial}`;
};

/** Generous: the work is bounded to tens of milliseconds; unbounded it took seconds. */
const QUICK_MS = 1_000;

describe(`repeat rules that never happen, on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp();
    ann = await createSignedInUser(t, { name: 'Ann Rules' });
    stranger = await createSignedInUser(t, { name: 'Stranger Rules' });
    // The first import starts its reading thread (from the sources in tests: a second or so).
    const warm = await t.request('/api/import?format=json&dryRun=1', {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}` },
      body: '{}',
    });
    expect(warm.status).toBe(200);
  });
  afterAll(() => t.close());

  const timed = async (path: string, init: { method: string; json?: unknown; body?: string }, who = ann) => {
    const started = performance.now();
    const res = await t.request(path, {
      ...init,
      headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'fr' },
    });
    return { res, ms: performance.now() - started };
  };
  const ruleOf = async (itemId: string) =>
    (
      await t.database.db
        .selectFrom('items')
        .select('recurrence_rule')
        .where('id', '=', itemId)
        .executeTakeFirstOrThrow()
    ).recurrence_rule;

  it('answers set-recurrence for an item the caller cannot reach with 404, reading no rule', async () => {
    for (const rule of NEVER) {
      const { res, ms } = await timed(
        '/api/items/set-recurrence',
        { method: 'PUT', json: { itemId: 'no-such-item', rule: fresh(rule) } },
        stranger,
      );
      expect(res.status, rule).toBe(404);
      expect(ms, rule).toBeLessThan(QUICK_MS);
    }
  });

  it('refuses each rule on set-recurrence quickly, translated, changing nothing', async () => {
    const res = await t.request('/api/items/create-item', {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}` },
      json: { parentItemId: ann.root, itemType: 'todoText', title: 'Dentist' },
    });
    const item = (await res.json()) as Item;
    for (const rule of NEVER) {
      const { res: refused, ms } = await timed('/api/items/set-recurrence', {
        method: 'PUT',
        json: { itemId: item._id, rule: fresh(rule) },
      });
      expect(refused.status, rule).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.fields?.rule).toBe(
        messagesFr['validation.recurrence.invalid'],
      );
      expect(ms, rule).toBeLessThan(QUICK_MS);
    }
    expect(await ruleOf(item._id)).toBeNull();
  });

  it('refuses each rule in quick capture quickly, creating nothing', async () => {
    const before = await t.database.db.selectFrom('items').select('id').execute();
    for (const rule of NEVER) {
      const { res, ms } = await timed('/api/items/quick-capture', {
        method: 'POST',
        json: { title: 'Never', recurrence: { rule: fresh(rule) } },
      });
      expect(res.status, rule).toBe(400);
      expect(ms, rule).toBeLessThan(QUICK_MS);
    }
    expect(await t.database.db.selectFrom('items').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses each rule in a Nestbox export, dry run or not, quickly, importing nothing', async () => {
    // A real export of a repeating text, its rule then swapped for one that never happens.
    const created = await t.request('/api/items/quick-capture', {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}` },
      json: {
        title: 'Weekly',
        targetDate: Date.UTC(2030, 0, 7, 9),
        recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO' },
      },
    });
    expect(created.status).toBe(201);
    const exported = await (
      await t.request('/api/export?format=json', { headers: { authorization: `Bearer ${ann.token}` } })
    ).text();
    expect(exported).toContain('FREQ=WEEKLY;BYDAY=MO');
    const before = await t.database.db.selectFrom('items').select('id').execute();
    for (const rule of NEVER)
      for (const dryRun of ['1', '0']) {
        const { res, ms } = await timed(`/api/import?format=json&dryRun=${dryRun}`, {
          method: 'POST',
          body: exported.replace('FREQ=WEEKLY;BYDAY=MO', fresh(rule)),
        });
        const body = await res.text();
        if (dryRun === '1') {
          expect(res.status, rule).toBe(200);
          expect(JSON.parse(body)).toMatchObject({
            ok: false,
            problems: [{ messageKey: 'import.json.invalid' }],
          });
        } else expect(res.status, `${rule}: ${body}`).toBe(400);
        expect(ms, rule).toBeLessThan(QUICK_MS);
      }
    expect(await t.database.db.selectFrom('items').select('id').execute()).toHaveLength(before.length);
  });

  it('reads Todoist repeats quickly, whatever day they name', async () => {
    const rows = ['every 30 feb', 'every 31 apr', 'every feb 30', 'tous les 30 février', 'every 29 feb'];
    const csv = [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
      ...rows.map((date, n) => `task,Task ${n},,4,1,,,${date},${date.startsWith('tous') ? 'fr' : 'en'},`),
    ].join('\n');
    const { res, ms } = await timed('/api/import?format=todoist-csv&dryRun=1', { method: 'POST', body: csv });
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(QUICK_MS);
  });
});
