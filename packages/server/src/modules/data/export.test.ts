import { type ExportFile, ExportFileSchema, type ExportItem } from '@nestbox/shared/data/export.schema';
import { EARLIEST_DATE_MS, LATEST_DATE_MS } from '@nestbox/shared/dates/date-range';
import { targetDateFromDay } from '@nestbox/shared/dates/target-date';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Item } from '@nestbox/shared/items/item.schema';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, insertItemRow, type SignedInUser, uniqueEmail } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { appendTexts } from '../items/items.service.js';
import { EXPORT_PAGE_SIZE } from './export.service.js';

/** Every item of a tree, depth first, with the titles of the boxes above it. */
function flatten(items: readonly ExportItem[], path: string[] = []): { item: ExportItem; path: string[] }[] {
  return items.flatMap((item) => [
    { item, path },
    ...(item.type === 'box' ? flatten(item.children, [...path, item.title]) : []),
  ]);
}

/** The outlines of an OPML body, as fast-xml-parser reads them (an array, whatever the count). */
interface Outline {
  '@_text': string;
  '@_created'?: string;
  '@__complete'?: string;
  '@__targetDate'?: string;
  outline?: Outline[];
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => name === 'outline',
  htmlEntities: true,
  parseAttributeValue: false,
  trimValues: false,
});

describe(`export on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;
  let alice: SignedInUser;
  let bob: SignedInUser;
  const ids: Record<string, string> = {};
  const id = (key: string) => ids[key] ?? '';
  const { send, ok } = apiCalls(
    () => t,
    () => me.token,
  );
  const download = (format: string, as: SignedInUser | null = me, headers: Record<string, string> = {}) =>
    t.request(`/api/export?format=${format}`, {
      headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers },
    });
  const exportJson = async (as = me): Promise<ExportFile> => {
    const res = await download('json', as);
    expect(res.status).toBe(200);
    return ExportFileSchema.parse(await res.json());
  };
  const exportOpml = async (as = me) => {
    const text = await (await download('opml', as)).text();
    expect(XMLValidator.validate(text)).toBe(true);
    return {
      text,
      doc: xml.parse(text) as {
        opml: { '@_version': string; head: Record<string, string>; body: { outline: Outline[] } };
      },
    };
  };
  const exportCsv = async (as = me) => {
    const res = await download('csv', as);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const rows = parseCsv(text, { bom: true, columns: true }) as Record<string, string>[];
    return { res, bytes, text, rows };
  };

  const PARIS = 'Europe/Paris';
  const christmasEve = targetDateFromDay('2026-12-24', PARIS);
  const fenceAt = Date.UTC(2026, 11, 1, 8, 30); // 09:30 in Paris
  const tricky = 'Spices & <herbs> "quoted" \'single\'\nsecond line\ttab 🌶️ bell\u0007 end';
  const FORMULA = '=HYPERLINK("http://evil.example","click")';

  beforeAll(async () => {
    t = await buildTestApp();
    me = await createSignedInUser(t, { name: 'Maud Exporter' });
    alice = await createSignedInUser(t, { name: 'Alice Private', email: uniqueEmail('alice.private') });
    bob = await createSignedInUser(t, { name: 'Bob Reader', email: uniqueEmail('bob.reader') });

    await ok('PUT', '/api/admin/users/save-profile', {
      name: me.name,
      email: me.email,
      timezone: PARIS,
      locale: 'en-GB',
    });
    await ok('PUT', '/api/admin/users/update-customizations', {
      reminderEmails: false,
      shortcutsEnabled: false,
      colorScheme: 'dark',
    });

    // Mine: Home › Kitchen › texts, an archived Attic, a fence to paint; two texts at the top.
    Object.assign(ids, await tree(t, me, { Home: [{ Kitchen: ['Buy milk', FORMULA, tricky, '-2 eggs'] }] }));
    // The last made goes first: the export follows the box's order, not the order of making.
    await ok('PUT', '/api/items/move-within-pane', {
      droppableItemId: id('Kitchen'),
      draggableItemId: id('-2 eggs'),
      itemIdAdjacentToDrop: id('Buy milk'),
      beforeAfter: 'before',
    });
    await ok('PUT', '/api/items/complete', { itemId: id('Buy milk') });
    await ok('PUT', '/api/items/update-setting', {
      itemId: id('Kitchen'),
      settingKey: 'showCompletedItems',
      settingValue: true,
    });
    Object.assign(ids, await tree(t, me, { Attic: ['Old chairs'] }, id('Home')));
    await ok('DELETE', `/api/items/archive?itemId=${id('Attic')}`);
    Object.assign(ids, await tree(t, me, ['Paint the fence'], id('Home')));
    await ok('PUT', '/api/items/update-item', { itemId: id('Paint the fence'), priorityTargetDate: fenceAt });
    await ok('PUT', '/api/items/auto-archive', {
      itemId: id('Paint the fence'),
      amount: 2,
      duration: 'weeks',
    });
    await ok(
      'POST',
      `/api/reminders/create-item-reminder?itemId=${id('Paint the fence')}&numberOf=2&unit=days&beforeAfterOn=before`,
    );
    Object.assign(ids, await tree(t, me, ['Wrap the gifts']));
    await ok('PUT', '/api/items/update-item', {
      itemId: id('Wrap the gifts'),
      priorityTargetDate: christmasEve,
      favourited: true,
      prioritizable: true,
    });
    await ok('PUT', '/api/items/update-priority', {
      itemId: id('Wrap the gifts'),
      priority: 16384,
      markedAsForToday: true,
    });

    // Alice's: an Orchard shared with me (editor) and Bob (readonly); her own priority and
    // reminder on a text in it; a private box, one text of which she shares with me alone.
    Object.assign(ids, await tree(t, alice, { Orchard: ['Prune the pears'] }));
    await ok(
      'PUT',
      '/api/items/update-item',
      { itemId: id('Prune the pears'), prioritizable: true, favourited: true },
      alice.token,
    );
    await ok(
      'PUT',
      '/api/items/update-priority',
      { itemId: id('Prune the pears'), priority: 99, markedAsForToday: true },
      alice.token,
    );
    await ok(
      'POST',
      `/api/reminders/create-item-reminder?itemId=${id('Prune the pears')}&numberOf=3&unit=hours&beforeAfterOn=after`,
      undefined,
      alice.token,
    );
    await ok(
      'PUT',
      '/api/items/associate-user',
      { itemId: id('Orchard'), userId: me.id, ownershipId: 'editor' },
      alice.token,
    );
    await ok(
      'PUT',
      '/api/items/associate-user',
      { itemId: id('Orchard'), userId: bob.id, ownershipId: 'readonly' },
      alice.token,
    );
    Object.assign(ids, await tree(t, me, ['Pick apples'], id('Orchard')));
    Object.assign(ids, await tree(t, alice, { 'Secret box': ['Letter for Maud', 'Private diary'] }));
    await ok(
      'PUT',
      '/api/items/associate-user',
      { itemId: id('Letter for Maud'), userId: me.id, ownershipId: 'readonly' },
      alice.token,
    );
  });
  afterAll(() => t?.close());

  describe('rights', () => {
    it('answers 401 to a caller without a session', async () => {
      const res = await download('json', null);
      expect(res.status).toBe(401);
      expect(((await res.json()) as ErrorBody).error.code).toBe('error.unauthorized');
    });

    it('answers 400 with a translated message for a format it does not know, or none', async () => {
      for (const format of ['xml', '', 'JSON']) {
        const res = await download(format, me, { 'accept-language': 'fr' });
        expect(res.status).toBe(400);
        const body = (await res.json()) as ErrorBody;
        expect(body.error.code).toBe('error.validation');
        expect(body.error.fields?.format).toBe('Choisissez un format d’export\u00a0: json, opml ou csv.');
      }
      const bare = await send('GET', '/api/export');
      expect(bare.status).toBe(400);
      expect(((await bare.json()) as ErrorBody).error.fields?.format).toBe(
        'Choose an export format: json, opml or csv.',
      );
    });
  });

  describe('JSON', () => {
    it('streams an attachment named for the day, as JSON', async () => {
      const res = await download('json');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="nestbox-export-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      ExportFileSchema.parse(await res.json());
    });

    it('holds the Workspace as the panes show it: nesting, order, then what is shared with me', async () => {
      const file = await exportJson();
      const shape = (items: readonly ExportItem[]): unknown[] =>
        items.map((item) => (item.type === 'box' ? { [item.title]: shape(item.children) } : item.title));
      expect(shape(file.workspace)).toEqual([
        {
          Home: [
            { Kitchen: ['-2 eggs', 'Buy milk', '=HYPERLINK("http://evil.example","click")', tricky] },
            { Attic: ['Old chairs'] },
            'Paint the fence',
          ],
        },
        'Wrap the gifts',
        { Orchard: ['Prune the pears', 'Pick apples'] },
        'Letter for Maud',
      ]);
      // The order is the panes' own.
      const pane = await ok<{ items: Item[] }>(
        'GET',
        `/api/items/get-items-for-pane?itemId=${id('Kitchen')}`,
      );
      const kitchen = flatten(file.workspace).find(({ item }) => item.id === id('Kitchen'))?.item;
      expect(kitchen?.type === 'box' && kitchen.children.map((child) => child.id)).toEqual(
        pane.items.map((item) => item._id),
      );
    });

    it('keeps completion, archive, target dates, auto-archive and box settings', async () => {
      const items = new Map(flatten((await exportJson()).workspace).map(({ item }) => [item.id, item]));
      expect(items.get(id('Buy milk'))?.completedAt).toEqual(expect.any(Number));
      expect(items.get(id(FORMULA))?.completedAt).toBeNull();
      expect(items.get(id('Attic'))?.archivedAt).toEqual(expect.any(Number));
      expect(items.get(id('Old chairs'))?.archivedAt).toBeNull();
      expect(items.get(id('Paint the fence'))).toMatchObject({
        targetDate: fenceAt,
        autoArchive: { amount: 2, duration: 'weeks' },
      });
      expect(items.get(id('Wrap the gifts'))).toMatchObject({ targetDate: christmasEve, autoArchive: null });
      expect(items.get(id('Kitchen'))).toMatchObject({
        type: 'box',
        boxType: 'todo',
        settings: { showCompleted: true, autoAddToUnprioritized: false },
      });
    });

    it("holds my own state and reminders, never anyone else's", async () => {
      const file = await exportJson();
      const items = new Map(flatten(file.workspace).map(({ item }) => [item.id, item]));
      expect(items.get(id('Wrap the gifts'))?.mine).toEqual({
        favourited: true,
        prioritizable: true,
        priority: 16384,
        markedForToday: true,
      });
      expect(items.get(id('Paint the fence'))?.reminders).toContainEqual({
        numberOf: 2,
        unit: 'days',
        beforeAfterOn: 'before',
        repeat: false,
        linkedDirectlyToTargetDate: false,
      });
      // Alice favourited, prioritised and set a reminder on the pears: none of it is mine.
      expect(items.get(id('Prune the pears'))).toMatchObject({
        mine: { favourited: false, prioritizable: false, priority: null, markedForToday: false },
        reminders: [],
      });
    });

    it('names the members of a direct share by name and level only, and nothing private of theirs', async () => {
      const res = await download('json');
      const text = await res.text();
      const items = new Map(
        flatten(ExportFileSchema.parse(JSON.parse(text)).workspace).map(({ item }) => [item.id, item]),
      );
      expect(items.get(id('Orchard'))?.members).toEqual([
        { name: 'Alice Private', level: 'owner' },
        { name: 'Maud Exporter', level: 'editor' },
        { name: 'Bob Reader', level: 'readonly' },
      ]);
      expect(items.get(id('Letter for Maud'))?.members).toEqual([
        { name: 'Alice Private', level: 'owner' },
        { name: 'Maud Exporter', level: 'readonly' },
      ]);
      // Shared only through the Orchard: no list of its own.
      expect(items.get(id('Prune the pears'))?.members).toBeUndefined();
      expect(items.get(id('Home'))?.members).toBeUndefined();
      for (const secret of [
        alice.email,
        bob.email,
        alice.id,
        bob.id,
        alice.root,
        'Private diary',
        'Secret box',
      ])
        expect(text).not.toContain(secret);
    });

    it("holds the exporter's settings", async () => {
      const file = await exportJson();
      expect(file.settings).toEqual({
        locale: 'en-GB',
        timezone: PARIS,
        workspace: { tooltipsEnabled: true, openBoxesIn: 'newPane' },
        organizer: expect.objectContaining({ unprioritizedListOrderBy: 'createdDate' }),
        customizations: {
          defaultShowCompletedItems: false,
          defaultAutoAddToUnprioritized: false,
          reminderEmails: false,
          shortcutsEnabled: false,
          colorScheme: 'dark',
        },
      });
      expect(file).toMatchObject({ format: 'nestbox', version: 3 });
    });

    it('keeps titles exactly, whatever they hold', async () => {
      const items = new Map(flatten((await exportJson()).workspace).map(({ item }) => [item.id, item]));
      expect(items.get(id(tricky))?.title).toBe(tricky);
    });

    it('a reader of a shared box sees it at the top of their own export, with its members', async () => {
      const file = await exportJson(bob);
      expect(file.workspace.map((item) => item.title)).toEqual(['Orchard']);
      expect(file.workspace[0]).toMatchObject({
        members: expect.arrayContaining([{ name: 'Bob Reader', level: 'readonly' }]),
      });
    });
  });

  describe('OPML', () => {
    it('is OPML 2.0: the tree of outlines, completion and target dates as attributes, no archive', async () => {
      const res = await download('opml');
      expect(res.headers.get('content-type')).toBe('text/x-opml; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /filename="nestbox-export-\d{4}-\d{2}-\d{2}\.opml"$/,
      );
      const { doc } = await exportOpml();
      expect(doc.opml['@_version']).toBe('2.0');
      expect(doc.opml.head.title).toBe('Nestbox export');
      expect(new Date(doc.opml.head.dateCreated ?? '').getTime()).toBeGreaterThan(0);
      const shape = (outlines: readonly Outline[]): unknown[] =>
        outlines.map((o) => (o.outline ? { [o['@_text']]: shape(o.outline) } : o['@_text']));
      const strippedTricky = tricky.replace('\u0007', '');
      const body = doc.opml.body.outline;
      // A box with no children left (here none) would still be an outline without children.
      expect(shape(body)).toEqual([
        {
          Home: [
            { Kitchen: ['-2 eggs', 'Buy milk', '=HYPERLINK("http://evil.example","click")', strippedTricky] },
            'Paint the fence',
          ],
        },
        'Wrap the gifts',
        { Orchard: ['Prune the pears', 'Pick apples'] },
        'Letter for Maud',
      ]);
      const all = (outlines: readonly Outline[]): Outline[] =>
        outlines.flatMap((o) => [o, ...all(o.outline ?? [])]);
      const byText = new Map(all(body).map((o) => [o['@_text'], o]));
      expect(byText.get('Buy milk')?.['@__complete']).toBe('true');
      expect(byText.get('-2 eggs')?.['@__complete']).toBeUndefined();
      expect(byText.get('Wrap the gifts')?.['@__targetDate']).toBe('2026-12-24');
      expect(byText.get('Paint the fence')?.['@__targetDate']).toBe('2026-12-01T09:30:00+01:00');
      expect(byText.get('Home')?.['@_created']).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    });

    it('escapes markup, keeps line breaks and tabs, and drops what XML 1.0 cannot hold', async () => {
      const { text } = await exportOpml();
      expect(text).toContain(
        'text="Spices &amp; &lt;herbs&gt; &quot;quoted&quot; \'single\'&#10;second line&#9;tab 🌶️ bell end"',
      );
      expect(text).not.toContain('\u0007');
    });
  });

  describe('CSV', () => {
    it('is UTF-8 with a byte order mark, RFC 4180 lines, one row per item with its path', async () => {
      const { res, bytes, text, rows } = await exportCsv();
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /filename="nestbox-export-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.slice(1).split('\r\n')[0]).toBe(
        'path,title,type,completed_at,archived_at,target_date,priority,favourite,today,created_at,note',
      );
      const json = flatten((await exportJson()).workspace);
      expect(rows).toHaveLength(json.length);
      expect(rows.map((row) => row.path)).toEqual(json.map(({ path }) => path.join(' › ')));
      const byTitle = new Map(rows.map((row) => [row.title, row]));
      expect(byTitle.get('Old chairs')).toMatchObject({
        path: 'Home › Attic',
        type: 'text',
        archived_at: '',
      });
      expect(byTitle.get('Attic')?.archived_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(byTitle.get('Buy milk')?.completed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(byTitle.get('Wrap the gifts')).toMatchObject({
        path: '',
        type: 'text',
        target_date: '2026-12-24',
        priority: '16384',
        favourite: 'true',
        today: 'true',
      });
      expect(byTitle.get('Paint the fence')).toMatchObject({
        target_date: '2026-12-01 09:30',
        favourite: 'false',
      });
      expect(byTitle.get('Kitchen')).toMatchObject({ path: 'Home', type: 'box' });
      expect(byTitle.get(tricky)?.path).toBe('Home › Kitchen');
    });

    it('defuses formulas: a cell starting with = + - @ gets a leading apostrophe', async () => {
      const { rows } = await exportCsv();
      const titles = rows.map((row) => row.title);
      expect(titles).toContain('\'=HYPERLINK("http://evil.example","click")');
      expect(titles).toContain("'-2 eggs");
      expect(titles).not.toContain('=HYPERLINK("http://evil.example","click")');
    });

    it('quotes a cell holding a bare line break and defuses a formula on any of its lines', async () => {
      const user = await createSignedInUser(t);
      const titles = [
        'Second line\r=1+1',
        'Note\n+SUM(A1:A9)',
        'Crlf\r\n@cmd',
        'Tab\n\t=2',
        'Fine\n- not first',
      ];
      await tree(t, user, [...titles, { Box: ['Child'] }]);
      const { text, rows } = await exportCsv(user);
      // Whatever a reader takes for a line break, no line of the file starts a formula.
      for (const line of text.split(/\r\n|\r|\n/))
        expect(line, JSON.stringify(line)).not.toMatch(/^[=+\-@\t]/);
      expect(text).toContain('"Second line\r\'=1+1"');
      expect(rows.map((row) => row.title)).toEqual(
        expect.arrayContaining([
          "Second line\r'=1+1",
          "Note\n'+SUM(A1:A9)",
          "Crlf\r\n'@cmd",
          "Tab\n'\t=2",
          "Fine\n'- not first",
        ]),
      );
      expect(rows).toHaveLength(titles.length + 2);
    });
  });

  describe('stored times out of range', () => {
    it('exports every row whatever its times, in every format, and the JSON imports back', async () => {
      const odd = await createSignedInUser(t, { name: 'Odd Times' });
      const oddIds = await tree(t, odd, { 'Odd box': ['Far future', 'Far past', 'Fine'] });
      // Written straight into the database, as no route accepts them.
      await t.database.db
        .updateTable('items')
        .set({ created_at: 8.7e15, target_date: 9e15, completed_at: 8.65e15 })
        .where('id', '=', oddIds['Far future'])
        .execute();
      await t.database.db
        .updateTable('items')
        .set({ created_at: -9e15, target_date: -1e11, archived_at: -8.7e15 })
        .where('id', '=', oddIds['Far past'])
        .execute();
      await t.database.db
        .updateTable('items')
        .set({ target_date: 8.7e15 })
        .where('id', '=', oddIds['Odd box'])
        .execute();

      const file = await exportJson(odd);
      const items = new Map(flatten(file.workspace).map(({ item }) => [item.title, item]));
      expect([...items.keys()]).toEqual(['Odd box', 'Far future', 'Far past', 'Fine']);
      expect(items.get('Far future')).toMatchObject({
        createdAt: LATEST_DATE_MS,
        completedAt: LATEST_DATE_MS,
        targetDate: null,
      });
      expect(items.get('Far past')).toMatchObject({
        createdAt: EARLIEST_DATE_MS,
        archivedAt: EARLIEST_DATE_MS,
        targetDate: null,
      });
      expect(items.get('Odd box')?.targetDate).toBeNull();

      const { rows } = await exportCsv(odd);
      expect(rows.map((row) => row.title)).toEqual(['Odd box', 'Far future', 'Far past', 'Fine']);
      expect(rows[1]).toMatchObject({ completed_at: '', target_date: '', created_at: '' });
      const { doc } = await exportOpml(odd);
      const outlines = doc.opml.body.outline[0]?.outline ?? [];
      expect(outlines.map((outline) => outline['@_text'])).toEqual(['Far future', 'Fine']);
      expect(outlines[0]).toMatchObject({ '@__complete': 'true' });
      expect(outlines[0]).not.toHaveProperty('@_created');
      expect(outlines[0]).not.toHaveProperty('@__targetDate');

      const other = await createSignedInUser(t);
      const res = await t.request('/api/import?format=json', {
        method: 'POST',
        headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/octet-stream' },
        body: JSON.stringify(file),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    });
  });

  describe('a large account', () => {
    let big: SignedInUser;
    const BIG_BOX_TEXTS = 4_000;

    beforeAll(async () => {
      big = await createSignedInUser(t, { name: 'Big Account' });
      // 4,000 texts in one box (eight pages), and 1,200 more with one position (keyset ties).
      const bigBox = await insertItemRow(t.database.db, {
        type: 'todoBox',
        parent: big.root,
        createdBy: big.id,
        title: 'Big',
        position: 1,
      });
      await appendTexts(t.database.db, {
        parentId: bigBox,
        createdBy: big.id,
        titles: Array.from({ length: BIG_BOX_TEXTS }, (_, i) => `Text ${i}`),
        now: Date.now(),
      });
      const tiedBox = await insertItemRow(t.database.db, {
        type: 'todoBox',
        parent: big.root,
        createdBy: big.id,
        title: 'Tied',
        position: 2,
      });
      const tied = Array.from({ length: 1_200 }, (_, i) => ({
        id: `tie-${String(i).padStart(5, '0')}`,
        type: 'todoText' as const,
        title: `Tie ${i}`,
        parent_id: tiedBox,
        position: 1024,
        created_by: big.id,
        created_at: 1,
        updated_at: 1,
      }));
      for (let start = 0; start < tied.length; start += 400)
        await t.database.db
          .insertInto('items')
          .values(tied.slice(start, start + 400))
          .execute();
    });

    it('answers every item once, in order, across many pages', async () => {
      const file = await exportJson(big);
      const [bigBox, tiedBox] = file.workspace;
      expect(bigBox?.type === 'box' && bigBox.children.map((c) => c.title)).toEqual(
        Array.from({ length: BIG_BOX_TEXTS }, (_, i) => `Text ${i}`),
      );
      expect(BIG_BOX_TEXTS).toBeGreaterThan(EXPORT_PAGE_SIZE * 2);
      expect(tiedBox?.type === 'box' && tiedBox.children.map((c) => c.id)).toEqual(
        Array.from({ length: 1_200 }, (_, i) => `tie-${String(i).padStart(5, '0')}`),
      );
    });

    it('streams: no length known ahead, the body arrives in many pieces, and compression still works', async () => {
      const res = await download('json', big, { 'accept-encoding': 'identity' });
      expect(res.headers.get('content-length')).toBeNull();
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const reader = res.body?.getReader();
      let pieces = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
        if (done) break;
        pieces += 1;
        bytes += value.byteLength;
      }
      // Over half a megabyte: far more than one read of a socket gives.
      expect(bytes).toBeGreaterThan(500_000);
      expect(pieces).toBeGreaterThan(1);

      for (const encoding of ['gzip', 'br']) {
        const zipped = await download('csv', big, { 'accept-encoding': encoding });
        expect(zipped.headers.get('content-encoding')).toBe(encoding);
        const rows = parseCsv(await zipped.text(), { bom: true, columns: true });
        expect(rows).toHaveLength(2 + BIG_BOX_TEXTS + 1_200);
      }
    });
  });
});
