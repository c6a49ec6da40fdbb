import type { APIRequestContext } from '@playwright/test';
import { api, pane } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { workspaceWith } from '../support/workspace-setup.js';

interface PaneContents {
  item: { completed: boolean };
  items: { title: string; completed: boolean }[];
}

/** A box and its visible sub-items, as the server holds them now. */
async function contentsOf(request: APIRequestContext, token: string, itemId: string) {
  const response = await request.get(`/api/items/get-items-for-pane?itemId=${itemId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as PaneContents;
}

test('a box is completed from its row after a confirmation, and reopened without its items', async ({
  page,
}) => {
  const { token, root, ids } = await workspaceWith(page, 'box-complete', {
    Kitchen: ['Paint the walls', 'Fix the tap'],
    'Empty shelf': [],
  });
  const kitchenId = ids.Kitchen ?? '';
  await page.goto('/app/boxes');
  const workspace = pane(page, 'Workspace');
  const kitchenRow = workspace.locator(`[data-item-id="${ids.Kitchen}"]`);
  const dialog = page.getByRole('dialog', { name: 'Mark “Kitchen” and everything in it as done?' });

  // Cancelling changes nothing.
  await kitchenRow.getByRole('checkbox', { name: 'Mark as done' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Every item inside “Kitchen”, in its boxes too, is marked as done');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(kitchenRow.getByRole('checkbox', { name: 'Mark as done' })).not.toBeChecked();
  await expect(pane(page, 'Kitchen').locator('[data-item-id]')).toHaveCount(2);

  // Confirming completes the box and everything in it: its open pane empties.
  const completed = page.waitForResponse((r) => r.url().endsWith('/api/items/complete'));
  await kitchenRow.getByRole('checkbox', { name: 'Mark as done' }).click();
  await dialog.getByRole('button', { name: 'Mark all as done' }).click();
  expect((await completed).status()).toBe(200);
  await expect(kitchenRow).toBeHidden();
  await expect(pane(page, 'Kitchen').locator('[data-item-id]')).toHaveCount(0);
  expect((await contentsOf(page.request, token, kitchenId)).item.completed).toBe(true);

  // An empty box has nothing to ask about.
  const emptyShelf = workspace.locator(`[data-item-id="${ids['Empty shelf']}"]`);
  await emptyShelf.getByRole('checkbox', { name: 'Mark as done' }).click();
  await expect(emptyShelf).toBeHidden();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Shown again (the Workspace shows completed items), the box reopens alone, as the dialog says.
  await api(page.request, token, 'PUT', '/api/items/update-setting', {
    itemId: root,
    settingKey: 'showCompletedItems',
    settingValue: true,
  });
  await page.reload();
  await kitchenRow.getByRole('checkbox', { name: 'Mark as not done' }).click();
  const reopen = page.getByRole('dialog', { name: 'Mark “Kitchen” as not done?' });
  await expect(reopen).toContainText('Only the box reopens: the items inside it stay done.');
  const uncompleted = page.waitForResponse((r) => r.url().endsWith('/api/items/uncomplete'));
  await reopen.getByRole('button', { name: 'Reopen the box' }).click();
  expect((await uncompleted).status()).toBe(200);
  await expect(kitchenRow.getByRole('checkbox', { name: 'Mark as done' })).not.toBeChecked();
  await expect(pane(page, 'Kitchen').getByText('This box is empty')).toBeVisible();
  const kitchen = await contentsOf(page.request, token, kitchenId);
  expect(kitchen.item.completed).toBe(false);
  expect(kitchen.items).toEqual([]);
});
