import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { expect, expectAccessible, test } from '../support/test.js';

async function openDataTab(page: Page, names = { settings: 'Application Settings', data: 'Data' }) {
  await page.getByRole('banner').getByRole('button', { name: names.settings }).click();
  const dialog = page.getByRole('dialog', { name: names.settings });
  await dialog.getByRole('tab', { name: names.data }).click();
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

test('API tokens: the CalDAV shortcut makes a write token and shows what a CalDAV app signs in with', async ({
  context,
  page,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await createLoggedInAccount(request, { label: 'caldav-app', name: 'Cal Dav' });
  await putSessionToken(page, account.token);
  await page.goto('/app');
  const origin = new URL(page.url()).origin;

  const dialog = await openDataTab(page);
  const shortcut = dialog.getByRole('button', { name: 'For a CalDAV app' });
  await shortcut.scrollIntoViewIfNeeded();
  await screenshot(page, 'caldav-offer-en-1280');
  const made = page.waitForResponse(
    (res) => res.url().endsWith('/api/tokens') && res.request().method() === 'POST',
  );
  await shortcut.focus();
  await page.keyboard.press('Enter');
  const answer = await made;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toEqual({ name: 'CalDAV app', scope: 'write' });

  // The three values, shown once, the first focused and ready to copy.
  const notice = dialog.getByRole('status').filter({ hasText: 'Sign in from your CalDAV app' });
  const address = notice.getByRole('textbox', { name: 'Server address' });
  await expect(address).toBeFocused();
  await expect(address).toHaveValue(`${origin}/dav/`);
  await expect(notice).toContainText(`Many apps also work with just ${origin}.`);
  await expect(notice.getByRole('textbox', { name: 'User name' })).toHaveValue(account.email);
  const password = await notice.getByRole('textbox', { name: 'Password' }).inputValue();
  expect(password).toMatch(/^nbx_[A-Za-z0-9_-]{43}$/);
  await expect(notice).toContainText('under “Sync with your phone”');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'CalDAV app' })).toContainText(
    'Read and write',
  );
  await expectAccessible(page, 'the CalDAV sign-in details (1280 px)');
  await screenshot(page, 'caldav-shortcut-en-1280');

  // Each copy button, reached by keyboard from its field, copies its own value.
  for (const [field, value] of [
    ['Server address', `${origin}/dav/`],
    ['User name', account.email],
    ['Password', password],
  ] as const) {
    await notice.getByRole('textbox', { name: field }).focus();
    await page.keyboard.press('Tab');
    await expect(notice.getByRole('button', { name: `Copy ${field.toLowerCase()}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  }

  // The password writes as the person would.
  const captured = await fetchInPage(page, password, 'POST', '/api/items/quick-capture', {
    title: 'From my phone',
  });
  expect(captured.status).toBe(201);

  // A phone shows the same, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the CalDAV sign-in details (390 px)');
  await screenshot(page, 'caldav-shortcut-en-390');

  // Dismissed from the keyboard, the values are gone and the focus is back on the shortcut.
  await notice.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  await expect(shortcut).toBeFocused();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('API tokens: the CalDAV shortcut, in French, at 390 and 1280 px', async ({ page, request }) => {
    const account = await createLoggedInAccount(request, {
      label: 'caldav-fr',
      locale: 'fr',
      name: 'Camille',
    });
    await putSessionToken(page, account.token);
    await page.goto('/app');
    const origin = new URL(page.url()).origin;

    const dialog = await openDataTab(page, { settings: 'Paramètres de l’application', data: 'Données' });
    await page.setViewportSize({ width: 390, height: 844 });
    const shortcut = dialog.getByRole('button', { name: 'Pour une application CalDAV' });
    await shortcut.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'caldav-offer-fr-390');
    await shortcut.click();

    const notice = dialog.getByRole('status').filter({ hasText: 'Connectez votre application CalDAV' });
    await expect(notice.getByRole('textbox', { name: 'Adresse du serveur' })).toHaveValue(`${origin}/dav/`);
    await expect(notice.getByRole('textbox', { name: 'Nom d’utilisateur' })).toHaveValue(account.email);
    await expect(notice.getByRole('textbox', { name: 'Mot de passe' })).toHaveValue(/^nbx_/);
    await expect(notice).toContainText('«\u00a0Application CalDAV\u00a0»');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Application CalDAV' })).toContainText(
      'Lecture et écriture',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the CalDAV sign-in details in French (390 px)');
    await screenshot(page, 'caldav-shortcut-fr-390');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'the CalDAV sign-in details in French (1280 px)');
    await screenshot(page, 'caldav-shortcut-fr-1280');
  });
});

/** Saves a screenshot of the page when E2E_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}
