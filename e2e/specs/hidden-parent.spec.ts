import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane, rootBoxId, userIdOf } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { openPanes } from '../support/workspace-setup.js';

const searchPane = (page: Page) => page.locator('section[data-pane-type="search"]');
const unprioritizedList = (page: Page) => page.getByRole('group', { name: 'Unprioritized', exact: true });

/**
 * An item shared on its own sits in a box its recipient cannot see: search and the Organizer
 * say only that it is shared with them, never the box's title.
 */
test('an item shared on its own shows "Shared with you", never the hidden box', async ({ page }) => {
  const alice = await createLoggedInAccount(page.request, { label: 'hidden-parent-owner', name: 'Alice' });
  const bob = await createLoggedInAccount(page.request, { label: 'hidden-parent-member', name: 'Bob' });
  const secret = await createBox(page.request, alice.token, 'Secret plans');
  const item = await api<{ _id: string }>(page.request, alice.token, 'POST', '/api/items/create-item', {
    parentItemId: secret._id,
    itemType: 'todoText',
    title: 'Surprise party',
  });
  await api(page.request, alice.token, 'PUT', '/api/items/associate-user', {
    itemId: item._id,
    userId: await userIdOf(page.request, bob.token),
  });
  await api(page.request, bob.token, 'PUT', '/api/items/update-item', {
    itemId: item._id,
    prioritizable: true,
  });
  await openPanes(page.request, bob.token, [await rootBoxId(page.request, bob.token)]);
  await putSessionToken(page, bob.token);

  await page.goto('/app/organiser');
  const row = unprioritizedList(page)
    .locator('[data-item-row]')
    .filter({
      has: page.getByRole('button', { name: 'Surprise party', exact: true }),
    });
  await expect(row).toContainText('Shared with you');
  await expect(page.getByText('Secret plans')).toHaveCount(0);
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/organiser.png` });

  await page.goto('/app/boxes');
  await pane(page, 'Workspace').getByRole('button', { name: 'Search' }).click();
  await searchPane(page).getByRole('textbox', { name: 'Search titles' }).fill('surprise');
  await expect(searchPane(page).getByRole('list', { name: 'Search results' }).getByRole('button')).toHaveText(
    ['Surprise partyShared with you'],
  );
  await expect(page.getByText('Secret plans')).toHaveCount(0);
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/search.png` });
});
