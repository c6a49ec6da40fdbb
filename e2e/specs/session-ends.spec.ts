import type { Page } from '@playwright/test';
import { createLoggedInAccount, logIn, putSessionToken, userStatusWithToken } from '../support/accounts.js';
import { liveSocketConnected } from '../support/live.js';
import { expect, test } from '../support/test.js';

/** Opens the app and waits until its live socket is connected. */
async function openAppLive(page: Page) {
  const connected = liveSocketConnected(page);
  await page.goto('/app');
  await connected;
}

test('a password changed in another browser sends this page to login at once, saying why', async ({
  page,
  browser,
  request,
}) => {
  const account = await createLoggedInAccount(request, { label: 'two-browsers' });
  await putSessionToken(page, account.token);
  await openAppLive(page);

  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await putSessionToken(other, await logIn(request, account));
    await other.goto('/app');
    await other.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
    const dialog = other.getByRole('dialog', { name: 'Application Settings' });
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password').fill('Another-Quiet-Heron-58');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(other.getByText('Your password has been changed.')).toBeVisible();

    // No click here: the first page goes to login by itself and says why.
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('status').filter({
        hasText: 'Your password was changed in another session, so you have been logged out.',
      }),
    ).toBeVisible();
    // The browser that changed it carries on.
    await expect(other.getByRole('dialog', { name: 'Application Settings' })).toBeVisible();
    await expect(other).toHaveURL(/\/app/);
  } finally {
    await elsewhere.close();
  }
});

test('Logout revokes the token on the server', async ({ page, request }) => {
  const account = await createLoggedInAccount(request, { label: 'logout-revokes' });
  await putSessionToken(page, account.token);
  await page.goto('/app');
  await page.evaluate(() => sessionStorage.setItem('e2e.loggedOut', '1'));
  const revoked = page.waitForResponse((response) => response.url().endsWith('/auth/logout'));
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  expect((await revoked).status()).toBe(204);
  await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
  expect(await userStatusWithToken(request, account.token)).toBe(401);
});
