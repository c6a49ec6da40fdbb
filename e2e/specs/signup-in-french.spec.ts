import { appLink, DEFAULT_PASSWORD, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

test.use({ locale: 'fr-FR' });

test('the whole sign-up journey in French, e-mail included', async ({ page }) => {
  const email = uniqueEmail('inscription');

  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible();
  await page.getByLabel('Nom').fill('Marie Curie');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEFAULT_PASSWORD);
  await expect(page.getByRole('combobox', { name: 'Fuseau horaire' })).toHaveValue(
    '(UTC+00:00) Europe/London',
  );
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('Français');
  await page.getByRole('button', { name: 'Créer un nouveau compte' }).click();
  await expect(page.getByText('Pour activer votre compte, veuillez consulter vos e-mails.')).toBeVisible();

  // The account was created in French, so its e-mail is in French.
  const mail = await waitForMail(email, 'Activez votre compte Nestbox');
  await page.goto(appLink(mail, '/activate-account/'));
  await expect(page.getByText('Votre compte a été activé.')).toBeVisible();

  await page.getByRole('link', { name: 'Aller à la connexion' }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expect(page).toHaveURL(/\/app$/);
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Paramètres de l’application' }),
  ).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion à Nestbox' })).toBeVisible();
});

test.describe('on an English page', () => {
  test.use({ locale: 'en-GB' });

  test("the page's language and the Language field are one choice, and the account follows it", async ({
    page,
  }) => {
    const email = uniqueEmail('langue-pied');
    await page.goto('/signup');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('English (UK)');

    // The footer's switch turns the page French, and the field with it.
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('Français');

    // The field turns the page back to English, and French again.
    await page.getByRole('combobox', { name: 'Langue' }).click();
    await page.getByRole('option', { name: 'English (UK)' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.getByLabel('Nom').fill('Pierre Curie');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Créer un nouveau compte' }).click();
    await expect(page.getByText('Pour activer votre compte, veuillez consulter vos e-mails.')).toBeVisible();
    // The account is French: so is its activation e-mail.
    await waitForMail(email, 'Activez votre compte Nestbox');
  });
});
