import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

// Turning notifications on needs the app's service worker.
test.use({ serviceWorkers: 'allow' });

async function openCustomizations(page: Page, names: { settings: string; tab: string }) {
  await page.getByRole('banner').getByRole('button', { name: names.settings }).click();
  const dialog = page.getByRole('dialog', { name: names.settings });
  await dialog.getByRole('tab', { name: names.tab }).click();
  return dialog;
}

test('Customizations: this device’s reminder notifications say why they cannot turn on, in both languages', async ({
  page,
  context,
  baseURL,
}) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'push' });
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  // The worker the switch subscribes with is installed once the app is idle.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  let dialog = await openCustomizations(page, { settings: 'Application Settings', tab: 'Customizations' });
  const toggle = dialog.getByRole('switch', { name: 'Notify this device when a reminder fires' });
  await expect(toggle).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Send a test notification' })).toHaveCount(0);

  // Notifications refused by the browser: the switch stays off and says where to allow them.
  await context.clearPermissions();
  await toggle.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'blocked' })).toHaveText(
    'Notifications are blocked for Nestbox in this browser. Allow them in the site’s settings, then turn this on again. ' +
      'Your reminders still show in the Reminders list, and reminder e-mails still work.',
  );
  await expect(toggle).not.toBeChecked();

  // Allowed, but this browser has no push service: the switch says why, never to try again
  // later, and that reminders still arrive by the Reminders list and e-mail; the reason is in view.
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const publicKey = page.waitForResponse((r) => r.url().endsWith('/api/push/public-key'));
  await toggle.click();
  expect((await publicKey).status()).toBe(200);
  const reason = dialog.getByRole('status').filter({ hasText: 'push service' });
  await expect(reason).toHaveText(
    'This device cannot be notified: this browser has no push service Nestbox can use (some browsers are built without one, or have it turned off). ' +
      'Your reminders still show in the Reminders list, and reminder e-mails still work.',
  );
  await expect(reason).toBeInViewport();
  await expect(reason).not.toContainText('later');
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();

  // The same in French.
  await page.keyboard.press('Escape');
  const french = await request.put('/api/admin/users/update-language', {
    headers: { authorization: `Bearer ${token}` },
    data: { locale: 'fr' },
  });
  expect(french.ok()).toBe(true);
  await page.reload();
  dialog = await openCustomizations(page, {
    settings: 'Paramètres de l’application',
    tab: 'Personnalisation',
  });
  await expect(
    dialog.getByRole('switch', { name: 'Notifier cet appareil quand un rappel se déclenche' }),
  ).toBeVisible();
});
