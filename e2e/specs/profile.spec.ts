import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken, userStatusWithToken } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

/** Opens Application Settings, which shows the Profile tab first. */
async function openProfile(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

test.describe('the Profile tab', () => {
  test('a new name is saved, confirmed, and still there next time', async ({ page, request }) => {
    const account = await createLoggedInAccount(request, { label: 'profile', name: 'Ada Lovelace' });
    await putSessionToken(page, account.token);
    await page.goto('/app');

    let dialog = await openProfile(page);
    await expect(dialog.getByLabel('Email address')).toHaveValue(account.email);
    await expect(dialog.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await dialog.getByLabel('Name').fill('Ada King');
    await dialog.getByLabel('Occupation').fill('Mathematician');
    // At 1280 × 800 the whole Profile tab shows without scrolling, Change password included.
    await expect(dialog.getByRole('button', { name: 'Change password' })).toBeInViewport({ ratio: 1 });
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    const saved = page.getByRole('alert').filter({ hasText: 'Your profile has been saved' });
    await expect(saved).toBeVisible();
    // The confirmation leaves the modal's close button free.
    const [alertBox, closeBox] = [
      await saved.boundingBox(),
      await dialog.getByRole('button', { name: 'Close' }).boundingBox(),
    ];
    expect(alertBox && closeBox).toBeTruthy();
    if (alertBox && closeBox) {
      const overlaps =
        alertBox.x < closeBox.x + closeBox.width &&
        closeBox.x < alertBox.x + alertBox.width &&
        alertBox.y < closeBox.y + closeBox.height &&
        closeBox.y < alertBox.y + alertBox.height;
      expect(overlaps).toBe(false);
    }

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    dialog = await openProfile(page);
    await expect(dialog.getByLabel('Name')).toHaveValue('Ada King');
    await expect(dialog.getByLabel('Occupation')).toHaveValue('Mathematician');

    // An empty name is refused before the server is asked.
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog.getByText('Enter your name.')).toBeVisible();
  });

  test('choosing Français reloads the app in French', async ({ page, request }) => {
    const account = await createLoggedInAccount(request, { label: 'langue' });
    await putSessionToken(page, account.token);
    await page.goto('/app');

    const dialog = await openProfile(page);
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(dialog.getByText('Nestbox reloads after saving')).toBeVisible();
    await Promise.all([
      page.waitForEvent('load'),
      dialog.getByRole('button', { name: 'Save profile' }).click(),
    ]);

    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Paramètres de l’application' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Votre profil a été enregistré' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a language change that cannot be saved says so, and the page keeps its language', async ({
    page,
    request,
  }) => {
    const account = await createLoggedInAccount(request, { label: 'langue-ko' });
    await putSessionToken(page, account.token);
    await page.goto('/app');
    // The server cannot be reached for this one save.
    await page.route('**/api/admin/users/save-profile', (route) => route.abort('connectionrefused'));

    const dialog = await openProfile(page);
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'There was a problem switching languages.' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  });

  test('changing the password keeps this tab logged in and ends the other sessions', async ({
    page,
    request,
  }) => {
    const account = await createLoggedInAccount(request, { label: 'password' });
    await putSessionToken(page, account.token);
    await page.goto('/app');

    const dialog = await openProfile(page);
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password').fill('Silver-Finch-Harbour-58');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText('Your current password is not correct.')).toBeVisible();

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your password has been changed.' }),
    ).toBeVisible();
    expect(await userStatusWithToken(request, account.token)).toBe(401);

    // The tab now holds the new token: a reload (with the init script's old token put aside) stays in.
    const newToken = await page.evaluate(() => {
      sessionStorage.setItem('e2e.loggedOut', '1');
      return localStorage.getItem('nestbox.token');
    });
    expect(newToken).not.toBe(account.token);
    await page.reload();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Application Settings' }),
    ).toBeVisible();
    expect(await userStatusWithToken(request, newToken ?? '')).toBe(200);
  });
});
