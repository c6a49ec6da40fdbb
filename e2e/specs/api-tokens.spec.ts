import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

async function openDataTab(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Data' }).click();
  return dialog;
}

/** Calls the API from the page with a bearer of our choosing, as a script of the person's would. */
function fetchInPage(page: Page, token: string, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ token, method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    { token, method, path, body },
  );
}

test('API tokens: make a read token in the Data tab, read with it, be refused a write, revoke it', async ({
  page,
  request,
}, testInfo) => {
  const account = await createLoggedInAccount(request, { label: 'tokens', name: 'Tess Token' });
  await putSessionToken(page, account.token);
  await page.goto('/app');

  let dialog = await openDataTab(page);
  await expect(dialog.getByText('You have no API tokens yet.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Home dashboard');
  await expect(dialog.getByRole('radio', { name: /Read only/ })).toBeChecked();
  const made = page.waitForResponse(
    (res) => res.url().endsWith('/api/tokens') && res.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create token' }).click();
  expect((await made).status()).toBe(201);

  // Shown once, selected and ready to copy.
  const notice = dialog.getByRole('status').filter({ hasText: 'Your new token “Home dashboard”' });
  await expect(notice).toContainText('you won’t see it again');
  const field = notice.getByRole('textbox', { name: 'Token' });
  await expect(field).toBeFocused();
  const token = await field.inputValue();
  expect(token).toMatch(/^nbx_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Home dashboard' })).toContainText('Read only');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Home dashboard' })).toContainText(
    'Never used',
  );
  await page.screenshot({ path: testInfo.outputPath('api-token-made-1280.png') });

  // The token reads as the person…
  const me = await fetchInPage(page, token, 'GET', '/api/admin/users/get-user');
  expect(me.status).toBe(200);
  expect(me.json.email).toBe(account.email);
  // …and is refused any write, with a message that says why.
  const write = await fetchInPage(page, token, 'POST', '/api/items/quick-capture', {
    title: 'From a script',
  });
  expect(write.status).toBe(403);
  expect(write.json.error).toMatchObject({
    code: 'tokens.readOnly',
    message: 'This API token may only read: it cannot change anything.',
  });
  // Nor does it reach the account.
  const minted = await fetchInPage(page, token, 'GET', '/api/tokens');
  expect(minted.status).toBe(403);

  // Back from the script's window, the open list shows when the token was used.
  const row = dialog.getByRole('listitem').filter({ hasText: 'Home dashboard' });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(row).toContainText(/Last used \d{2}-\w{3}-\d{4} \d{2}:\d{2}/);
  // The text is gone once dismissed; the list, opened again, still shows it.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Token' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  dialog = await openDataTab(page);
  await expect(row).toContainText(/Last used \d{2}-\w{3}-\d{4} \d{2}:\d{2}/);

  // A phone shows the same, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('api-tokens-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Revoked after confirming: it answers 401 from then on.
  await row.getByRole('button', { name: 'Revoke Home dashboard' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(confirm).toContainText('Anything that uses “Home dashboard” stops working at once.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The token has been revoked.' })).toBeVisible();
  await expect(dialog.getByText('You have no API tokens yet.')).toBeVisible();
  // Its 401 says the token no longer works, not that a session ended.
  const afterRevoke = await fetchInPage(page, token, 'GET', '/api/admin/users/get-user');
  expect(afterRevoke.status).toBe(401);
  expect(afterRevoke.json.error).toMatchObject({ code: 'tokens.invalid' });
  expect(String((afterRevoke.json.error as { message: string }).message)).toContain('it was revoked');

  // A read-and-write token writes as the person would; the session that made both carries on.
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Backup script');
  await dialog.getByRole('radio', { name: /Read and write/ }).check();
  const madeWrite = page.waitForResponse(
    (res) => res.url().endsWith('/api/tokens') && res.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create token' }).click();
  expect((await madeWrite).status()).toBe(201);
  const writeToken = await dialog.getByRole('textbox', { name: 'Token' }).inputValue();
  const captured = await fetchInPage(page, writeToken, 'POST', '/api/items/quick-capture', {
    title: 'From a script',
  });
  expect(captured.status).toBe(201);
  expect(captured.json.title).toBe('From a script');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Backup script' })).toContainText(
    'Read and write',
  );
  await expect(page).toHaveURL(/\/app/);
});
