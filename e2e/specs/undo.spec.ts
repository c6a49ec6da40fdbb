import type { APIRequestContext, Page } from '@playwright/test';
import { createLoggedInAccount } from '../support/accounts.js';
import { api, pane, userIdOf } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { handle, mouseDrag, rows, workspaceWith } from '../support/workspace-setup.js';

interface Item {
  _id: string;
  title: string;
  completed: boolean;
  archivedDate: number | null;
}

/** A box and its sub-items (completed ones too), as the server holds them now. */
async function contentsOf(request: APIRequestContext, token: string, itemId: string) {
  const response = await request.get(`/api/items/get-items-for-pane?itemId=${itemId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { item: Item; items: Item[] };
}

async function itemOf(request: APIRequestContext, token: string, itemId: string) {
  const response = await request.get(`/api/items/get-item?itemId=${itemId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Item;
}

const undoAnswer = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/undo/undo-action'));

test.describe('undo', () => {
  test('a box completed with mixed children is reopened by Undo in its notification, what was done staying done', async ({
    page,
  }) => {
    const { token, root, ids } = await workspaceWith(page, 'undo-complete', {
      Trip: ['Tickets', 'Passport'],
    });
    const tripId = ids.Trip ?? '';
    // The Workspace and the box show what is done, so the state is there to see.
    for (const itemId of [root, tripId])
      await api(page.request, token, 'PUT', '/api/items/update-setting', {
        itemId,
        settingKey: 'showCompletedItems',
        settingValue: true,
      });
    const passport = (await contentsOf(page.request, token, tripId)).items.find(
      (i) => i.title === 'Passport',
    );
    await api(page.request, token, 'PUT', '/api/items/complete', { itemId: passport?._id });
    await page.goto('/app/boxes');

    const tripRow = pane(page, 'Workspace').locator(`[data-item-id="${tripId}"]`);
    const completed = page.waitForResponse((r) => r.url().endsWith('/api/items/complete'));
    await tripRow.getByRole('checkbox', { name: 'Mark as done' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark all as done' }).click();
    expect((await completed).status()).toBe(200);
    await expect(pane(page, 'Trip').getByRole('checkbox', { name: 'Mark as not done' })).toHaveCount(2);

    const notice = page.getByRole('alert').filter({ hasText: 'Marked as done.' });
    await expect(notice).toBeVisible();
    const undone = undoAnswer(page);
    await notice.getByRole('button', { name: 'Undo' }).click();
    expect((await undone).status()).toBe(200);
    await expect(page.getByText('Undone.')).toBeVisible();
    await expect(notice).toHaveCount(0);

    const trip = await contentsOf(page.request, token, tripId);
    expect(trip.item.completed).toBe(false);
    expect(trip.items.map((i) => [i.title, i.completed])).toEqual([
      ['Tickets', false],
      ['Passport', true],
    ]);
    await expect(tripRow.getByRole('checkbox', { name: 'Mark as done' })).not.toBeChecked();
    await expect(
      pane(page, 'Trip').locator('[data-item-id]').filter({ hasText: 'Tickets' }).getByRole('checkbox'),
    ).not.toBeChecked();
  });

  test('an archived text comes back to its place with Undo', async ({ page }) => {
    const { token, ids } = await workspaceWith(page, 'undo-archive', { Shopping: ['Bread', 'Milk', 'Eggs'] });
    await page.goto('/app/boxes');
    const shopping = rows(page, 'Shopping');
    await expect(shopping).toHaveText(['Bread', 'Milk', 'Eggs']);
    const milk = shopping.filter({ hasText: 'Milk' });
    const milkId = (await milk.getAttribute('data-item-id')) ?? '';
    await milk.hover();
    await page
      .locator(`[data-item-hover-menu="${milkId}"]`)
      .getByRole('button', { name: 'Archive item' })
      .click();
    await expect(shopping).toHaveText(['Bread', 'Eggs']);

    const notice = page.getByRole('alert').filter({ hasText: 'Item archived.' });
    const undone = undoAnswer(page);
    await notice.getByRole('button', { name: 'Undo' }).click();
    expect((await undone).status()).toBe(200);
    await expect(shopping).toHaveText(['Bread', 'Milk', 'Eggs']);
    const box = await contentsOf(page.request, token, ids.Shopping ?? '');
    expect(box.items.map((i) => [i.title, i.archivedDate])).toEqual([
      ['Bread', null],
      ['Milk', null],
      ['Eggs', null],
    ]);
  });

  test('Ctrl+Z undoes a drag, then the one before it, and leaves a field’s text to the browser', async ({
    page,
  }) => {
    const { token, ids } = await workspaceWith(page, 'undo-drag', {
      Groceries: ['Milk', 'Bread', 'Tea'],
      Garden: ['Mow'],
    });
    await page.goto('/app/boxes');
    const groceries = pane(page, 'Groceries');
    const garden = pane(page, 'Garden');
    await expect(rows(page, 'Groceries')).toHaveText(['Milk', 'Bread', 'Tea']);

    let moved = page.waitForResponse((r) => r.url().endsWith('/api/items/move-within-pane'));
    await mouseDrag(page, handle(groceries, 'Tea'), rows(page, 'Groceries').first());
    expect((await moved).status()).toBe(200);
    await expect(rows(page, 'Groceries')).toHaveText(['Tea', 'Milk', 'Bread']);
    moved = page.waitForResponse((r) => r.url().endsWith('/api/items/move-between-panes'));
    await mouseDrag(page, handle(groceries, 'Bread'), rows(page, 'Garden').first());
    expect((await moved).status()).toBe(200);
    await expect(rows(page, 'Garden')).toHaveText(['Bread', 'Mow']);
    // One notice at a time: the second drag's replaced the first's.
    await expect(page.getByRole('alert').filter({ hasText: 'Item moved.' })).toHaveCount(1);

    let undone = undoAnswer(page);
    await page.keyboard.press('ControlOrMeta+z');
    expect((await undone).status()).toBe(200);
    await expect(rows(page, 'Garden')).toHaveText(['Mow']);
    await expect(rows(page, 'Groceries')).toHaveText(['Tea', 'Milk', 'Bread']);

    undone = undoAnswer(page);
    await page.keyboard.press('ControlOrMeta+z');
    expect((await undone).status()).toBe(200);
    await expect(rows(page, 'Groceries')).toHaveText(['Milk', 'Bread', 'Tea']);
    const contents = await contentsOf(page.request, token, ids.Groceries ?? '');
    expect(contents.items.map((i) => i.title)).toEqual(['Milk', 'Bread', 'Tea']);

    // Typing in a field, Ctrl+Z is the browser's: nothing is sent.
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/undo/undo-action')) sent = true;
    });
    await garden.getByRole('button', { name: 'Insert item' }).click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    const field = garden.getByRole('textbox', { name: 'Text' });
    await expect(field).toBeFocused();
    await page.keyboard.type('Rake');
    await page.keyboard.press('ControlOrMeta+z');
    // The browser took back typing (how much of it is its own business).
    await expect(field).not.toHaveValue('Rake');
    await page.keyboard.press('Escape');
    await expect(rows(page, 'Garden')).toHaveText(['Mow']);
    // Nothing is left to undo either: saying so needs no request.
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page.getByText('Nothing to undo.')).toBeVisible();
    expect(sent).toBe(false);
  });

  test('an undo refused because someone changed the item since says so and changes nothing', async ({
    page,
  }) => {
    const { token, ids } = await workspaceWith(page, 'undo-conflict', { Chores: ['Bins', 'Dishes'] });
    const choresId = ids.Chores ?? '';
    const other = await createLoggedInAccount(page.request, { label: 'undo-conflict-other', name: 'Bea' });
    await api(page.request, token, 'PUT', '/api/items/associate-user', {
      itemId: choresId,
      userId: await userIdOf(page.request, other.token),
      ownershipId: 'editor',
    });
    await page.goto('/app/boxes');
    const bins = rows(page, 'Chores').filter({ hasText: 'Bins' });
    const binsId = (await bins.getAttribute('data-item-id')) ?? '';

    const completed = page.waitForResponse((r) => r.url().endsWith('/api/items/complete'));
    await bins.getByRole('checkbox', { name: 'Mark as done' }).click();
    expect((await completed).status()).toBe(200);
    await expect(rows(page, 'Chores')).toHaveText(['Dishes']);

    // Bea renames it meanwhile (through the API, as her own app would).
    await api(page.request, other.token, 'POST', '/api/items/save-text-item', {
      itemId: binsId,
      title: 'Bins and recycling',
    });
    const undone = undoAnswer(page);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Marked as done.' })
      .getByRole('button', { name: 'Undo' })
      .click();
    expect((await undone).status()).toBe(409);
    await expect(page.getByText("This can't be undone: it has been changed since.")).toBeVisible();
    const bin = await itemOf(page.request, token, binsId);
    expect([bin.title, bin.completed]).toEqual(['Bins and recycling', true]);
    await expect(rows(page, 'Chores')).toHaveText(['Dishes']);
  });
});
