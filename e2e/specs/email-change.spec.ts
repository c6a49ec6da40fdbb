import type { Page } from '@playwright/test';
import {
  createLoggedInAccount,
  logIn,
  putSessionToken,
  readMails,
  uniqueEmail,
  waitForMail,
} from '../support/accounts.js';
import { expect, test } from '../support/test.js';

async function openProfile(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

/** The path of the confirmation link in the mail sent to the new address. */
function confirmationPath(body: string, links: string[]): string {
  const link = links.find((candidate) => new URL(candidate).pathname.startsWith('/confirm-email/'));
  if (!link) throw new Error(`no /confirm-email/ link in:\n${body}`);
  return new URL(link).pathname;
}

test('an e-mail change asks for the password, waits for the new address, then takes effect', async ({
  page,
  request,
}) => {
  const account = await createLoggedInAccount(request, { label: 'mover' });
  const newEmail = uniqueEmail('moved');
  await putSessionToken(page, account.token);
  await page.goto('/app');

  let dialog = await openProfile(page);
  await dialog.getByLabel('Email address').fill(newEmail);
  // The current password appears only once the address differs, and is required.
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByText('Enter your current password to change your email address.')).toBeVisible();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/users/save-profile'));
  // The first of two: the Change password section below has its own.
  await dialog.getByLabel('Current password').first().fill(account.password);
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).status()).toBe(200);
  await expect(
    page.getByText(
      `Your profile has been saved. To change your email address, open the link we sent to ${newEmail}.`,
    ),
  ).toBeVisible();

  // The old address is told; until the link is opened the account keeps it.
  await waitForMail(account.email, 'Your Nestbox email address is being changed');
  const confirmation = await waitForMail(newEmail, 'Confirm your new Nestbox email address');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  dialog = await openProfile(page);
  await expect(dialog.getByLabel('Email address')).toHaveValue(account.email);
  await expect(
    dialog.getByRole('status').filter({ hasText: `Waiting for confirmation: ${newEmail}.` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The link makes the change; the old address no longer logs in, the new one does.
  await page.goto(confirmationPath(confirmation.body, confirmation.links));
  await expect(page.getByText('Your email address has been changed.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to log in' })).toBeVisible();
  const oldLogin = await request.post('/auth/login', {
    data: { email: account.email, password: account.password, rememberMe: false },
  });
  expect(oldLogin.status()).toBe(400);
  expect(((await oldLogin.json()) as { error: { message: string } }).error.message).toBe(
    'We could not find an account with these credentials.',
  );
  expect(await logIn(request, { ...account, email: newEmail })).toBeTruthy();

  // A second use of the link changes nothing and says it is not valid.
  await page.goto(confirmationPath(confirmation.body, confirmation.links));
  await expect(page.getByText('This email confirmation link is not valid.')).toBeVisible();
  expect(readMails(newEmail).filter((mail) => mail.subject.startsWith('Confirm'))).toHaveLength(1);
});
