import type { Page } from '@playwright/test';
import type { TestAccount } from './accounts.js';
import { expect } from './test.js';

/** What signing in and out reads and presses, in the language a journey runs in. */
export interface SignInTexts {
  /** The settings and Logout sit in the header's menu. */
  phone: boolean;
  settings: string;
  security: string;
  logout: string;
  loginHeading: string;
  email: string;
  password: string;
  logIn: string;
}

/** Opens Application Settings → Security; answers the dialog. */
export async function openSecurity(page: Page, texts: SignInTexts) {
  if (texts.phone) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: texts.settings }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: texts.settings }).click();
  }
  const dialog = page.getByRole('dialog', { name: texts.settings });
  // Said here, within the expect timeout: a click that opened nothing fails at once, by name.
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: texts.security }).click();
  return dialog;
}

/** Logs out; the login page is awaited unless something may sign straight back in (passkey autofill). */
export async function logOut(page: Page, texts: SignInTexts, { loginPage = true } = {}) {
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/auth/logout'));
  if (texts.phone) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: texts.logout }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: texts.logout }).click();
  }
  expect((await loggedOut).status()).toBe(204);
  if (loginPage) await expect(page.getByRole('heading', { name: texts.loginHeading })).toBeVisible();
}

/** The first step of signing in, through the login form. */
export async function enterPassword(page: Page, account: TestAccount, texts: SignInTexts) {
  await expect(page.getByRole('heading', { name: texts.loginHeading })).toBeVisible();
  await page.getByLabel(texts.email).fill(account.email);
  await page.getByLabel(texts.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: texts.logIn, exact: true }).click();
}

/** Signed in: the header shows the settings (or, on a phone, its menu). */
export const signedIn = (page: Page, texts: SignInTexts) =>
  expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: texts.phone ? 'Menu' : texts.settings, exact: true }),
  ).toBeVisible();
