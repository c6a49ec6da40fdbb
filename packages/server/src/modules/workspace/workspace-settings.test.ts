import type { User } from '@nestbox/shared/users/user.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

describe(`workspace settings on ${testEngine}`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    token = await tokenFor(t.secrets.jwtSecret, await createUser(t.database.db));
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => token,
  );
  const settings = async () => (await ok<User>('GET', '/api/admin/users/get-user')).workspace.settings;

  it("opens boxes in a new pane by default, keeps 'the same pane' once chosen, and changes only what is sent", async () => {
    expect(await settings()).toEqual({ tooltipsEnabled: true, openBoxesIn: 'newPane' });
    await ok('PUT', '/api/workspace/settings', { settings: { openBoxesIn: 'samePane' } });
    expect(await settings()).toEqual({ tooltipsEnabled: true, openBoxesIn: 'samePane' });
    await ok('PUT', '/api/workspace/settings', { settings: { tooltipsEnabled: false } });
    expect(await settings()).toEqual({ tooltipsEnabled: false, openBoxesIn: 'samePane' });
    await ok('PUT', '/api/workspace/settings', { settings: { openBoxesIn: 'newPane' } });
    expect((await settings()).openBoxesIn).toBe('newPane');
  });

  it('refuses an unknown choice and changes nothing', async () => {
    await ok('PUT', '/api/workspace/settings', { settings: { openBoxesIn: 'samePane' } });
    const refused = await send('PUT', '/api/workspace/settings', { settings: { openBoxesIn: 'nowhere' } });
    expect(refused.status).toBe(400);
    expect((await settings()).openBoxesIn).toBe('samePane');
  });
});
