import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, getAs, pane, rankInOrganizer, rootBoxId } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { openPanes } from '../support/workspace-setup.js';

/**
 * Dark mode: the app follows the device's colours, or the account's choice (Application
 * Settings → Customizations), and every screen passes axe in both (the light ones are walked
 * by every other journey).
 */

const THEME_COLORS = { light: '#f4f7f6', dark: '#1a1f1d' };

const html = (page: Page) => page.locator('html');
const themeColor = (page: Page) => page.locator('meta[name="theme-color"]');

/** The page shows this scheme, and the browser's bars have its colour. */
async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', scheme);
  await expect(themeColor(page)).toHaveAttribute('content', THEME_COLORS[scheme]);
}

interface Item {
  _id: string;
}

const DAY = 86_400_000;

/**
 * An account with a box of texts (a tag among them), the Workspace and the box open, two texts
 * ranked in the Organizer (one overdue), and a reminder that has fired.
 */
async function accountWithThings(page: Page, label: string, locale = 'en-GB') {
  const { request } = page;
  const account = await createLoggedInAccount(request, { label, locale });
  const { token } = account;
  const root = await rootBoxId(request, token);
  const create = (itemType: 'todoBox' | 'todoText', title: string, parentItemId: string) =>
    api<Item>(request, token, 'POST', '/api/items/create-item', { parentItemId, itemType, title });
  const groceries = await create('todoBox', 'Groceries', root);
  const milk = await create('todoText', 'Buy milk #shop', groceries._id);
  const bread = await create('todoText', 'Bake bread', groceries._id);
  const done = await create('todoText', 'Return the jars', groceries._id);
  await api(request, token, 'PUT', '/api/items/complete', { itemId: done._id });
  await rankInOrganizer(request, token, [milk._id, bread._id]);
  const now = await serverNow(request);
  await api(request, token, 'PUT', '/api/items/update-item', {
    itemId: milk._id,
    priorityTargetDate: now - 2 * DAY,
  });
  await api(request, token, 'PUT', '/api/items/update-item', {
    itemId: bread._id,
    priorityTargetDate: now + DAY,
  });
  await api(
    request,
    token,
    'POST',
    `/api/reminders/create-item-reminder?itemId=${bread._id}&numberOf=1&unit=days&beforeAfterOn=before`,
  );
  const { fired } = await api<{ fired: number }>(request, token, 'POST', '/e2e/reminders/run', {
    now: now + 2 * DAY,
    email: account.email,
  });
  expect(fired).toBeGreaterThan(0);
  await openPanes(request, token, [root, groceries._id]);
  await putSessionToken(page, token);
  return { ...account, milk };
}

async function openSettingsTab(page: Page, dialogName: string, tab: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  if (!(await dialog.isVisible()))
    await page.getByRole('banner').getByRole('button', { name: dialogName }).click();
  await dialog.getByRole('tab', { name: tab }).click();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

test.describe('on a device set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('the logged-out pages are dark and read well', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await expectScheme(page, 'dark');
    await expectAccessible(page, 'login (dark)');
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('button', { name: 'Create New Account' })).toBeVisible();
    await expectScheme(page, 'dark');
    await expectAccessible(page, 'sign-up (dark)');
    // A field in error: the message reads on the dark card too.
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await expect(page.getByText('Please provide your name.')).toBeVisible();
    await expectAccessible(page, 'sign-up with errors (dark)');
  });

  test('every signed-in screen is dark and reads well', async ({ page, context }) => {
    // Many screens, each judged by axe: a ceiling for a loaded machine, not a wait.
    test.setTimeout(360_000);
    const { milk } = await accountWithThings(page, 'dark-walk');
    await page.goto('/app');
    const box = pane(page, 'Groceries');
    await expect(box.getByText('Bake bread')).toBeVisible();
    await expectScheme(page, 'dark');
    // A tag chip and a completed text, in a box open beside the Workspace.
    await expect(box.getByRole('button', { name: '#shop' })).toBeVisible();
    await expectAccessible(page, 'Workspace with a box open (dark)');

    // The connection line, while the device is offline.
    await context.setOffline(true);
    const offline = page.getByRole('status').filter({ hasText: 'Offline' });
    await expect(offline).toHaveText('Offline: showing what this device last saw');
    await expectAccessible(page, 'the connection line, offline (dark)');
    await context.setOffline(false);
    await expect(offline).toBeHidden();

    // A box's settings, the Workspace settings and quick capture.
    await box.getByRole('button', { name: 'Box settings' }).click();
    const boxSettings = page.getByRole('dialog', { name: 'Groceries' });
    await expect(boxSettings.getByRole('switch', { name: 'Show completed items' })).toBeVisible();
    await expectAccessible(page, 'Box settings (dark)');
    await page.keyboard.press('Escape');
    await expect(boxSettings).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Workspace settings' }).click();
    const workspaceSettings = page.getByRole('dialog', { name: 'Workspace settings' });
    await expect(workspaceSettings).toBeVisible();
    await expectAccessible(page, 'Workspace settings (dark)');
    await page.keyboard.press('Escape');
    await expect(workspaceSettings).toBeHidden();
    await page.getByRole('button', { name: 'Quick capture' }).click();
    const capture = page.getByRole('dialog', { name: 'Quick capture' });
    await expect(capture.getByRole('combobox', { name: 'What to capture' })).toBeFocused();
    await page.keyboard.type('Pay the #bills tomorrow');
    await expectAccessible(page, 'Quick capture (dark)');
    await page.keyboard.press('Escape');
    await expect(capture).toBeHidden();

    // A row's menu, then Item settings.
    const row = page.locator(`[data-item-id="${milk._id}"]`);
    await row.hover();
    const menu = page.locator(`[data-item-hover-menu="${milk._id}"]`);
    await expect(menu).toBeVisible();
    await expectAccessible(page, 'item row with its menu (dark)');
    await menu.getByRole('button', { name: 'More options' }).click();
    const itemSettings = page.getByRole('dialog', { name: /Buy milk/ });
    await expect(itemSettings.getByRole('heading', { name: 'Target Date' })).toBeVisible();
    await expectAccessible(page, 'Item settings (dark)');
    await page.keyboard.press('Escape');
    await expect(itemSettings).toBeHidden();

    // A search pane with results.
    await pane(page, 'Workspace').getByRole('button', { name: 'Search' }).click();
    const search = page.locator('section[data-pane-type="search"]');
    await search.getByRole('textbox', { name: 'Search titles' }).fill('b');
    await expect(search.getByRole('list', { name: 'Search results' }).getByRole('button')).not.toHaveCount(0);
    await expectAccessible(page, 'search pane with results (dark)');

    // The command palette, with what it found.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('milk');
    await expect(palette.getByRole('option').first()).toBeVisible();
    await expectAccessible(page, 'command palette (dark)');
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    // The Organizer with its ranked texts.
    await page.getByRole('banner').getByRole('link', { name: 'Organiser' }).click();
    await expect(page.getByRole('heading', { name: 'Organiser', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bake bread' }).first()).toBeVisible();
    await expect(page.locator('[data-overdue]').first()).toBeVisible();
    await expectScheme(page, 'dark');
    await expectAccessible(page, 'Organiser (dark)');

    // Reminders.
    await page.getByRole('banner').getByRole('button', { name: 'Reminders' }).click();
    const reminders = page.getByRole('dialog', { name: 'Reminders' });
    await expect(reminders.getByTestId('reminder-event')).toHaveCount(1);
    await expectAccessible(page, 'Reminders (dark)');
    await page.keyboard.press('Escape');
    await expect(reminders).toBeHidden();

    // Every tab of Application Settings.
    for (const tab of ['Profile', 'Security', 'Integrations', 'Customizations', 'Data']) {
      const dialog = await openSettingsTab(page, 'Application Settings', tab);
      await expect(dialog.getByRole('tabpanel')).toBeVisible();
      await expectAccessible(page, `Application Settings, ${tab} (dark)`);
    }
  });
});

test.describe('in French, on a device set to dark', () => {
  test.use({ colorScheme: 'dark', locale: 'fr-FR' });

  test('the login page and the Customizations read well', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connexion à Nestbox' })).toBeVisible();
    await expectScheme(page, 'dark');
    await expectAccessible(page, 'login in French (dark)');

    await accountWithThings(page, 'dark-fr', 'fr');
    await page.goto('/app');
    await expect(pane(page, 'Groceries').getByText('Bake bread')).toBeVisible();
    const dialog = await openSettingsTab(page, 'Paramètres de l’application', 'Personnalisation');
    const choice = dialog.getByRole('radiogroup', { name: 'Apparence' });
    await expect(choice.getByRole('radio', { name: 'Système' })).toBeChecked();
    await expect(choice.getByRole('radio', { name: 'Clair' })).not.toBeChecked();
    await expect(dialog.getByText('Système suit le réglage clair ou sombre')).toBeVisible();
    await expectAccessible(page, 'Personnalisation (dark)');
  });
});

test.describe('on a device set to light', () => {
  test.use({ colorScheme: 'light' });

  test('choosing Dark in Customizations darkens the app at once, on the account, after a reload too', async ({
    page,
    request,
  }) => {
    const { token } = await accountWithThings(page, 'dark-choice');
    await page.goto('/app');
    await expect(pane(page, 'Groceries').getByText('Bake bread')).toBeVisible();
    await expectScheme(page, 'light');

    const dialog = await openSettingsTab(page, 'Application Settings', 'Customizations');
    const choice = dialog.getByRole('radiogroup', { name: 'Appearance' });
    await expect(choice.getByRole('radio', { name: 'System' })).toBeChecked();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/admin/users/update-customizations') && response.ok(),
    );
    await choice.getByText('Dark', { exact: true }).click();
    await expectScheme(page, 'dark');
    await saved;
    await expect(choice.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectAccessible(page, 'Customizations just switched to dark');
    const me = await getAs<{ customizations: { colorScheme: string } }>(
      request,
      token,
      '/api/admin/users/get-user',
    );
    expect(me.customizations.colorScheme).toBe('dark');

    // The next visit opens dark before the account has even arrived (this device's copy).
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const userAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route('**/api/admin/users/get-user', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.reload();
    await userAsked;
    await expectScheme(page, 'dark');
    release();
    await expect(pane(page, 'Groceries').getByText('Bake bread')).toBeVisible();
    await page.unroute('**/api/admin/users/get-user');
    await expectScheme(page, 'dark');
    await expectAccessible(page, 'Workspace after the reload (dark)');

    // Back to System: light again, as the device is.
    const again = await openSettingsTab(page, 'Application Settings', 'Customizations');
    const backToSystem = page.waitForResponse(
      (response) => response.url().includes('/api/admin/users/update-customizations') && response.ok(),
    );
    await again.getByRole('radiogroup', { name: 'Appearance' }).getByText('System', { exact: true }).click();
    await backToSystem;
    await expectScheme(page, 'light');
    expect(
      (await getAs<{ customizations: { colorScheme: string } }>(request, token, '/api/admin/users/get-user'))
        .customizations.colorScheme,
    ).toBe('system');

    // Dark again, then logging out: the login page follows the device (light).
    const darkAgain = page.waitForResponse(
      (response) => response.url().includes('/api/admin/users/update-customizations') && response.ok(),
    );
    await again.getByRole('radiogroup', { name: 'Appearance' }).getByText('Dark', { exact: true }).click();
    await darkAgain;
    await expectScheme(page, 'dark');
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await page.evaluate(() => sessionStorage.setItem('e2e.loggedOut', '1'));
    await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await expectScheme(page, 'light');
    expect(await page.evaluate(() => localStorage.getItem('nestbox.colorScheme'))).toBeNull();
  });
});
