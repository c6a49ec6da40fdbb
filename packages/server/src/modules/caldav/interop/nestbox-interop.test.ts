import type { Item } from '@nestbox/shared/items/item.schema';
import type { CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiCalls } from '../../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../../test/factories.js';
import { testEngine } from '../../../test/test-database.js';
import { summaryOf } from '../vtodo.js';
import { INTEROP_PACKAGES, missingInteropTools } from './interop-runner.js';
import { runInteropScenario } from './interop-scenario.js';

const collections: [string, string] = ['Workspace › Garden jobs', 'Workspace › Errands'];

/** A stored instant as interop.py writes one: UTC with a Z, to the second. */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe(`the interop scenario against Nestbox on ${testEngine}`, () => {
  let t: TestApp;
  let ada: SignedInUser;
  let password: string;
  const calls = () =>
    apiCalls(
      () => t,
      () => ada.token,
    );

  /** The text a client's UID names: its own id, or the one Nestbox gave it. */
  async function itemOf(uid: string): Promise<string> {
    const named = await t.database.db
      .selectFrom('caldav_objects')
      .select('item_id')
      .where('uid', '=', uid)
      .executeTakeFirst();
    return named?.item_id ?? uid;
  }

  beforeAll(async () => {
    const missing = missingInteropTools();
    if (missing.length > 0)
      throw new Error(
        `Missing ${missing.join(', ')}: apt-get install ${INTEROP_PACKAGES.join(' ')} (npm test does it when run as root).`,
      );
    t = await buildTestApp();
    ada = await createSignedInUser(t, { email: 'ada@example.com' });
    // Due times are written in the person's zone and read back in UTC by the clients.
    await t.database.db.updateTable('users').set({ timezone: 'Europe/Paris' }).execute();
    password = (
      await calls().ok<CreatedApiToken>('POST', '/api/tokens', { name: 'CalDAV app', scope: 'write' })
    ).token;
    for (const name of collections)
      await calls().ok('POST', '/api/items/create-item', {
        parentItemId: ada.root,
        itemType: 'todoBox',
        title: name.split(' › ')[1],
      });
  }, 30_000);

  afterAll(() => t?.close());

  it('keeps vdirsyncer and todoman in step with Nestbox, field by field, as with Radicale', async () => {
    await runInteropScenario({
      url: `${t.baseUrl}/`,
      user: ada.email,
      password,
      collections,
      // Nestbox's side is changed and read through its own API, as its web app does.
      edit: async (uid, { summary, due }) => {
        const itemId = await itemOf(uid);
        await calls().ok('POST', '/api/items/save-text-item', { itemId, title: summary });
        await calls().ok('PUT', '/api/items/update-item', { itemId, priorityTargetDate: Date.parse(due) });
      },
      read: async (uid) => {
        const item = await calls().ok<Item>('GET', `/api/items/get-item?itemId=${await itemOf(uid)}`);
        return {
          // The title's closing tags are the task's categories, apart from its summary.
          summary: summaryOf(item.title).summary,
          due: item.priorityTargetDate === null ? null : isoSeconds(item.priorityTargetDate),
          completed: item.completed,
        };
      },
    });
  }, 240_000);
});
