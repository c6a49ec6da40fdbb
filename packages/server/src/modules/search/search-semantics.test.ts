import type { SearchResult } from '@nestbox/shared/items/item.schema';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

/**
 * One table of queries and what they find, run as it is on both engines: the search index
 * (SQLite's FTS5 trigram table, PostgreSQL's pg_trgm index) must read a query the same way.
 */
const TITLES = [
  'Café au lait',
  'Élève de CM2',
  'Almond milk',
  'Buy milk and bread',
  'Milk the goats',
  'Call the vet about milk fever',
  '100% juice',
  'Tidy the shed #weekend',
  'Mow the lawn #weekend #garden',
  'Read "Les Misérables"',
  'Ab',
] as const;

/** Titles found, in the order given; an array in a set means any order among them. */
const CASES: [query: string, found: string[]][] = [
  // Case and accents aside, both ways.
  ['cafe', ['Café au lait']],
  ['CAFÉ', ['Café au lait']],
  ['eleve', ['Élève de CM2']],
  ['ÉLÈVE', ['Élève de CM2']],
  ['miserables', ['Read "Les Misérables"']],
  // A part of a word.
  ['ilk', ['Call the vet about milk fever', 'Milk the goats', 'Buy milk and bread', 'Almond milk']],
  ['lmond', ['Almond milk']],
  // Several words, any order, all of them.
  ['milk almond', ['Almond milk']],
  ['bread buy', ['Buy milk and bread']],
  ['milk tea', []],
  // A quoted phrase is one part, spaces and all.
  ['"milk and"', ['Buy milk and bread']],
  ['"and milk"', []],
  ['"les mis"', ['Read "Les Misérables"']],
  // Words of one or two characters are found where a word starts, through an index too.
  ['ab', ['Ab', 'Call the vet about milk fever']],
  ['cm', ['Élève de CM2']],
  ['m2', []],
  ['e', ['Élève de CM2']],
  ['ab ve', ['Call the vet about milk fever']],
  ['mi al', ['Almond milk']],
  // `%` and `_` are themselves.
  ['100%', ['100% juice']],
  ['%', ['100% juice']],
  ['_', []],
  // Tags, alone or with words.
  ['#weekend', ['Mow the lawn #weekend #garden', 'Tidy the shed #weekend']],
  ['#weekend shed', ['Tidy the shed #weekend']],
  ['#weekend #garden', ['Mow the lawn #weekend #garden']],
  ['#garden shed', []],
];

describe(`search semantics on ${testEngine}`, () => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const me = await createUser(t.database.db);
    token = await tokenFor(t.secrets.jwtSecret, me);
    const root = await rootBoxOf(t.database.db, me.id);
    Object.assign(ids, await tree(t, { token, root }, { Kitchen: [...TITLES] }));
    // Recency in the order the titles are listed, the first the oldest.
    for (const [index, title] of TITLES.entries())
      await t.database.db
        .updateTable('items')
        .set({ updated_at: 1_000_000 + index })
        .where('id', '=', ids[title] ?? '')
        .execute();
  });
  afterAll(() => t.close());

  async function search(searchTerm: string) {
    const res = await t.request('/api/items/search-items', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      json: { searchTerm },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as SearchResult[];
  }

  it.each(CASES)('%s', async (query, found) => {
    const titles = (await search(query)).map((result) => result.title);
    expect(titles).toEqual(found);
  });

  it('ranks a title that starts with the word first, then a whole word, then a part, newest first within each', async () => {
    // "Milk the goats" starts with it; the others hold it as a word, the newest first.
    expect((await search('milk')).map((result) => result.title)).toEqual([
      'Milk the goats',
      'Call the vet about milk fever',
      'Buy milk and bread',
      'Almond milk',
    ]);
  });

  it('finds words in the note, says so, and follows every change of title and note', async () => {
    const setNote = (itemId: string, note: string) =>
      t.request('/api/items/set-note', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
        json: { itemId, note },
      });
    const goats = ids['Milk the goats'] ?? '';
    expect((await setNote(goats, 'Both nannies, *twice* a day')).status).toBe(200);
    const [found] = await search('nannies');
    expect(found).toMatchObject({ title: 'Milk the goats', foundInNote: true });
    expect((await search('goats nannies'))[0]).toMatchObject({ foundInNote: true });
    // "na" is inside "Milk the goats"' title only within a word, so it was found in the note.
    expect(await search('na')).toEqual([
      expect.objectContaining({ title: 'Milk the goats', foundInNote: true }),
    ]);

    const renamed = await t.request('/api/items/save-text-item', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      json: { itemId: goats, title: 'Feed the sheep' },
    });
    expect(renamed.status).toBe(200);
    expect(await search('goats')).toEqual([]);
    expect((await search('sheep')).map((result) => result.title)).toEqual(['Feed the sheep']);
    expect((await setNote(goats, '')).status).toBe(200);
    expect(await search('nannies')).toEqual([]);
  });

  it('answers through the index once there are many items', async () => {
    if (testEngine !== 'postgres') {
      const { rows } = await sql<{ detail: string }>`explain query plan
        select k.item_id from item_search s join item_search_keys k on k.key = s.rowid
        where item_search match ${'"milk"'}`.execute(t.database.db);
      const plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan).toMatch(/SEARCH k USING INTEGER PRIMARY KEY/);
      const { rows: starts } = await sql<{ detail: string }>`explain query plan
        select rowid from item_words where item_words match ${'"ka"*'}`.execute(t.database.db);
      expect(starts.map((row) => row.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
      return;
    }
    // A table this small is read whole; with that way ruled out, the plan shows the index is usable.
    const plan = (query: RawBuilder<unknown>) =>
      t.database.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(tx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    expect(
      await plan(
        sql`select id from items where nb_search_text(title, note) like '%' || nb_fold(${'milk'}) || '%'`,
      ),
    ).toMatch(/items_search_idx/);
    expect(
      await plan(sql`select id from items where to_tsvector('simple'::regconfig, nb_search_text(title, note))
        @@ to_tsquery('simple'::regconfig, ${"'ka':*"})`),
    ).toMatch(/items_words_idx/);
  });
});
