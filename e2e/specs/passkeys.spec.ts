import { request as apiRequest, type Browser, type Page } from '@playwright/test';
import { createActivatedAccount, logIn, type TestAccount } from '../support/accounts.js';
import { freePort, ownServer } from '../support/own-server.js';
import { enterPassword, logOut, openSecurity, type SignInTexts, signedIn } from '../support/sign-in.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { enrolTwoFactor } from '../support/two-factor.js';

/**
 * Passkeys with Chromium's own virtual authenticator (CDP WebAuthn domain): added in Settings →
 * Security, renamed, then used to sign in with no password; in French on a phone in dark mode,
 * a passkey also meets the second step after a password. Browsers offer passkeys to a domain
 * name, never to an IP address, so the journey has a server of its own known as `localhost`.
 */

let server: Awaited<ReturnType<typeof ownServer>>;
let origin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await ownServer({ port, env: { NESTBOX_APP_URL: origin } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function keep(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** What the journey reads and presses, in the language it runs in. */
interface Texts extends SignInTexts {
  locale: 'en-GB' | 'fr';
  passkeys: string;
  add: string;
  firstName: string;
  rename: (name: string) => string;
  renameTitle: string;
  name: string;
  save: string;
  signInWithPasskey: string;
  codeHeading: string;
  usePasskey: string;
}

const ENGLISH: Texts = {
  locale: 'en-GB',
  phone: false,
  settings: 'Application Settings',
  security: 'Security',
  passkeys: 'Passkeys',
  add: 'Add a passkey',
  firstName: 'Passkey 1',
  rename: (name) => `Rename “${name}”`,
  renameTitle: 'Rename the passkey',
  name: 'Name',
  save: 'Save',
  logout: 'Logout',
  loginHeading: 'Log in to Nestbox',
  email: 'Email address',
  password: 'Password',
  logIn: 'Log In',
  signInWithPasskey: 'Sign in with a passkey',
  codeHeading: 'Enter your code',
  usePasskey: 'Use a passkey instead',
};

const FRENCH: Texts = {
  locale: 'fr',
  phone: true,
  settings: 'Paramètres de l’application',
  security: 'Sécurité',
  passkeys: 'Clés d’accès',
  add: 'Ajouter une clé d’accès',
  firstName: 'Clé d’accès 1',
  rename: (name) => `Renommer «\u00a0${name}\u00a0»`,
  renameTitle: 'Renommer la clé d’accès',
  name: 'Nom',
  save: 'Enregistrer',
  logout: 'Se déconnecter',
  loginHeading: 'Connexion à Nestbox',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  logIn: 'Se connecter',
  signInWithPasskey: 'Utiliser une clé d’accès',
  codeHeading: 'Saisissez votre code',
  usePasskey: 'Utiliser une clé d’accès',
};

/**
 * A tab on the journey's server with a platform authenticator that holds discoverable
 * credentials and verifies its person at once (a fingerprint that always matches).
 */
async function tabWithAuthenticator(
  browser: Browser,
  options: { locale: string; width: number; height: number; colorScheme: 'light' | 'dark' },
) {
  const context = await browser.newContext({
    baseURL: origin,
    locale: options.locale,
    viewport: { width: options.width, height: options.height },
    colorScheme: options.colorScheme,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { context, page, credentials };
}

async function anAccount(locale: string): Promise<TestAccount> {
  const request = await apiRequest.newContext({ baseURL: origin });
  try {
    return await createActivatedAccount(request, { label: 'passkey', locale });
  } finally {
    await request.dispose();
  }
}

/** Settings → Security → Add a passkey: the authenticator makes it and the list shows it. */
async function addPasskey(page: Page, texts: Texts) {
  const dialog = await openSecurity(page, texts);
  const section = dialog.getByRole('region', { name: texts.passkeys });
  await expect(section.getByRole('button', { name: texts.add })).toBeVisible();
  const added = page.waitForResponse(
    (response) => response.url().endsWith('/api/users/passkeys') && response.request().method() === 'POST',
  );
  await section.getByRole('button', { name: texts.add }).click();
  expect((await added).status()).toBe(201);
  await expect(section.getByText(texts.firstName, { exact: true })).toBeVisible();
  return { dialog, section };
}

test('adds a passkey in Settings, renames it, and signs in with it alone', async ({ browser }) => {
  const texts = ENGLISH;
  const account = await anAccount(texts.locale);
  const { context, page, credentials } = await tabWithAuthenticator(browser, {
    locale: texts.locale,
    width: 1280,
    height: 800,
    colorScheme: 'light',
  });
  try {
    await page.goto('/login');
    await enterPassword(page, account, texts);
    await signedIn(page, texts);

    const { section } = await addPasskey(page, texts);
    expect(await credentials()).toHaveLength(1);
    await expectAccessible(page, 'Security with a passkey');
    await keep(page, 'passkeys-settings-en-1280');

    // Rename it from the keyboard: the row's button, a name, Enter.
    await section.getByRole('button', { name: texts.rename(texts.firstName) }).focus();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: texts.renameTitle });
    const name = rename.getByRole('textbox', { name: texts.name });
    await expect(name).toBeFocused();
    await name.fill('This laptop');
    await page.keyboard.press('Enter');
    await expect(rename).toBeHidden();
    await expect(section.getByText('This laptop', { exact: true })).toBeVisible();

    // The login page's e-mail field offers the passkey among its suggestions (conditional UI);
    // this authenticator answers at once, as a person picking it would.
    const autofill = page.waitForResponse((response) => response.url().endsWith('/auth/passkey'));
    await page.keyboard.press('Escape');
    await logOut(page, texts, { loginPage: false });
    expect((await autofill).status()).toBe(200);
    await signedIn(page, texts);
    await expect(page).toHaveURL(/\/app$/);

    // The passkey now says when it was last used.
    const again = await openSecurity(page, texts);
    const passkeys = again.getByRole('region', { name: texts.passkeys });
    await expect(passkeys.getByText(/Last used just now/)).toBeVisible();

    // Removing asks first; Escape there closes the question alone, not Settings.
    const remove = passkeys.getByRole('button', { name: 'Remove “This laptop”' });
    await remove.click();
    const question = page.getByRole('dialog', { name: 'Remove “This laptop”?' });
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(again).toBeVisible();
    await remove.click();
    const removed = page.waitForResponse(
      (response) =>
        response.url().includes('/api/users/passkeys/') && response.request().method() === 'DELETE',
    );
    await question.getByRole('button', { name: 'Remove' }).click();
    expect((await removed).status()).toBe(204);
    await expect(passkeys.getByText('You have no passkeys yet.')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('en français sur un téléphone, en sombre : une clé d’accès remplace le code après le mot de passe', async ({
  browser,
}) => {
  const texts = FRENCH;
  const account = await anAccount(texts.locale);
  const { context, page, credentials } = await tabWithAuthenticator(browser, {
    locale: texts.locale,
    width: 390,
    height: 844,
    colorScheme: 'dark',
  });
  // A browser without passkey autofill: the login page offers its button alone.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  try {
    await page.goto('/login');
    await enterPassword(page, account, texts);
    await signedIn(page, texts);
    await addPasskey(page, texts);
    expect(await credentials()).toHaveLength(1);
    await expectAccessible(page, 'Sécurité avec une clé d’accès');
    await keep(page, 'passkeys-settings-fr-390-dark');

    // Two-factor codes on: after the password, the passkey meets the second step.
    const request = await apiRequest.newContext({ baseURL: origin });
    try {
      await enrolTwoFactor(request, await logIn(request, account));
    } finally {
      await request.dispose();
    }
    await page.keyboard.press('Escape');
    await logOut(page, texts);
    await enterPassword(page, account, texts);
    await expect(page.getByRole('heading', { name: texts.codeHeading })).toBeVisible();
    const usePasskey = page.getByRole('button', { name: texts.usePasskey });
    await expect(usePasskey).toBeVisible();
    await expectAccessible(page, 'deuxième étape avec une clé d’accès');
    await keep(page, 'passkeys-second-step-fr-390-dark');
    const session = page.waitForResponse((response) =>
      response.url().endsWith('/auth/login/second-factor/passkey'),
    );
    await usePasskey.click();
    expect((await session).status()).toBe(200);
    await signedIn(page, texts);

    // And alone, from the login page's button.
    await page.keyboard.press('Escape');
    await logOut(page, texts);
    const button = page.getByRole('button', { name: texts.signInWithPasskey });
    await expect(button).toBeVisible();
    await expectAccessible(page, 'connexion avec une clé d’accès');
    await keep(page, 'passkeys-login-fr-390-dark');
    const alone = page.waitForResponse((response) => response.url().endsWith('/auth/passkey'));
    await button.click();
    expect((await alone).status()).toBe(200);
    await signedIn(page, texts);
  } finally {
    await context.close();
  }
});
