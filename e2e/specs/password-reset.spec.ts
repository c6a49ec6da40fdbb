import {
  appLink,
  createActivatedAccount,
  logIn,
  userStatusWithToken,
  waitForMail,
} from '../support/accounts.js';
import { expect, test } from '../support/test.js';

const NEW_PASSWORD = 'Amber-Otter-Meadow-93';
/** One proof of work takes about a second; a busy machine running two browsers may take longer. */
const PROOF_OF_WORK_TIMEOUT = 20_000;

test('forgotten password: the e-mailed link, the bot check solved in the browser, then only the new password works', async ({
  page,
  request,
}) => {
  // Three proofs of work run in the browser here (on arrival, after the re-tick, after the refusal).
  test.setTimeout(60_000);
  // The widget must work under the server's CSP (no inline scripts, no eval, workers from blob:).
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const account = await createActivatedAccount(request, { label: 'reset' });
  const tokenBeforeReset = await logIn(request, account);

  await page.goto('/forgot');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send Reminder Email' }).click();
  await expect(page.getByText('Password reset details have been sent to your email address.')).toBeVisible();

  const mail = await waitForMail(account.email, 'Reset your Nestbox password');
  await page.goto(appLink(mail, '/password-reset/'));
  await page.getByLabel('New password').fill(NEW_PASSWORD);

  // ALTCHA solves its proof of work in a worker as soon as the form shows, and ticks itself.
  // Its label follows its state ("I'm not a robot", "Checking…", "Verified").
  const robotCheck = page.locator('altcha-widget').getByRole('checkbox');
  await expect(robotCheck).toBeChecked({ timeout: PROOF_OF_WORK_TIMEOUT });
  await expect(page.locator('altcha-widget')).toContainText('Verified');
  // A person can still untick and tick it, by its label (the tick mark covers the box itself).
  await page.locator('altcha-widget').getByText('Verified').click();
  await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
  await page.locator('altcha-widget').getByText("I'm not a robot").click();
  await expect(robotCheck).toBeChecked({ timeout: PROOF_OF_WORK_TIMEOUT });

  // A refused answer (here: spoiled on its way) shows the message and starts the check again.
  await page.route('**/user/password-reset', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, gRecaptchaResponse: 'spoiled' }) });
  });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please complete the check that you are not a robot.')).toBeVisible();
  await page.unroute('**/user/password-reset');
  await expect(robotCheck).toBeChecked({ timeout: PROOF_OF_WORK_TIMEOUT });

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  expect(cspViolations).toEqual([]);

  // The reset ended every session: the old token is refused, by the API and by the app.
  expect(await userStatusWithToken(request, tokenBeforeReset)).toBe(401);
  await page.evaluate((token) => localStorage.setItem('nestbox.token', token), tokenBeforeReset);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('We could not find an account with these credentials.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Application Settings' })).toBeVisible();
});

test('when the bot check cannot be done, Confirm says so, and the next Confirm tries again', async ({
  page,
  request,
}) => {
  const account = await createActivatedAccount(request, { label: 'nocheck' });
  const response = await request.post('/e2e/user/password-reset', { data: { email: account.email } });
  const { verifyId } = (await response.json()) as { verifyId: string };

  await page.route('**/api/captcha/challenge', (route) => route.abort());
  await page.goto(`/password-reset/${verifyId}`);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Connection error - please try submitting your password again.')).toBeVisible();
  // The widget's own failure message sits under it and leaves Confirm clear.
  const bubble = page.locator('altcha-widget .altcha-popover');
  await expect(bubble).toBeVisible();
  const [bubbleBox, confirmBox] = [
    await bubble.boundingBox(),
    await page.getByRole('button', { name: 'Confirm' }).boundingBox(),
  ];
  expect(bubbleBox && confirmBox && bubbleBox.y + bubbleBox.height <= confirmBox.y).toBe(true);

  await page.unroute('**/api/captcha/challenge');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible({
    timeout: PROOF_OF_WORK_TIMEOUT,
  });
});
