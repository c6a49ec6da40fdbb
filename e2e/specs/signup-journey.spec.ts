import { appLink, DEFAULT_PASSWORD, uniqueEmail, waitForMail } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

test('sign up, activate from the e-mail, log in, stay logged in across a reload, log out', async ({
  page,
}) => {
  const email = uniqueEmail('signup');

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Create New Account' }).click();
  await expect(page.getByText('To activate your account, please check your email.')).toBeVisible();

  const mail = await waitForMail(email, 'Activate your Nestbox account');
  await page.goto(appLink(mail, '/activate-account/'));
  await expect(page.getByText('Your account has been activated.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();

  const settingsButton = page.getByRole('banner').getByRole('button', { name: 'Application Settings' });
  await expect(page).toHaveURL(/\/app$/);
  await expect(settingsButton).toBeVisible();

  await page.reload();
  await expect(settingsButton).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);

  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
});
