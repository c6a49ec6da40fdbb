import type { APIRequestContext } from '@playwright/test';
import { createLoggedInAccount, logIn, putSessionToken } from '../support/accounts.js';
import { pane } from '../support/api.js';
import { E2E_ADMIN } from '../support/e2e-env.js';
import { liveSocketConnected } from '../support/live.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { enrolTwoFactor } from '../support/two-factor.js';

/** The id of the person a session token belongs to. */
async function idOf(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/admin/users/get-user', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { id: string }).id;
}

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

test("an admin sees who has two-factor codes on, and turns someone's off", async ({ page, request }) => {
  const person = await createLoggedInAccount(request, { label: 'lost-phone', name: 'Lou Lostphone' });
  await enrolTwoFactor(request, person.token);
  const signIn = async () =>
    (await (await request.post('/auth/login', { data: { ...person, rememberMe: false } })).json()) as object;
  expect(await signIn()).toHaveProperty('secondFactor');

  const adminToken = await logIn(request, { name: 'Administrator', ...E2E_ADMIN });
  await putSessionToken(page, adminToken);
  await page.goto('/app');
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Security' }).click();
  await dialog.getByRole('searchbox', { name: 'Search by name or email' }).fill('lostphone');
  const row = dialog.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(person.email);
  await expect(row).toContainText('Two-factor on');
  await expectAccessible(page, 'Security tab of an administrator');
  if (process.env.E2E_SCREENSHOTS) {
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/two-factor-admin-1280.png` });
  }

  await row.getByRole('button', { name: 'Turn off codes for Lou Lostphone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Turn off two-factor codes?' });
  await expect(confirm).toContainText(person.email);
  await confirm.getByRole('button', { name: 'Turn off codes' }).click();
  await expect(row).toContainText('Two-factor off');
  await expect(row.getByRole('button')).toHaveCount(0);
  // The person signs in with the password alone, and the audit trail says who did it.
  expect(await signIn()).toHaveProperty('token');
  const trail = await request.get(
    `/api/admin/audit?userId=${encodeURIComponent(await idOf(request, person.token))}`,
    {
      headers: { authorization: `Bearer ${adminToken}` },
    },
  );
  const { events } = (await trail.json()) as { events: { type: string; details: Record<string, unknown> }[] };
  expect(events.find((event) => event.type === 'twoFactor.reset')?.details).toMatchObject({
    adminEmail: E2E_ADMIN.email,
  });
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
