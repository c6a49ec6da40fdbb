import { NOTE_MAX_LENGTH } from '@nestbox/shared/constants';
import { EXPORT_VERSION, type ExportFile, type ExportItem } from '@nestbox/shared/data/export.schema';
import type { ImportResult } from '@nestbox/shared/data/import.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { ItemsForPane } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../../clock.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { anExportFile } from '../../test/export-files.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const NOTE = '**Bring** the <blue> bag & "keys"\n- second line\ttab';

describe(`notes in exports and imports on ${testEngine}`, () => {
  let t: TestApp;
  let me: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp({ now: clockStartingAt(Date.UTC(2026, 10, 25, 10)) });
    me = await createSignedInUser(t);
    const ids = await tree(t, me, { Errands: ['Shop', 'Post'] });
    await ok('PUT', '/api/items/set-note', { itemId: ids.Shop, note: NOTE });
    await ok('PUT', '/api/items/set-note', { itemId: ids.Errands, note: 'Saturdays' });
  });
  afterAll(() => t.close());

  const { ok } = apiCalls(
    () => t,
    () => me.token,
  );
  const download = async (format: string, as = me) => {
    const res = await t.request(`/api/export?format=${format}`, {
      headers: { authorization: `Bearer ${as.token}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  };
  const importFile = async (as: SignedInUser, format: string, body: string) => {
    const res = await t.request(`/api/import?format=${format}&boxId=${as.root}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.token}`, 'content-type': 'application/octet-stream' },
      body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ImportResult;
  };
  const pane = (boxId: string, as: SignedInUser) =>
    ok<ItemsForPane>('GET', `/api/items/get-items-for-pane?itemId=${boxId}`, undefined, as.token);
  /** Each item under a box as [title, note], depth first. */
  const notesUnder = async (boxId: string, as: SignedInUser): Promise<unknown[]> => {
    const found: unknown[] = [];
    for (const item of (await pane(boxId, as)).items) {
      found.push([item.title, item.note]);
      if (item.itemType === 'todoBox') found.push(await notesUnder(item._id, as));
    }
    return found;
  };

  it('writes each note, only on the items that have one, and imports it back', async () => {
    const file = JSON.parse(await download('json')) as ExportFile;
    expect(file.version).toBe(EXPORT_VERSION);
    expect(EXPORT_VERSION).toBe(3);
    const [errands] = file.workspace as [ExportItem & { type: 'box' }];
    expect(errands.note).toBe('Saturdays');
    expect(errands.children.map((child) => [child.title, child.note])).toEqual([
      ['Shop', NOTE],
      ['Post', undefined],
    ]);
    expect('note' in (errands.children[1] as object)).toBe(false);
    const other = await createSignedInUser(t);
    await importFile(other, 'json', JSON.stringify(file));
    expect(await notesUnder(other.root, other)).toEqual([
      ['Errands', 'Saturdays'],
      [
        ['Shop', NOTE],
        ['Post', ''],
      ],
    ]);
  });

  it('still imports a version 1 file, its items without notes', async () => {
    const v1 = anExportFile([
      { type: 'box', title: 'Old box', children: [{ type: 'text', title: 'Old text' }] },
    ]);
    expect(v1.version).toBe(1);
    const other = await createSignedInUser(t);
    const result = await importFile(other, 'json', JSON.stringify(v1));
    expect(result.counts).toMatchObject({ boxes: 1, texts: 1 });
    expect(await notesUnder(other.root, other)).toEqual([['Old box', ''], [['Old text', '']]]);
  });

  it('refuses a file holding a note over the limit, naming it, and writes nothing', async () => {
    const other = await createSignedInUser(t);
    const file = anExportFile([{ type: 'text', title: 'Long', note: 'n'.repeat(NOTE_MAX_LENGTH + 1) }]);
    const res = await t.request(`/api/import?format=json&boxId=${other.root}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/octet-stream' },
      body: JSON.stringify(file),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      'At workspace.0.note: this value is not what a Nestbox export holds.',
    );
    expect((await pane(other.root, other)).items).toEqual([]);
  });

  it('writes each note as OPML _note, escaped, and reads it back from OPML', async () => {
    const opml = await download('opml');
    expect(opml).toContain(
      ' _note="**Bring** the &lt;blue&gt; bag &amp; &quot;keys&quot;&#10;- second line&#9;tab"/>',
    );
    expect(opml).toMatch(/<outline text="Errands" [^>]*_note="Saturdays">/);
    expect(opml).not.toMatch(/text="Post"[^>]*_note/);
    const other = await createSignedInUser(t);
    await importFile(other, 'opml', opml);
    expect(await notesUnder(other.root, other)).toEqual([
      ['Errands', 'Saturdays'],
      [
        ['Shop', NOTE],
        ['Post', ''],
      ],
    ]);
  });

  it('gives the CSV a note column', async () => {
    const csv = await download('csv');
    const [header] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(',').at(-1)).toBe('note');
    // Quotes doubled, and a line that a spreadsheet would read as a formula defused.
    expect(csv).toContain('"**Bring** the <blue> bag & ""keys""\n\'- second line\ttab"');
  });
});
