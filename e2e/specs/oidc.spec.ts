import { request as apiRequest, type Browser, type Page } from '@playwright/test';
import { createActivatedAccount, uniqueEmail } from '../support/accounts.js';
import { E2E_OIDC_NAME, startOidcProvider } from '../support/oidc-provider.js';
import { freePort, ownServer } from '../support/own-server.js';
import { expect, expectAccessible, test } from '../support/test.js';

/**
 * Single sign-on through a real OpenID Connect provider (panva's oidc-provider, started here)
 * against a server of the journey's own that is configured for it: a first sign-in makes the
 * account and lands in the workspace, Settings → Security shows the link, logging out ends the
 * provider's session too; an address that already has an account is linked only once its
 * password is given, here in French on a phone.
 */

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let server: Awaited<ReturnType<typeof ownServer>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider(`http://127.0.0.1:${port}`);
  server = await ownServer({ port, env: provider.env });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** A browser tab on the journey's server, in a language and at a width. */
async function tabOn(browser: Browser, options: { locale: string; width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: options.locale,
    viewport: { width: options.width, height: options.height },
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

/** Types `username` on the provider's own sign-in page. */
async function signInAtProvider(page: Page, username: string) {
  await expect(page.getByRole('heading', { name: `Sign in to ${E2E_OIDC_NAME}` })).toBeVisible();
  expect(page.url().startsWith(provider.issuer)).toBe(true);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a first sign-in with the provider makes the account, shows in Settings, and logs out of both', async ({
  browser,
}) => {
  const email = uniqueEmail('sso-first');
  provider.people.set('flora', { email, emailVerified: true, name: 'Flora First' });
  const { context, page } = await tabOn(browser, { locale: 'en-GB', width: 1280, height: 800 });
  try {
    await page.goto('/login');
    const button = page.getByRole('link', { name: `Sign in with ${E2E_OIDC_NAME}` });
    await expect(button).toBeVisible();
    // The password form stays beside it.
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expectAccessible(page, 'login page with single sign-on');
    await screenshot(page, 'oidc-login-en-1280');

    await button.click();
    await signInAtProvider(page, 'flora');
    const settings = page.getByRole('banner').getByRole('button', { name: 'Application Settings' });
    await expect(page).toHaveURL(/\/app$/);
    await expect(settings).toBeVisible();

    await settings.click();
    const dialog = page.getByRole('dialog', { name: 'Application Settings' });
    await dialog.getByRole('tab', { name: 'Security' }).click();
    const section = dialog.getByRole('region', { name: 'Single sign-on' });
    await expect(section.getByText(`Linked to ${E2E_OIDC_NAME} as ${email}`)).toBeVisible();
    // Made by single sign-on, the account has no password yet: it cannot be unlinked.
    await expect(section.getByText(/has no password of its own yet/)).toBeVisible();
    await expect(section.getByRole('button', { name: `Unlink ${E2E_OIDC_NAME}` })).toHaveCount(0);
    await expectAccessible(page, 'Settings → Security with single sign-on');
    await screenshot(page, 'oidc-security-en-1280');
    await page.keyboard.press('Escape');

    // Logging out ends Nestbox's session, then the provider's (it asks first).
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: `Sign out of ${E2E_OIDC_NAME}?` })).toBeVisible();
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: `Sign in with ${E2E_OIDC_NAME}` })).toBeVisible();

    // Signed out at the provider too: signing in again asks for the username again.
    await page.getByRole('link', { name: `Sign in with ${E2E_OIDC_NAME}` }).click();
    await signInAtProvider(page, 'flora');
    await expect(settings).toBeVisible();
  } finally {
    await context.close();
  }
});

test('on a phone, in French: an existing account is linked once its password is given', async ({
  browser,
}) => {
  const request = await apiRequest.newContext({ baseURL: server.url });
  const account = await createActivatedAccount(request, {
    label: 'sso-link',
    name: 'Léa Lien',
    locale: 'fr',
  });
  await request.dispose();
  provider.people.set('lea', { email: account.email, emailVerified: true, name: 'Léa chez Test ID' });
  const { context, page } = await tabOn(browser, { locale: 'fr-FR', width: 390, height: 844 });
  try {
    await page.goto('/login');
    const button = page.getByRole('link', { name: `Se connecter avec ${E2E_OIDC_NAME}` });
    await expect(button).toBeVisible();
    await expectAccessible(page, 'page de connexion avec authentification unique');
    await screenshot(page, 'oidc-login-fr-390');

    await button.click();
    await signInAtProvider(page, 'lea');
    await expect(page).toHaveURL(/\/link-sign-in$/);
    await expect(
      page.getByRole('heading', { name: `Associer votre compte à ${E2E_OIDC_NAME}` }),
    ).toBeVisible();
    await expect(
      page.getByText(`Un compte Nestbox utilise déjà ${account.email}.`, { exact: false }),
    ).toBeVisible();
    const password = page.getByLabel('Votre mot de passe Nestbox');
    await password.fill('pas le bon mot de passe');
    await page.getByRole('button', { name: 'Associer et se connecter' }).click();
    await expect(
      page.getByText('Ce n’est pas le mot de passe de ce compte Nestbox.', { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, 'associer avec le mot de passe');
    await screenshot(page, 'oidc-link-fr-390');

    await password.fill(account.password);
    await page.getByRole('button', { name: 'Associer et se connecter' }).click();
    await expect(page).toHaveURL(/\/app$/);

    // Settings → Sécurité shows the link; with a password of its own, the account may unlink it.
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Paramètres de l’application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paramètres de l’application' });
    await dialog.getByRole('tab', { name: 'Sécurité' }).click();
    const section = dialog.getByRole('region', { name: 'Authentification unique' });
    await expect(section.getByText(`Associé à ${E2E_OIDC_NAME} en tant que ${account.email}`)).toBeVisible();
    await expectAccessible(page, 'Paramètres → Sécurité avec authentification unique');
    await screenshot(page, 'oidc-security-fr-390');
    await section.getByRole('button', { name: `Dissocier ${E2E_OIDC_NAME}` }).click();
    await page
      .getByRole('dialog', { name: `Dissocier ${E2E_OIDC_NAME}\u00a0?` })
      .getByRole('button', { name: 'Dissocier' })
      .click();
    await expect(section.getByText('Non associée', { exact: false })).toBeVisible();
    await expect(section.getByRole('button', { name: `Associer ${E2E_OIDC_NAME}` })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the link page and the login page at the other width and language', async ({ browser }) => {
  const en = await tabOn(browser, { locale: 'en-GB', width: 390, height: 844 });
  const fr = await tabOn(browser, { locale: 'fr-FR', width: 1280, height: 800 });
  try {
    // A failed return from the provider says what went wrong and what to do.
    await en.page.goto('/login?oidc=unverified');
    await expect(
      en.page.getByText(`${E2E_OIDC_NAME} has not verified your email address`, { exact: false }),
    ).toBeVisible();
    await expectAccessible(en.page, 'login page after a refused sign-in');
    await screenshot(en.page, 'oidc-login-refused-en-390');

    // The link page, in English at full width.
    const request = await apiRequest.newContext({ baseURL: server.url });
    const owner = await createActivatedAccount(request, { label: 'sso-owner', name: 'Olive Owner' });
    await request.dispose();
    provider.people.set('olive', { email: owner.email, emailVerified: true, name: 'Olive' });
    const wide = await tabOn(browser, { locale: 'en-GB', width: 1280, height: 800 });
    try {
      await wide.page.goto('/login');
      await wide.page.getByRole('link', { name: `Sign in with ${E2E_OIDC_NAME}` }).click();
      await signInAtProvider(wide.page, 'olive');
      await expect(
        wide.page.getByRole('heading', { name: `Link your account to ${E2E_OIDC_NAME}` }),
      ).toBeVisible();
      await expect(wide.page.getByLabel('Your Nestbox password')).toBeFocused();
      await screenshot(wide.page, 'oidc-link-en-1280');
      await wide.page.getByRole('link', { name: 'Cancel' }).click();
      await expect(wide.page).toHaveURL(/\/login$/);
    } finally {
      await wide.context.close();
    }

    // With nothing waiting to be linked, the link page says so.
    await fr.page.goto('/link-sign-in');
    await expect(fr.page.getByRole('heading', { name: 'Rien à associer' })).toBeVisible();
    await screenshot(fr.page, 'oidc-link-missing-fr-1280');
  } finally {
    await en.context.close();
    await fr.context.close();
  }
});
