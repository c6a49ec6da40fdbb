import type { Item } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { appendTexts } from './items.service.js';

const ROUNDS = 40;
const TEXTS = 30;
const CREATED_AT = Date.UTC(2026, 0, 15, 9);

describe(`a tag rename and title saves at the same time on ${testEngine}`, () => {
  let t: TestApp;
  /** On PostgreSQL a second instance on the same schema, which the saves go through; else the first. */
  let other: TestApp;
  let ann: SignedInUser;
  const { send, ok } = apiCalls(
    () => t,
    () => ann.token,
  );
  const { send: sendToOther } = apiCalls(
    () => other,
    () => ann.token,
  );

  beforeAll(async () => {
    t = await buildTestApp();
    other = testEngine === 'postgres' ? await buildTestApp({ besides: t }) : t;
    ann = await createSignedInUser(t);
  });
  afterAll(async () => {
    if (other !== t) await other.close();
    await t.close();
  });

  it(`loses no acknowledged save in ${ROUNDS} rounds`, async () => {
    const lost: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const box = (
        await ok<Item>('POST', '/api/items/create-item', {
          parentItemId: ann.root,
          itemType: 'todoBox',
          title: `Round ${round}`,
        })
      )._id;
      const titles = Array.from({ length: TEXTS }, (_, n) => `text ${n} #r${round}`);
      await appendTexts(t.database.db, { parentId: box, createdBy: ann.id, titles, now: CREATED_AT });
      const ids = (
        await t.database.db
          .selectFrom('items')
          .select('id')
          .where('parent_id', '=', box)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
      // The rename writes texts in id order: the last one is written last, the widest window.
      const saved = ids.at(-1) as string;
      const savedTitle = `edited in round ${round} #r${round}`;
      const [renamed, save] = await Promise.all([
        send('POST', '/api/tags/rename', { from: `r${round}`, to: `s${round}` }),
        new Promise((resolve) => setTimeout(resolve, round % 10)).then(() =>
          sendToOther('POST', '/api/items/save-text-item', { itemId: saved, title: savedTitle }),
        ),
      ]);
      expect(renamed.status, await renamed.text()).toBe(200);
      expect(save.status, await save.text()).toBe(200);
      const row = await t.database.db
        .selectFrom('items')
        .select('title')
        .where('id', '=', saved)
        .executeTakeFirstOrThrow();
      // Either order is right (renamed after the save, or the save after the rename); losing the save is not.
      if (![savedTitle, `edited in round ${round} #s${round}`].includes(row.title)) lost.push(row.title);
      const tags = await t.database.db
        .selectFrom('item_tags')
        .select('name')
        .where('item_id', '=', saved)
        .execute();
      expect(tags.map((tag) => `#${tag.name}`)).toEqual([row.title.split(' ').at(-1)]);
    }
    expect(lost).toEqual([]);
  }, 120_000);
});
