import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox, pane, readItem } from '../support/api.js';
import { savedCopy } from '../support/offline.js';
import { expect, test } from '../support/test.js';
import { addTexts, openPanes, rows } from '../support/workspace-setup.js';

test.use({ serviceWorkers: 'allow' });

const BOX = 'Allotment';
const TEXTS = ['Sow the beans', 'Turn the compost', 'Mend the fence'];

/** Waits until the service worker is active (the app shell is kept) and the offline copy holds `text`. */
async function waitUntilKeptOffline(page: Page, text: string) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => savedCopy(page), { message: 'the offline copy holds the pane' }).toContain(text);
}

test('signed in once, Nestbox opens offline on what it last showed, and sends a change made offline when back', async ({
  page,
  context,
}) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'offline' });
  const box = await createBox(request, token, BOX);
  await addTexts(request, token, box._id, TEXTS);
  await openPanes(request, token, [box._id]);
  await putSessionToken(page, token);

  await page.goto('/app/boxes');
  await expect(rows(page, BOX)).toHaveText(TEXTS);
  await waitUntilKeptOffline(page, 'Mend the fence');

  // No network: the page still opens (from the service worker), with the pane as it was.
  await context.setOffline(true);
  await page.reload();
  await expect(rows(page, BOX)).toHaveText(TEXTS);
  const status = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(status).toHaveText('Offline: showing what this device last saw');

  // A change made offline waits, says so, and goes through once the network is back.
  const text = rows(page, BOX).filter({ hasText: 'Turn the compost' });
  const textId = await text.getAttribute('data-item-id');
  await text.getByRole('checkbox', { name: 'Mark as done' }).click();
  await expect(status).toContainText('1 change waits for the network');

  const completed = page.waitForResponse((r) => r.url().endsWith('/api/items/complete'));
  await context.setOffline(false);
  expect((await completed).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  expect(textId).not.toBeNull();
  const saved = await readItem<{ completed: boolean }>(request, token, textId ?? '');
  expect(saved.completed).toBe(true);
  await expect(pane(page, BOX)).toBeVisible();
});

test('the app can be installed: manifest, icons and a service worker sent fresh every time', async ({
  page,
}) => {
  const { request } = page;
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as {
    display: string;
    start_url: string;
    icons: { sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ display: 'standalone', start_url: '/app' });
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  const worker = await request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  // Logged-out pages never install the worker: it comes with the signed-in app.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
});
