import { createLoggedInAccount, logIn, putSessionToken } from '../support/accounts.js';
import { pane } from '../support/api.js';
import { E2E_ADMIN } from '../support/e2e-env.js';
import { liveSocketConnected } from '../support/live.js';
import { expect, test } from '../support/test.js';

// Runs on its own server (the 'reseed' project): re-seeding deletes every account there.
// In order: the non-admin's refusal first, then the admin's re-seed wipes the server.
test.describe.configure({ mode: 'serial' });

const DEMO = { email: 'alice@demo.nestbox', password: 'nestbox-demo-2026' };

test('a non-admin has no Database tab, and the API refuses them with 403', async ({ page, request }) => {
  const account = await createLoggedInAccount(request, { label: 'not-admin' });
  await putSessionToken(page, account.token);
  await page.goto('/app');
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await expect(dialog.getByRole('tab')).toHaveText([
    'Profile',
    'Security',
    'Integrations',
    'Customizations',
    'Data',
  ]);
  await expect(dialog.getByRole('tab', { name: 'Database' })).toHaveCount(0);
  // Slack is off on this server: a non-admin is told whom to ask, never how to set it up.
  await dialog.getByRole('tab', { name: 'Integrations' }).click();
  await expect(dialog.getByText('Slack is not enabled on this server')).toBeVisible();
  await expect(dialog.getByText(/Ask the person who runs this Nestbox server/)).toBeVisible();
  await expect(dialog.getByText('SLACK_CLIENT_ID')).toHaveCount(0);

  const refused = await request.post('/api/admin/tools/resend', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { type: 'full' },
  });
  expect(refused.status()).toBe(403);
  const loggedOut = await request.post('/api/admin/tools/resend', { data: { type: 'full' } });
  expect(loggedOut.status()).toBe(401);
  // Nothing was wiped: the account still works.
  expect((await request.post('/auth/login', { data: { ...account, rememberMe: false } })).ok()).toBe(true);
});

test('an admin re-seeds full from the Database tab; a demo user then finds populated boxes and an Organizer', async ({
  page,
  request,
}) => {
  const adminToken = await logIn(request, { name: 'Administrator', ...E2E_ADMIN });
  await putSessionToken(page, adminToken);
  await page.goto('/app');
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  // An administrator is shown how to turn Slack on.
  await dialog.getByRole('tab', { name: 'Integrations' }).click();
  await expect(dialog.getByText('SLACK_CLIENT_ID')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Database' }).click();

  // Cancelling the confirmation changes nothing.
  await dialog.getByRole('button', { name: 'Re-seed full' }).click();
  let confirm = page.getByRole('dialog', { name: 'Delete everything and re-seed?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await request.post('/auth/login', { data: { ...DEMO, rememberMe: false } })).ok()).toBe(false);

  await dialog.getByRole('button', { name: 'Re-seed full' }).click();
  confirm = page.getByRole('dialog', { name: 'Delete everything and re-seed?' });
  await confirm.getByRole('button', { name: 'Delete and re-seed' }).click();
  // The configured admin stays logged in; the app starts again on the new data.
  await expect(
    page.getByRole('alert').filter({ hasText: 'The database has been re-seeded with the full demo data.' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/app$/);

  // Alice logs in through the login page.
  await page.evaluate(() => sessionStorage.setItem('e2e.loggedOut', '1'));
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
  await page.getByLabel('Email address').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(pane(page, 'Home').getByRole('button', { name: 'Kitchen renovation' })).toBeVisible();
  await expect(pane(page, 'Workspace').getByRole('button', { name: 'Holiday in Brittany' })).toBeVisible();
  await expect(
    pane(page, 'Work').getByRole('button', { name: 'Prepare the quarterly report', exact: true }),
  ).toBeVisible();

  // Her Organizer has prioritised and waiting items.
  await page.getByRole('banner').getByRole('link', { name: 'Organiser' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organiser' })).toBeVisible();
  const prioritized = page.getByRole('group', { name: 'Prioritized', exact: true });
  const unprioritized = page.getByRole('group', { name: 'Unprioritized', exact: true });
  await expect(prioritized.getByRole('button', { name: 'Fix the dripping tap', exact: true })).toBeVisible();
  await expect(
    prioritized.getByRole('button', { name: 'Prepare the quarterly report', exact: true }),
  ).toBeVisible();
  await expect(
    unprioritized.getByRole('button', { name: 'Reply to the supplier', exact: true }),
  ).toBeVisible();
});

test("a re-seed by an admin sends another person's open page to login at once, saying why", async ({
  page,
  browser,
  request,
}) => {
  // Re-seeding hashes passwords slowly on purpose: on a loaded machine it takes a while.
  test.slow();
  const account = await createLoggedInAccount(request, { label: 'reseeded-away' });
  await putSessionToken(page, account.token);
  const connected = liveSocketConnected(page);
  await page.goto('/app');
  await connected;

  // The admin re-seeds from their own browser.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await putSessionToken(admin, await logIn(request, { name: 'Administrator', ...E2E_ADMIN }));
    await admin.goto('/app');
    await admin.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Application Settings' });
    await dialog.getByRole('tab', { name: 'Database' }).click();
    await dialog.getByRole('button', { name: 'Re-seed base' }).click();
    await admin
      .getByRole('dialog', { name: 'Delete everything and re-seed?' })
      .getByRole('button', { name: 'Delete and re-seed' })
      .click();
    // Re-seeding hashes passwords on purpose slowly: wait for it as the admin's page does.
    await expect(
      admin.getByRole('alert').filter({ hasText: 'The database has been re-seeded with the base data.' }),
    ).toBeVisible({ timeout: 15_000 });

    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({
        hasText: 'An administrator re-seeded the database, so you have been logged out.',
      }),
    ).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
