import type { APIRequestContext, Page } from '@playwright/test';
import { createActivatedAccount } from '../support/accounts.js';
import { serverNow } from '../support/clock.js';
import { enterPassword, logOut, openSecurity, type SignInTexts, signedIn } from '../support/sign-in.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { codeAt } from '../support/two-factor.js';

const STEP = 30_000;

/** Saves a screenshot of the page when E2E_SCREENSHOTS names a folder. */
async function keep(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

/** What the journey reads and presses, in the language it runs in. */
interface Texts extends SignInTexts {
  locale: 'en-GB' | 'fr';
  tokensHeading: string;
  enrolHeading: string;
  turnOn: string;
  secretLabel: string;
  enrolCode: string;
  confirm: string;
  recoveryTitle: string;
  recoveryList: string;
  saved: string;
  codeHeading: string;
  code: string;
  verify: string;
  codesLeft: RegExp;
  wrongCode: string;
}

const ENGLISH: Texts = {
  locale: 'en-GB',
  phone: false,
  settings: 'Application Settings',
  security: 'Security',
  tokensHeading: 'API tokens in use',
  enrolHeading: 'Add Nestbox to your authenticator app',
  turnOn: 'Turn on two-factor codes',
  secretLabel: 'Key to type into the app',
  enrolCode: '2. Enter the six-digit code the app shows',
  confirm: 'Turn on',
  recoveryTitle: 'Your recovery codes',
  recoveryList: 'Recovery codes',
  saved: 'I have saved them',
  logout: 'Logout',
  loginHeading: 'Log in to Nestbox',
  email: 'Email address',
  password: 'Password',
  logIn: 'Log In',
  codeHeading: 'Enter your code',
  code: 'Code',
  verify: 'Verify',
  codesLeft: /^9 recovery codes left$/,
  wrongCode: 'This code is not right.',
};

const FRENCH: Texts = {
  locale: 'fr',
  phone: true,
  settings: 'Paramètres de l’application',
  security: 'Sécurité',
  tokensHeading: 'Jetons d’API utilisés',
  enrolHeading: 'Ajoutez Nestbox à votre application d’authentification',
  turnOn: 'Activer la validation en deux étapes',
  secretLabel: 'Clé à saisir dans l’application',
  enrolCode: '2. Saisissez le code à six chiffres affiché par l’application',
  confirm: 'Activer',
  recoveryTitle: 'Vos codes de secours',
  recoveryList: 'Codes de secours',
  saved: 'Je les ai enregistrés',
  logout: 'Se déconnecter',
  loginHeading: 'Connexion à Nestbox',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  logIn: 'Se connecter',
  codeHeading: 'Saisissez votre code',
  code: 'Code',
  verify: 'Vérifier',
  codesLeft: /^9\u00a0codes de secours restants$/,
  wrongCode: 'Ce code n’est pas le bon.',
};

async function enterCode(page: Page, code: string, texts: Texts) {
  await expect(page.getByRole('heading', { name: texts.codeHeading })).toBeVisible();
  const field = page.getByRole('textbox', { name: texts.code });
  await expect(field).toBeFocused();
  await field.fill(code);
  await page.getByRole('button', { name: texts.verify }).click();
}

/**
 * Turns codes on from Settings → Security as a person would, reading the key from the page and
 * computing the app's codes from it, then signs out and in again: with the password and a
 * code, then with the password and a recovery code.
 */
async function journey(page: Page, request: APIRequestContext, texts: Texts, shots: string) {
  const account = await createActivatedAccount(request, {
    label: 'two-factor',
    locale: texts.locale,
  });
  await page.goto('/login');
  await enterPassword(page, account, texts);
  await signedIn(page, texts);

  const dialog = await openSecurity(page, texts);
  // Also lists what signs in without a code: API tokens, here none.
  await expect(dialog.getByRole('heading', { name: texts.tokensHeading })).toBeVisible();
  await expectAccessible(page, `Security tab (${shots})`);
  await keep(page, `two-factor-security-off-${shots}`);
  await dialog.getByRole('button', { name: texts.turnOn }).click();

  await expect(dialog.getByRole('heading', { name: texts.enrolHeading })).toBeFocused();
  await expect(dialog.getByTestId('two-factor-qr')).toBeVisible();
  const secret = ((await dialog.getByLabel(texts.secretLabel).textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, `enrolment (${shots})`);
  await keep(page, `two-factor-enrol-${shots}`);

  // A wrong code is refused on the field; the right one turns codes on.
  const enrolCode = dialog.getByRole('textbox', { name: texts.enrolCode });
  await enrolCode.fill('000000');
  await dialog.getByRole('button', { name: texts.confirm, exact: true }).click();
  await expect(dialog.getByText(texts.wrongCode)).toBeVisible();
  await enrolCode.fill(codeAt(secret, await serverNow(request)));
  await dialog.getByRole('button', { name: texts.confirm, exact: true }).click();

  const codes = dialog.getByRole('list', { name: texts.recoveryList });
  await expect(dialog.getByRole('heading', { name: texts.recoveryTitle })).toBeFocused();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codes.getByRole('listitem').allInnerTexts();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expectAccessible(page, `recovery codes (${shots})`);
  await keep(page, `two-factor-recovery-codes-${shots}`);
  await dialog.getByRole('button', { name: texts.saved }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Signing in now asks for a code after the password. The enrolment took this time step's
  // code: the app's next one (inside the step either side the server allows) signs in.
  await logOut(page, texts);
  await enterPassword(page, account, texts);
  await expectAccessible(page, `second step (${shots})`);
  await keep(page, `two-factor-login-code-${shots}`);
  await enterCode(page, '123456', texts);
  await expect(page.getByText(texts.wrongCode)).toBeVisible();
  await keep(page, `two-factor-login-wrong-${shots}`);
  await enterCode(page, codeAt(secret, (await serverNow(request)) + STEP), texts);
  await signedIn(page, texts);

  // And with a recovery code instead, typed as it was shown.
  await logOut(page, texts);
  await enterPassword(page, account, texts);
  await enterCode(page, recoveryCodes[0] ?? '', texts);
  await signedIn(page, texts);
  const after = await openSecurity(page, texts);
  await expect(after.getByText(texts.codesLeft)).toBeVisible();
  await expectAccessible(page, `Security tab with codes on (${shots})`);
  await keep(page, `two-factor-security-on-${shots}`);
}

test('two-factor codes: enrol in Settings → Security, then sign in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  await journey(page, request, ENGLISH, 'en-1280');
});

test.describe('in French on a phone', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the same journey reads in French and fits a 390-pixel screen', async ({ page, request }) => {
    await journey(page, request, FRENCH, 'fr-390');
  });
});
