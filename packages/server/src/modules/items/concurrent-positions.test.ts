import type { Item } from '@nestbox/shared/items/item.schema';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { anExportFile } from '../../test/export-files.js';
import type { SignedInUser } from '../../test/factories.js';
import { signedInApp } from '../../test/signed-in-app.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';

const CREATES = 80;
const IMPORTS = 5;
const TEXTS_PER_IMPORT = 20;

describe(`items put into one box at once get places of their own on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;
  const { ok } = signedInApp((app, user) => {
    [t, ann] = [app, user];
  });

  const childrenOf = (boxId: string) =>
    t.database.db
      .selectFrom('items')
      .select(['title', 'position'])
      .where('parent_id', '=', boxId)
      .orderBy('position')
      .orderBy('id')
      .execute();

  it(`gives ${CREATES} items created at once ${CREATES} distinct positions`, async () => {
    const { Busy: box } = await tree(t, ann, { Busy: [] });
    await Promise.all(
      Array.from({ length: CREATES }, (_, n) =>
        ok('POST', '/api/items/create-item', { parentItemId: box, itemType: 'todoText', title: `text ${n}` }),
      ),
    );
    const children = await childrenOf(box);
    expect(children).toHaveLength(CREATES);
    expect(new Set(children.map((child) => child.position)).size).toBe(CREATES);
  });

  it('keeps each of several imports into one box together, after one another', async () => {
    const { 'Imported into': box } = await tree(t, ann, { 'Imported into': [] });
    await Promise.all(
      Array.from({ length: IMPORTS }, (_, i) =>
        t
          .request(`/api/import?format=json&settings=0&boxId=${box}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${ann.token}` },
            body: JSON.stringify(
              anExportFile(
                Array.from({ length: TEXTS_PER_IMPORT }, (_, n) => ({
                  type: 'text',
                  title: `file ${i} text ${n}`,
                })),
              ),
            ),
          })
          .then(async (res) => expect(res.status, await res.text()).toBe(200)),
      ),
    );
    const children = await childrenOf(box);
    expect(children).toHaveLength(IMPORTS * TEXTS_PER_IMPORT);
    expect(new Set(children.map((child) => child.position)).size).toBe(children.length);
    const files = children.map((child) => child.title.split(' ')[1]);
    // Each file's texts in one run: the file changes once per import.
    const runs = files.filter((file, index) => index === 0 || file !== files[index - 1]);
    expect(runs).toHaveLength(IMPORTS);
    for (let i = 0; i < IMPORTS; i++) {
      const titles = children
        .filter((child) => child.title.startsWith(`file ${i} `))
        .map((child) => child.title);
      expect(titles).toEqual(Array.from({ length: TEXTS_PER_IMPORT }, (_, n) => `file ${i} text ${n}`));
    }
  });

  it('keeps items restored from the archive and items created into one box apart', async () => {
    const { 'Restored into': box } = await tree(t, ann, { 'Restored into': [] });
    const archived: string[] = [];
    for (let n = 0; n < 20; n++) {
      const text = await ok<Item>('POST', '/api/items/create-item', {
        parentItemId: ann.root,
        itemType: 'todoText',
        title: `archived ${n}`,
      });
      await ok('DELETE', `/api/items/archive?itemId=${text._id}`);
      archived.push(text._id);
    }
    await Promise.all([
      ...archived.map((itemId) => ok('PUT', '/api/items/unarchive', { itemId, parentItemId: box })),
      ...Array.from({ length: 20 }, (_, n) =>
        ok('POST', '/api/items/create-item', { parentItemId: box, itemType: 'todoText', title: `made ${n}` }),
      ),
    ]);
    const children = await childrenOf(box);
    expect(children).toHaveLength(40);
    expect(new Set(children.map((child) => child.position)).size).toBe(children.length);
  });

  it('keeps creates and an import into one box apart', async () => {
    const { Mixed: box } = await tree(t, ann, { Mixed: [] });
    await Promise.all([
      t.request(`/api/import?format=json&settings=0&boxId=${box}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ann.token}` },
        body: JSON.stringify(
          anExportFile(
            Array.from({ length: TEXTS_PER_IMPORT }, (_, n) => ({ type: 'text', title: `file text ${n}` })),
          ),
        ),
      }),
      ...Array.from({ length: 20 }, (_, n) =>
        ok('POST', '/api/items/create-item', { parentItemId: box, itemType: 'todoText', title: `made ${n}` }),
      ),
    ]);
    const children = await childrenOf(box);
    expect(children).toHaveLength(TEXTS_PER_IMPORT + 20);
    expect(new Set(children.map((child) => child.position)).size).toBe(children.length);
  });
});
