import type { Page } from '@playwright/test';
import { createActivatedAccount, type TestAccount } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

/** The words of one language: the login page, Settings → Profile and Recent activity. */
interface Words {
  email: string;
  password: string;
  logIn: string;
  settings: string;
  profile: string;
  currentPassword: string;
  newPassword: string;
  changePassword: string;
  passwordChanged: string;
  activity: string;
  signedIn: string;
  passwordChangedEvent: string;
  browser: string;
}

const ENGLISH: Words = {
  email: 'Email address',
  password: 'Password',
  logIn: 'Log In',
  settings: 'Application Settings',
  profile: 'Profile',
  currentPassword: 'Current password',
  newPassword: 'New password',
  changePassword: 'Change password',
  passwordChanged: 'Your password has been changed.',
  activity: 'Recent activity',
  signedIn: 'Signed in',
  passwordChangedEvent: 'Password changed',
  browser: 'Chrome on Linux',
};

const FRENCH: Words = {
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  logIn: 'Se connecter',
  settings: 'Paramètres de l’application',
  profile: 'Profil',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  changePassword: 'Changer le mot de passe',
  passwordChanged: 'Votre mot de passe a été modifié.',
  activity: 'Activité récente',
  signedIn: 'Connexion',
  passwordChangedEvent: 'Mot de passe changé',
  browser: 'Chrome sur Linux',
};

/**
 * Logs in through the login page, changes the password in Settings → Profile, and finds both
 * in Recent activity, newest first, each with when and from where.
 */
async function loginAndChangePassword(page: Page, account: TestAccount, words: Words, shots: string) {
  await page.goto('/login');
  await page.getByLabel(words.email).fill(account.email);
  await page.getByLabel(words.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: words.logIn }).click();
  await expect(page).toHaveURL(/\/app$/);

  await page.getByRole('banner').getByRole('button', { name: words.settings }).click();
  const dialog = page.getByRole('dialog', { name: words.settings });
  await expect(dialog.getByRole('tab', { name: words.profile })).toHaveAttribute('aria-selected', 'true');
  const section = dialog.getByRole('region', { name: words.activity });
  const events = section.getByRole('list', { name: words.activity }).getByRole('listitem');
  // The login is there from the start, from this browser.
  await expect(events).toHaveCount(1);
  await expect(events.first()).toContainText(words.signedIn);
  await expect(events.first()).toContainText('127.0.0.1');
  await expect(events.first()).toContainText(words.browser);

  await dialog.getByLabel(words.currentPassword).fill(account.password);
  await dialog.getByLabel(words.newPassword).fill('Amber-Walrus-Meadow-61');
  await dialog.getByRole('button', { name: words.changePassword }).click();
  await expect(page.getByRole('alert').filter({ hasText: words.passwordChanged })).toBeVisible();

  // The change shows at once, above the login.
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText(words.passwordChangedEvent);
  await expect(events.nth(1)).toContainText(words.signedIn);
  await expect(section.locator('time')).toHaveCount(2);

  if (process.env.E2E_SCREENSHOTS) {
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/activity-${shots}-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await expect(events).toHaveCount(2);
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/activity-${shots}-390.png` });
  }
}

test('Recent activity lists the login and a password change', async ({ page }) => {
  const account = await createActivatedAccount(page.request, { label: 'activity' });
  await loginAndChangePassword(page, account, ENGLISH, 'en');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('« Activité récente » liste la connexion et le changement de mot de passe', async ({ page }) => {
    const account = await createActivatedAccount(page.request, { label: 'activite', locale: 'fr' });
    await loginAndChangePassword(page, account, FRENCH, 'fr');
  });
});
