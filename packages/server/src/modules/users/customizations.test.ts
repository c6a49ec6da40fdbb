import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { User } from '@nestbox/shared/users/user.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../test/api-calls.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';

describe(`customizations on ${testEngine}`, () => {
  let t: TestApp;
  let token: string;
  let root: string;
  const api = apiCalls(
    () => t,
    () => token,
  );

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await createUser(t.database.db);
    token = await tokenFor(t.secrets.jwtSecret, user);
    root = await rootBoxOf(t.database.db, user.id);
  });
  afterAll(() => t.close());

  const newBox = (title: string) =>
    api.ok<Item>('POST', '/api/items/create-item', { parentItemId: root, itemType: 'todoBox', title });

  it('starts with keyboard shortcuts on, every other switch off and new boxes without the settings', async () => {
    const me = await api.ok<User>('GET', '/api/admin/users/get-user');
    expect(me.customizations).toEqual({
      defaultShowCompletedItems: false,
      defaultAutoAddToUnprioritized: false,
      reminderEmails: false,
      shortcutsEnabled: true,
      colorScheme: 'system',
    });
    expect((await newBox('Plain')).settings).toEqual({
      showCompletedItems: false,
      autoAddToUnprioritized: false,
    });
  });

  it('saves the switches (one at a time too) and new boxes take them as defaults; old boxes keep theirs', async () => {
    const before = await newBox('Before');
    const saved = await api.ok<{ message: string; user: User }>(
      'PUT',
      '/api/admin/users/update-customizations',
      {
        defaultShowCompletedItems: true,
        defaultAutoAddToUnprioritized: true,
      },
    );
    expect(saved.message).toBe('Information saved successfully.');
    expect(saved.user.customizations).toEqual({
      defaultShowCompletedItems: true,
      defaultAutoAddToUnprioritized: true,
      reminderEmails: false,
      shortcutsEnabled: true,
      colorScheme: 'system',
    });
    await api.ok('PUT', '/api/admin/users/update-customizations', { reminderEmails: true });
    const me = await api.ok<User>('GET', '/api/admin/users/get-user');
    expect(me.customizations).toEqual({
      defaultShowCompletedItems: true,
      defaultAutoAddToUnprioritized: true,
      reminderEmails: true,
      shortcutsEnabled: true,
      colorScheme: 'system',
    });
    expect((await newBox('After')).settings).toEqual({
      showCompletedItems: true,
      autoAddToUnprioritized: true,
    });
    const old = await api.ok<Item>('GET', `/api/items/get-item?itemId=${before._id}`);
    expect(old.settings).toEqual({ showCompletedItems: false, autoAddToUnprioritized: false });
    // Text items never carry box settings.
    const text = await api.ok<Item>('POST', '/api/items/create-item', {
      parentItemId: root,
      itemType: 'todoText',
      title: 'x',
    });
    expect(text.settings).toEqual({ showCompletedItems: false, autoAddToUnprioritized: false });
  });

  it('turns keyboard shortcuts off and on again, leaving the other switches alone', async () => {
    const off = await api.ok<{ message: string; user: User }>(
      'PUT',
      '/api/admin/users/update-customizations',
      { shortcutsEnabled: false },
    );
    expect(off.user.customizations.shortcutsEnabled).toBe(false);
    const me = await api.ok<User>('GET', '/api/admin/users/get-user');
    expect(me.customizations).toEqual({
      defaultShowCompletedItems: true,
      defaultAutoAddToUnprioritized: true,
      reminderEmails: true,
      shortcutsEnabled: false,
      colorScheme: 'system',
    });
    await api.ok('PUT', '/api/admin/users/update-customizations', { shortcutsEnabled: true });
    expect((await api.ok<User>('GET', '/api/admin/users/get-user')).customizations.shortcutsEnabled).toBe(
      true,
    );
  });

  it('saves the colours (system, light, dark), leaving the other switches alone', async () => {
    const before = (await api.ok<User>('GET', '/api/admin/users/get-user')).customizations;
    for (const colorScheme of ['dark', 'light', 'system'] as const) {
      const saved = await api.ok<{ message: string; user: User }>(
        'PUT',
        '/api/admin/users/update-customizations',
        { colorScheme },
      );
      expect(saved.user.customizations).toEqual({ ...before, colorScheme });
      expect((await api.ok<User>('GET', '/api/admin/users/get-user')).customizations).toEqual({
        ...before,
        colorScheme,
      });
    }
  });

  it('refuses colours outside system, light and dark with a translated 400 and changes nothing', async () => {
    await api.ok('PUT', '/api/admin/users/update-customizations', { colorScheme: 'dark' });
    for (const [value, locale, text] of [
      ['sepia', 'en-GB', 'This value is not valid.'],
      ['Dark', 'fr', 'Cette valeur n’est pas valide.'],
      [null, 'en-GB', 'This value is not valid.'],
      [1, 'fr', 'Cette valeur n’est pas valide.'],
    ] as const) {
      const bad = await t.request('/api/admin/users/update-customizations', {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
        json: { colorScheme: value, shortcutsEnabled: false },
      });
      expect(bad.status, String(value)).toBe(400);
      const { error } = (await bad.json()) as ErrorBody;
      expect(error.fields?.colorScheme, String(value)).toBe(text);
    }
    expect((await api.ok<User>('GET', '/api/admin/users/get-user')).customizations).toMatchObject({
      colorScheme: 'dark',
      shortcutsEnabled: true,
    });
    await api.ok('PUT', '/api/admin/users/update-customizations', { colorScheme: 'system' });
  });

  it('refuses a value that is not a boolean with 400 and changes nothing; logged out gets 401', async () => {
    const bad = await api.send('PUT', '/api/admin/users/update-customizations', {
      reminderEmails: 'yes please',
    });
    expect(bad.status).toBe(400);
    expect((await api.ok<User>('GET', '/api/admin/users/get-user')).customizations.reminderEmails).toBe(true);
    const badShortcuts = await api.send('PUT', '/api/admin/users/update-customizations', {
      shortcutsEnabled: 'off',
      reminderEmails: false,
    });
    expect(badShortcuts.status).toBe(400);
    const { error } = (await badShortcuts.json()) as ErrorBody;
    expect(error.fields?.shortcutsEnabled).toBe('This value is not valid.');
    expect((await api.ok<User>('GET', '/api/admin/users/get-user')).customizations).toMatchObject({
      shortcutsEnabled: true,
      reminderEmails: true,
    });
    expect((await api.send('PUT', '/api/admin/users/update-customizations', {}, 'nope')).status).toBe(401);
  });
});
