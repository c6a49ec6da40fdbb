import { request as apiRequest } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox } from '../support/api.js';
import { liveSocketConnected } from '../support/live.js';
import { ownServer } from '../support/own-server.js';
import { expect, test } from '../support/test.js';
import { addTexts, openPanes, rows } from '../support/workspace-setup.js';

/**
 * Live updates survive a server restart: the page is told while they are down, connects again
 * by itself, and a change made elsewhere afterwards arrives without a reload.
 */
test('after a server restart, the page is live again and says so while it is not', async ({ browser }) => {
  const server = await ownServer();
  const request = await apiRequest.newContext({ baseURL: server.url });
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  try {
    const { token } = await createLoggedInAccount(request, { label: 'restart' });
    const box = await createBox(request, token, 'Garden');
    await addTexts(request, token, box._id, ['Sow the beans']);
    await openPanes(request, token, [box._id]);
    const page = await context.newPage();
    await putSessionToken(page, token);
    const live = liveSocketConnected(page);
    await page.goto('/app/boxes');
    await expect(rows(page, 'Garden')).toHaveText(['Sow the beans']);
    // Live before the restart: a socket still connecting would only retry, not be closed.
    await live;
    const connected = () => page.waitForEvent('console', (message) => message.text() === '[live] connected');

    // The server stops as a deploy stops it: the page says live updates are down.
    await server.stop();
    const status = page.getByRole('status').filter({ hasText: 'Offline' });
    await expect(status).toBeVisible();

    // Back: the page connects again by itself, and the status line goes.
    const again = connected();
    await server.restart();
    await again;
    await expect(status).toBeHidden();

    // A change made elsewhere now arrives live.
    await addTexts(request, token, box._id, ['Water the leeks']);
    await expect(rows(page, 'Garden')).toHaveText(['Sow the beans', 'Water the leeks']);
  } finally {
    await context.close();
    await request.dispose();
    await server.stop();
  }
});
