import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, getAs, pane, readItem, userIdOf } from '../support/api.js';
import { expectSelected } from '../support/keyboard.js';
import { liveSocketConnected } from '../support/live.js';
import { savedCopy } from '../support/offline.js';
import { expect, test } from '../support/test.js';
import { addTexts, openPanes, rows } from '../support/workspace-setup.js';

test.use({ serviceWorkers: 'allow' });

const BOX = 'Allotment';

/** How many item changes the saved copy holds, waiting for the network. */
async function savedChanges(page: Page): Promise<number> {
  const copy = await savedCopy(page);
  if (!copy) return 0;
  const saved = JSON.parse(copy) as { clientState: { mutations: unknown[] } };
  return saved.clientState.mutations.length;
}

interface PaneItem {
  _id: string;
  title: string;
  completed: boolean;
}

test('changes made offline survive a reload, reach the server in order once online, and show live elsewhere', async ({
  page,
  context,
  browser,
}, testInfo) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'offline-changes' });
  const box = await createBox(request, token, BOX);
  await addTexts(request, token, box._id, ['Sow the beans', 'Turn the compost']);
  await openPanes(request, token, [box._id]);

  // A second browser, signed in as the same person, watches the box live.
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const other = await browser.newContext({ baseURL, locale, timezoneId, serviceWorkers: 'block' });
  try {
    const watcher = await other.newPage();
    const watcherLive = liveSocketConnected(watcher);
    await putSessionToken(watcher, token);
    await watcher.goto('/app/boxes');
    await expect(rows(watcher, BOX)).toHaveText(['Sow the beans', 'Turn the compost']);
    await watcherLive;

    await putSessionToken(page, token);
    await page.goto('/app/boxes');
    await expect(rows(page, BOX)).toHaveText(['Sow the beans', 'Turn the compost']);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(() => savedCopy(page), { message: 'the offline copy holds the pane' })
      .toContain('Turn the compost');

    // Offline: two new texts, one of them completed, the other moved to the top.
    await context.setOffline(true);
    const status = page.getByRole('status').filter({ hasText: 'Offline' });
    await expect(status).toHaveText('Offline: showing what this device last saw');
    await pane(page, BOX).getByRole('button', { name: 'Insert item' }).click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    await page.keyboard.type('Water the leeks');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Net the cabbages');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(rows(page, BOX)).toHaveText([
      'Sow the beans',
      'Turn the compost',
      'Water the leeks',
      'Net the cabbages',
    ]);
    const leeks = rows(page, BOX).filter({ hasText: 'Water the leeks' });
    const leeksId = (await leeks.getAttribute('data-item-id')) ?? '';
    await leeks.getByRole('checkbox', { name: 'Mark as done' }).click();
    await expect(rows(page, BOX)).toHaveText(['Sow the beans', 'Turn the compost', 'Net the cabbages']);
    const cabbages = page.locator('[data-selectable-row]').filter({ hasText: 'Net the cabbages' });
    await cabbages.focus();
    await expectSelected(cabbages);
    await page.keyboard.press('Alt+ArrowUp');
    await expect(rows(page, BOX)).toHaveText(['Sow the beans', 'Net the cabbages', 'Turn the compost']);
    await expectSelected(cabbages);
    await page.keyboard.press('Alt+ArrowUp');
    await expect(rows(page, BOX)).toHaveText(['Net the cabbages', 'Sow the beans', 'Turn the compost']);
    // Quick capture keeps its text on the device too, and is free for the next one.
    await page.keyboard.press('Escape');
    await page.keyboard.press('q');
    const capture = page.getByRole('dialog', { name: 'Quick capture' });
    await capture.getByRole('combobox', { name: 'What to capture' }).fill('Buy twine');
    await page.keyboard.press('Enter');
    await expect(
      capture.getByText('Kept on this device: it goes in as soon as the network is back.'),
    ).toBeVisible();
    await expect(capture.getByRole('combobox', { name: 'What to capture' })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(capture).toBeHidden();
    await expect(status).toContainText('6 changes wait for the network');

    // A reload while still offline: the page and the waiting changes come back from this device.
    await expect.poll(() => savedChanges(page), { message: 'the waiting changes are saved' }).toBe(6);
    await page.reload();
    await expect(rows(page, BOX)).toHaveText(['Net the cabbages', 'Sow the beans', 'Turn the compost']);
    await expect(status).toContainText('6 changes wait for the network');
    // Nothing reached the server meanwhile.
    const before = await getAs<{ items: PaneItem[] }>(
      request,
      token,
      `/api/items/get-items-for-pane?itemId=${box._id}`,
    );
    expect(before.items.map((item) => item.title)).toEqual(['Sow the beans', 'Turn the compost']);

    // Online again: the changes go out in order, and the other browser sees them live.
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await getAs<{ items: PaneItem[] }>(
              request,
              token,
              `/api/items/get-items-for-pane?itemId=${box._id}`,
            )
          ).items.map((item) => item.title),
        { message: 'the server has the new texts, the move and the completion' },
      )
      .toEqual(['Net the cabbages', 'Sow the beans', 'Turn the compost']);
    // The first new text was made with the id this device gave it, then completed.
    expect(await readItem<PaneItem>(request, token, leeksId)).toMatchObject({
      title: 'Water the leeks',
      completed: true,
    });
    await expect(rows(watcher, BOX)).toHaveText(['Net the cabbages', 'Sow the beans', 'Turn the compost']);
    const twine = await api<{ title: string }[]>(request, token, 'POST', '/api/items/search-items', {
      searchTerm: 'twine',
    });
    expect(twine.map((item) => item.title)).toEqual(['Buy twine']);
    await expect(rows(page, BOX)).toHaveText(['Net the cabbages', 'Sow the beans', 'Turn the compost']);
    await expect.poll(() => savedChanges(page), { message: 'no change waits any more' }).toBe(0);
  } finally {
    await other.close();
  }
});

test('a change made offline to an item unshared meanwhile is dropped, with a notice naming it', async ({
  page,
  context,
}) => {
  const { request } = page;
  const owner = await createLoggedInAccount(request, { label: 'offline-owner' });
  const member = await createLoggedInAccount(request, { label: 'offline-member' });
  const box = await createBox(request, owner.token, 'Shared shed');
  await addTexts(request, owner.token, box._id, ['Oil the hinges']);
  const memberId = await userIdOf(request, member.token);
  await api(request, owner.token, 'PUT', '/api/items/associate-user', {
    itemId: box._id,
    userId: memberId,
    ownershipId: 'editor',
  });
  await openPanes(request, member.token, [box._id]);

  await putSessionToken(page, member.token);
  await page.goto('/app/boxes');
  await expect(rows(page, 'Shared shed')).toHaveText(['Oil the hinges']);
  // Offline only once the service worker is in charge: one still installing fails offline,
  // and the browser drops it while the test switches the network back.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await context.setOffline(true);
  await rows(page, 'Shared shed').getByRole('checkbox', { name: 'Mark as done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText(
    '1 change waits for the network',
  );
  // Meanwhile the owner stops sharing the box.
  await api(
    request,
    owner.token,
    'DELETE',
    `/api/items/remove-association?itemId=${box._id}&userId=${memberId}`,
  );

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/items/complete'));
  await context.setOffline(false);
  expect((await refused).status()).toBe(404);
  await expect(
    page.getByText(
      'Your change to “Oil the hinges” was not saved: it was deleted, or is no longer shared with you.',
    ),
  ).toBeVisible();
  const texts = await getAs<{ items: PaneItem[] }>(
    request,
    owner.token,
    `/api/items/get-items-for-pane?itemId=${box._id}`,
  );
  expect(texts.items).toMatchObject([{ title: 'Oil the hinges', completed: false }]);
  // Told once, by that notice only (the pane's own failure notice keeps quiet).
  await expect(page.getByRole('alert')).toHaveText([
    'Your change to “Oil the hinges” was not saved: it was deleted, or is no longer shared with you.',
  ]);
});
