import {
  appLink,
  createActivatedAccount,
  expireActivationLinks,
  readMails,
  signUp,
  waitForMail,
} from '../support/accounts.js';
import { expect, test } from '../support/test.js';

test.describe('account links and activation', () => {
  test('an expired reset link says so and offers a new one', async ({ page, request }) => {
    const account = await createActivatedAccount(request, { label: 'expired' });
    const response = await request.post('/e2e/user/password-reset', {
      data: { email: account.email, expired: true },
    });
    const { verifyId } = (await response.json()) as { verifyId: string };

    await page.goto(`/password-reset/${verifyId}`);
    await expect(page.getByText('This password reset link has expired.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
  });

  test('an unknown reset link is not valid', async ({ page }) => {
    await page.goto('/password-reset/no-such-link');
    await expect(page.getByText('This password reset link is not valid.')).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveCount(0);
  });

  test('an unknown activation link is not valid', async ({ page }) => {
    await page.goto('/activate-account/no-such-link');
    await expect(page.getByText('This activation link is not valid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to log in' })).toBeVisible();
  });

  test('an expired activation link says so, re-sends a fresh one, and that one works', async ({
    page,
    request,
  }) => {
    const account = await signUp(request, { label: 'late' });
    const first = appLink(
      await waitForMail(account.email, 'Activate your Nestbox account'),
      '/activate-account/',
    );
    expireActivationLinks(account.email);

    await page.goto(first);
    await expect(page.getByText('This activation link has expired.')).toBeVisible();
    await page.getByRole('button', { name: 'Re-send activation link' }).click();
    await expect(page.getByText('A new activation link has been sent to your email address.')).toBeVisible();
    await expect
      .poll(() => readMails(account.email).filter((mail) => mail.subject === 'Activate your Nestbox account'))
      .toHaveLength(2);
    const fresh = appLink(
      readMails(account.email).at(-1) ?? { subject: '', body: '', links: [] },
      '/activate-account/',
    );
    expect(fresh).not.toBe(first);

    await page.goto(fresh);
    await expect(page.getByText('Your account has been activated.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to log in' })).toBeVisible();

    // The same link opened again: the account is active, and the page offers to log in.
    await page.goto(fresh);
    await expect(page.getByText('This account is already activated. You can log in.')).toBeVisible();
    await expect(page.getByText('This activation link is not valid.')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
  });

  test('logging in before activating explains why, and the link re-sends the e-mail', async ({
    page,
    request,
  }) => {
    const account = await signUp(request, { label: 'pending' });
    await waitForMail(account.email, 'Activate your Nestbox account');

    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('This account requires activating.')).toBeVisible();
    await expect(
      page.getByText(
        'Your account requires activating. You should have received an email containing a link to activate this account.',
      ),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Re-send the activation email' }).click();
    await expect(page).toHaveURL(/\/resend-activate-link\//);
    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
    await page.getByRole('button', { name: 'Re-send activation link' }).click();
    await expect(page.getByText('A new activation link has been sent to your email address.')).toBeVisible();
    await expect
      .poll(() => readMails(account.email).filter((mail) => mail.subject === 'Activate your Nestbox account'))
      .toHaveLength(2);
  });
});
