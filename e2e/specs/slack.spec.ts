import type { Server } from 'node:http';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { pane } from '../support/api.js';
import { sendSlackDm, startSlackStandIn } from '../support/slack.js';
import { expect, test } from '../support/test.js';

// The stand-in listens on one fixed port: the journey runs once, on its own.
test.describe.configure({ mode: 'serial' });

let slackApi: Server;
test.beforeAll(async () => {
  slackApi = await startSlackStandIn();
});
test.afterAll(() => new Promise<void>((resolve) => slackApi.close(() => resolve())));

test('Slack: connect through OAuth, a signed DM appears live in the Slack box, unlink', async ({
  page,
  request,
  baseURL,
}) => {
  const slackUserId = `U${Date.now().toString(36).toUpperCase()}`;
  const account = await createLoggedInAccount(request, { label: 'slack', name: 'Sam Slack' });
  await putSessionToken(page, account.token);

  // Slack's consent page, answered as if the person clicked Allow: back to /slack/auth with a code.
  let authorizeUrl: URL | undefined;
  await page.route('https://slack.com/oauth/v2/authorize**', async (route) => {
    authorizeUrl = new URL(route.request().url());
    const back = new URL('/slack/auth', baseURL);
    back.searchParams.set('code', `code-${slackUserId}`);
    back.searchParams.set('state', authorizeUrl.searchParams.get('state') ?? '');
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });

  await page.goto('/app');
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  let dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Integrations' }).click();
  await expect(dialog.getByText('No Slack account is linked yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Connect Slack' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Your Slack account is linked.' })).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
  expect(authorizeUrl?.searchParams.get('scope')).toBe('im:history,users:read');
  expect(authorizeUrl?.searchParams.get('redirect_uri')).toBe(`${baseURL}/slack/auth`);

  // The account is listed with its team and Slack name.
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Integrations' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Sam Slack' })).toContainText('Workspace Acme');
  await page.keyboard.press('Escape');

  // The Slack box exists in the Workspace; open it.
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  await pane(page, 'Workspace').getByRole('button', { name: 'Slack', exact: true }).click();
  const slackBox = pane(page, 'Slack');
  await expect(slackBox.getByText('This box is empty')).toBeVisible();

  // A message arrives: it shows in the open box without a reload, newest first.
  expect((await sendSlackDm(request, slackUserId, 'Order more coffee')).status()).toBe(200);
  await expect(slackBox.locator('[data-item-id]')).toHaveText(['Order more coffee']);
  expect((await sendSlackDm(request, slackUserId, 'Book the meeting room')).status()).toBe(200);
  await expect(slackBox.locator('[data-item-id]')).toHaveText(['Book the meeting room', 'Order more coffee']);

  // Unlink, after confirming.
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Integrations' }).click();
  await dialog.getByRole('button', { name: 'Unlink Sam Slack in Acme' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unlink this Slack account?' });
  await confirm.getByRole('button', { name: 'Unlink' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The Slack account has been unlinked.' }),
  ).toBeVisible();
  await expect(dialog.getByText('No Slack account is linked yet.')).toBeVisible();

  // Messages from that Slack user are now ignored.
  expect((await sendSlackDm(request, slackUserId, 'Ignored now')).status()).toBe(200);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(pane(page, 'Slack').locator('[data-item-id]')).toHaveText([
    'Book the meeting room',
    'Order more coffee',
  ]);
});
