import { createActivatedAccount } from '../support/accounts.js';
import { holdRequests } from '../support/held-requests.js';
import { expect, test } from '../support/test.js';

test.describe('logged-out pages', () => {
  test('the root shows the login page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    // A newcomer lands here: one line above the form says what Nestbox is.
    await expect(
      page.getByText('Nestbox keeps your tasks and notes in nested boxes, open side by side.'),
    ).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Remember me')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/signup');
  });

  test("signed in while the app's code is on its way, the card keeps a heading, then the app opens", async ({
    page,
  }) => {
    const account = await createActivatedAccount(page.request, { label: 'login-wait' });
    // A slow network: the app's code is held until the card has been seen waiting.
    const release = await holdRequests(page, '**/assets/app-layout-*.js');
    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    // Never an empty card: it says it is loading, as the page's heading.
    const heading = page.getByRole('heading', { level: 1, name: 'Loading…' });
    await expect(heading).toBeVisible();
    // Motion is reduced here: the wait never fades, so no check finds its line half-dimmed.
    await expect(page.getByRole('status').filter({ has: heading })).toHaveCSS('animation-duration', '0s');
    await expect(page).toHaveURL(/\/login$/);
    release();
    await expect(page).toHaveURL(/\/app(\/boxes)?$/);
  });

  test('the login form says what is missing before calling the server', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Welcome back.')).toBeVisible();
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Please provide your email address.')).toBeVisible();
    await expect(page.getByText('Please provide your password.')).toBeVisible();
  });

  test('sign-up renders with the browser time zone preselected', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Create New Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Already have an account? Log in' })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('(UTC+00:00) Europe/London');
  });

  test('forgotten password renders', async ({ page }) => {
    await page.goto('/forgot');
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reminder Email' })).toBeVisible();
  });

  test('an unknown address shows the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Error 404')).toBeVisible();
    await expect(page.getByText("Oops, we couldn't find a page at this address.")).toBeVisible();
  });

  test('routes match exactly, and the status agrees with the page', async ({ page }) => {
    for (const path of ['/login/extra', '/LOGIN', '/login/', '/index.html']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('Error 404')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
    }
    const login = await page.goto('/login');
    expect(login?.status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  test('fits a 390 px wide phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/signup', '/forgot']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the login page and the 404 page speak French', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(
      page.getByText(
        'Nestbox range vos tâches et vos notes dans des boîtes imbriquées, ouvertes côte à côte.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez indiquer votre adresse e-mail.')).toBeVisible();
    await page.goto('/nulle/part');
    await expect(page.getByText('Oups, nous n’avons trouvé aucune page à cette adresse.')).toBeVisible();
  });
});
