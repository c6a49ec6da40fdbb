import type { Item } from '@nestbox/shared/items/item.schema';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../db/schema.js';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { createAccessService } from '../access/access.service.js';
import { editableItem } from './item-guards.js';

/**
 * The app's database, whose next transaction, once begun, first runs what the test put in
 * `pause` (once): the test steps in between a write's start and everything it does.
 */
function pausable(db: Db) {
  const state: { pause: ((tx: Tx) => Promise<void>) | undefined } = { pause: undefined };
  const wrapped = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction')
        return () => {
          const builder = target.transaction();
          const pause = state.pause;
          state.pause = undefined;
          if (!pause) return builder;
          const execute = builder.execute.bind(builder);
          return Object.assign(builder, {
            execute: <T>(write: (tx: Tx) => Promise<T>) =>
              execute(async (tx) => {
                await pause(tx);
                return write(tx);
              }),
          });
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, state };
}

describe(`a share revoked while a write is under way refuses the write, on ${testEngine}`, () => {
  let t: TestApp;
  let hook: ReturnType<typeof pausable>['state'];
  /**
   * Deletes a link on another connection to the same database, committed, as another request's
   * revoke would (not through Kysely: the app's transaction is open in this flow of work).
   */
  let unlinkElsewhere: (itemId: string, userId: string) => Promise<void>;
  let closeOther: () => Promise<void>;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let shared: string;
  let box: string;
  let text: string;

  beforeAll(async () => {
    t = await buildTestApp({
      wrapDb: (db) => {
        const made = pausable(db);
        hook = made.state;
        return made.db;
      },
    });
    const unlink = 'delete from item_users where item_id = $1 and user_id = $2';
    if (t.database.databaseUrl && t.database.pgSchema) {
      const client = new pg.Client({
        connectionString: t.database.databaseUrl,
        options: `-c search_path=${t.database.pgSchema}`,
      });
      await client.connect();
      unlinkElsewhere = async (itemId, userId) => void (await client.query(unlink, [itemId, userId]));
      closeOther = () => client.end();
    } else {
      const connection = new SQLite(t.database.location);
      connection.pragma('busy_timeout = 5000');
      const statement = connection.prepare(unlink.replace('$1', '?').replace('$2', '?'));
      unlinkElsewhere = async (itemId, userId) => void statement.run(itemId, userId);
      closeOther = async () => void connection.close();
    }
    alice = await createSignedInUser(t, { name: 'Alice' });
    bob = await createSignedInUser(t, { name: 'Bob' });
  });
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  const { send, ok } = apiCalls(
    () => t,
    () => alice.token,
  );

  beforeEach(async () => {
    shared = (
      await ok<Item>('POST', '/api/items/create-item', {
        parentItemId: alice.root,
        itemType: 'todoBox',
        title: 'Shared',
      })
    )._id;
    box = (
      await ok<Item>('POST', '/api/items/create-item', {
        parentItemId: shared,
        itemType: 'todoBox',
        title: 'Inner',
      })
    )._id;
    text = (
      await ok<Item>('POST', '/api/items/create-item', {
        parentItemId: shared,
        itemType: 'todoText',
        title: 'A text',
      })
    )._id;
    await ok('PUT', '/api/items/associate-user', { itemId: shared, userId: bob.id, ownershipId: 'editor' });
  });

  /** Everything a write could change: the items and Bob's own state on them. */
  const snapshot = async () => ({
    items: await t.database.db
      .selectFrom('items')
      .selectAll()
      .where('id', 'in', [box, text])
      .orderBy('id')
      .execute(),
    personal: await t.database.db
      .selectFrom('user_items')
      .selectAll()
      .where('user_id', '=', bob.id)
      .execute(),
  });

  /** Revokes Bob's share on another connection, committed, while the next write's transaction is open. */
  const revokeWhenTheNextWriteStarts = () => {
    let revoked = false;
    hook.pause = async () => {
      await unlinkElsewhere(shared, bob.id);
      revoked = true;
    };
    return () => revoked;
  };

  const writes: [string, () => [string, string, unknown]][] = [
    ['renaming a box', () => ['POST', '/api/items/save-box-item', { itemId: box, title: 'Renamed' }]],
    ['saving a text', () => ['POST', '/api/items/save-text-item', { itemId: text, title: 'Changed #tag' }]],
    [
      "changing a box's setting",
      () => [
        'PUT',
        '/api/items/update-setting',
        { itemId: box, settingKey: 'showCompletedItems', settingValue: true },
      ],
    ],
    ['changing personal state', () => ['PUT', '/api/items/update-item', { itemId: text, favourited: true }]],
    ['completing', () => ['PUT', '/api/items/complete', { itemId: text }]],
    ['archiving', () => ['DELETE', `/api/items/archive?itemId=${text}`, undefined]],
    [
      'setting auto-archive',
      () => ['PUT', '/api/items/auto-archive', { itemId: text, amount: 2, duration: 'days' }],
    ],
  ];

  it.runIf(testEngine === 'postgres')(
    'a revoke made once a write checked the share waits for that write to commit',
    async () => {
      const access = createAccessService({ db: t.database.db });
      let revoked = false;
      let revoke: Promise<void> | undefined;
      await t.database.db.transaction().execute(async (tx) => {
        await editableItem(tx, access, bob.id, text);
        revoke = unlinkElsewhere(shared, bob.id).then(() => {
          revoked = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(revoked).toBe(false);
      });
      await revoke;
      expect(revoked).toBe(true);
    },
  );

  for (const [name, request] of writes) {
    it(`${name}: refused, nothing written`, async () => {
      const before = await snapshot();
      const revoked = revokeWhenTheNextWriteStarts();
      const [method, path, json] = request();
      const res = await send(method, path, json, bob.token);
      expect(revoked()).toBe(true);
      expect(res.status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it(`${name}: goes through when the share stays`, async () => {
      const before = await snapshot();
      hook.pause = async () => {};
      const [method, path, json] = request();
      const res = await send(method, path, json, bob.token);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(hook.pause).toBeUndefined();
      expect(await snapshot()).not.toEqual(before);
    });
  }
});
