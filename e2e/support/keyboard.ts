import { expect, type Locator, type Page } from '@playwright/test';
import { putSessionToken, type TestAccount } from './accounts.js';

/**
 * A header button that answers a key (the palette's, on every width): once it shows, the app
 * and its keyboard shortcuts are there.
 */
const appKeysReady = (page: Page) => page.getByRole('banner').locator('button[aria-keyshortcuts]').first();

/** Signs in through the login page, by keyboard, and waits for the app (and its keys) to be there. */
export async function signInByKeyboard(page: Page, account: TestAccount) {
  await page.goto('/login');
  // The address field takes the focus once the page is ready.
  await expect(page.locator('input[type="email"]')).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app(\/boxes)?$/);
  await expect(appKeysReady(page)).toBeVisible();
}

/**
 * Opens the app already signed in (a token from the API login, as the login page leaves it),
 * and waits for the app and its keys to be there: for journeys that only need a session.
 */
export async function openAppSignedIn(page: Page, token: string) {
  await putSessionToken(page, token);
  await page.goto('/app');
  await expect(appKeysReady(page)).toBeVisible();
}

/** The page's focus is on this row, and the row is the selected one. */
export async function expectSelected(row: Locator) {
  await expect(row).toBeFocused();
  await expect(row).toHaveAttribute('aria-current', 'true');
}
