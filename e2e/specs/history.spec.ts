import { createLoggedInAccount } from '../support/accounts.js';
import { api, createBox, userIdOf } from '../support/api.js';
import { liveSocketConnected } from '../support/live.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { addTexts, openBoxBeside, openSettings } from '../support/workspace-setup.js';

/**
 * An item's History in Item settings: a text renamed by someone it is shared with, completed
 * from its row, then shared while Item settings is open; the entries read newest first, the
 * last arriving live, at 1280 and at 390 pixels wide.
 */

test('a text renamed, completed and shared: its History tells each change, newest first, live', async ({
  page,
  request,
}) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const ada = await createLoggedInAccount(request, { label: 'history-owner', name: `Ada ${suffix}` });
  const ben = await createLoggedInAccount(request, { label: 'history-editor', name: `Ben ${suffix}` });
  const cam = await createLoggedInAccount(request, { label: 'history-friend', name: `Cam ${suffix}` });
  const box = await createBox(request, ada.token, 'Errands');
  await addTexts(request, ada.token, box._id, ['Buy milk']);
  // Completed texts stay in sight, so the row keeps its menu once done.
  await api(request, ada.token, 'PUT', '/api/items/update-setting', {
    itemId: box._id,
    settingKey: 'showCompletedItems',
    settingValue: true,
  });
  await api(request, ada.token, 'PUT', '/api/items/associate-user', {
    itemId: box._id,
    userId: await userIdOf(request, ben.token),
    ownershipId: 'editor',
  });
  // Ben, who may edit the box, renames the text.
  const textId = (
    await api<{ items: { _id: string }[] }>(
      request,
      ada.token,
      'GET',
      `/api/items/get-items-for-pane?itemId=${box._id}`,
    )
  ).items[0]?._id as string;
  await api(request, ben.token, 'POST', '/api/items/save-text-item', {
    itemId: textId,
    title: 'Buy oat milk',
  });

  // Ada completes it from its row, then opens its Item settings.
  const live = liveSocketConnected(page);
  const row = await openBoxBeside(page, ada.token, box._id, 'Errands', 'Buy oat milk');
  await live;
  const completed = page.waitForResponse((r) => r.url().endsWith('/api/items/complete'));
  await row.getByRole('checkbox', { name: 'Mark as done' }).click();
  expect((await completed).status()).toBe(200);
  const settings = await openSettings(page, row, 'Buy oat milk');
  const history = settings.getByRole('region', { name: 'History' });
  const entries = history
    .getByRole('list', { name: 'Changes to this item, newest first' })
    .getByRole('listitem');
  await expect(entries).toHaveText([
    /^You completed it/,
    new RegExp(`^Ben ${suffix} renamed it from “Buy milk” to “Buy oat milk”`),
    /^You created it/,
  ]);
  // Each says when, the exact date and time on hover.
  await expect(entries.first().locator('time')).toHaveAttribute('title', /\d{4}, \d\d:\d\d$/);

  // Shared while Item settings is open: the new entry comes first, without a reload.
  await api(request, ada.token, 'PUT', '/api/items/associate-user', {
    itemId: textId,
    userId: await userIdOf(request, cam.token),
    ownershipId: 'readonly',
  });
  await expect(entries).toHaveCount(4);
  await expect(entries.first()).toHaveText(new RegExp(`^You shared it with Cam ${suffix} \\(Readonly\\)`));
  await expectAccessible(page, 'Item settings with its history');
  await history.scrollIntoViewIfNeeded();
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/history-en-1280.png` });

  // At phone width the lines wrap inside the dialog: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await history.scrollIntoViewIfNeeded();
  await expect(entries).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const fits = await history.evaluate((section) => section.scrollWidth <= section.clientWidth);
  expect(fits).toBe(true);
  await expectAccessible(page, 'Item settings with its history at 390 px');
});
