import type { Page } from '@playwright/test';
import { createActivatedAccount, createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox, pane, rootBoxId } from '../support/api.js';
import { withoutLiveSocket } from '../support/live.js';
import { expect, test } from '../support/test.js';
import { tooltipsAfterHover } from '../support/tooltips.js';
import { openPanes } from '../support/workspace-setup.js';

const HEADER_BUTTONS = [
  'Workspace',
  'Organiser',
  'Reminders',
  'Toggle Layout',
  'Workspace settings',
  'Application Settings',
  'Logout',
];

/** A header button by its accessible name: the ones that navigate are links, the others buttons. */
const headerButton = (page: Page, name: string) =>
  page
    .getByRole('banner')
    .getByRole(['Workspace', 'Organiser', 'Logout'].includes(name) ? 'link' : 'button', {
      name,
      exact: true,
    });

/** A real session: a fresh activated account, its token in local storage as the login page leaves it. */
async function withToken(page: Page) {
  const { token } = await createLoggedInAccount(page.request, { label: 'shell' });
  await putSessionToken(page, token);
}

test.describe('the logged-in shell', () => {
  test('/app while logged out lands on the login page', async ({ page }) => {
    await page.goto('/app');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await page.goto('/app/organiser');
    await expect(page).toHaveURL(/\/$/);
  });

  test('logging in after being sent to login goes on to the page one was opening', async ({ page }) => {
    const account = await createActivatedAccount(page.request, { label: 'return-to' });
    await page.goto('/app/organiser');
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/app\/organiser$/);
    await expect(page.getByRole('heading', { name: 'Organiser', level: 1 })).toBeVisible();
  });

  test('the header has its buttons, and they navigate', async ({ page }) => {
    await withToken(page);
    await page.goto('/app');
    for (const name of HEADER_BUTTONS) await expect(headerButton(page, name)).toBeVisible();
    await expect(page.getByText('Select a Box to open.')).toBeVisible();

    await headerButton(page, 'Organiser').click();
    await expect(page).toHaveURL(/\/app\/organiser$/);
    await expect(page.getByRole('heading', { name: 'Organiser' })).toBeVisible();

    await headerButton(page, 'Workspace').click();
    await expect(page).toHaveURL(/\/app\/boxes$/);

    await headerButton(page, 'Reminders').click();
    await expect(page.getByRole('dialog', { name: 'Reminders' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the guard runs on every location change', async ({ page }) => {
    await withToken(page);
    await withoutLiveSocket(page);
    await page.goto('/app/boxes');
    await expect(headerButton(page, 'Organiser')).toBeVisible();
    await page.evaluate(() => {
      sessionStorage.setItem('e2e.loggedOut', '1');
      localStorage.removeItem('nestbox.token');
    });
    await headerButton(page, 'Organiser').click();
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('logout clears the session and lands on the root', async ({ page }) => {
    await withToken(page);
    await page.goto('/app/boxes');
    await page.evaluate(() => sessionStorage.setItem('e2e.loggedOut', '1'));
    await headerButton(page, 'Logout').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('nestbox.token'))).toBeNull();
  });

  test('tooltips show on hover, and not once switched off', async ({ page }) => {
    await withToken(page);
    await page.clock.install();
    await page.goto('/app/boxes');
    await headerButton(page, 'Organiser').hover();
    await expect(page.getByRole('tooltip', { name: 'Organiser' })).toBeVisible();

    await headerButton(page, 'Application Settings').click();
    await page.getByRole('tab', { name: 'Customizations' }).click();
    await page.getByLabel('Enable tooltips').uncheck({ force: true });
    await page.keyboard.press('Escape');
    expect(await tooltipsAfterHover(page, headerButton(page, 'Organiser'))).toBe(0);
  });

  test('the header fits a 390 px wide phone: the rest is in its Menu', async ({ page }) => {
    await withToken(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/boxes');
    for (const name of ['Workspace', 'Organiser', 'Upcoming', 'Reminders', 'Menu']) {
      const button = page
        .getByRole('banner')
        .getByRole(['Workspace', 'Organiser', 'Upcoming'].includes(name) ? 'link' : 'button', {
          name,
          exact: true,
        });
      await expect(button).toBeVisible();
      // Whole, not clipped by the header's edge.
      const box = await button.boundingBox();
      expect(box && box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Toggle Layout', 'Workspace settings', 'Application Settings', 'Logout'])
      await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('the header buttons keep their places on both pages', async ({ page }) => {
    await withToken(page);
    const places = async () =>
      Promise.all(
        HEADER_BUTTONS.map(async (name) => {
          const box = await headerButton(page, name).boundingBox();
          return `${name} ${box?.x}`;
        }),
      );
    await page.goto('/app/boxes');
    await expect(headerButton(page, 'Workspace settings')).toBeVisible();
    const onWorkspace = await places();
    await headerButton(page, 'Organiser').click();
    await expect(page.getByRole('heading', { name: 'Organiser' })).toBeVisible();
    await expect(headerButton(page, 'Workspace settings')).toBeVisible();
    expect(await places()).toEqual(onWorkspace);
  });

  test('Toggle Layout stacks the panes of the workspace, one below the other, and back', async ({ page }) => {
    const { token } = await createLoggedInAccount(page.request, { label: 'stack' });
    const root = await rootBoxId(page.request, token);
    const box = await createBox(page.request, token, 'Garden');
    await openPanes(page.request, token, [root, box._id]);
    await putSessionToken(page, token);
    await page.goto('/app/boxes');
    const first = pane(page, 'Workspace');
    const second = pane(page, 'Garden');
    await expect(second).toBeVisible();
    const side = async () => {
      const [a, b] = [await first.boundingBox(), await second.boundingBox()];
      if (!a || !b) throw new Error('panes not laid out');
      return { a, b };
    };
    let { a, b } = await side();
    expect(b.x).toBeGreaterThan(a.x + a.width / 2);

    await headerButton(page, 'Toggle Layout').click();
    await expect(headerButton(page, 'Toggle Layout')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await side()).b.y).toBeGreaterThan((await side()).a.y + 200);
    ({ a, b } = await side());
    expect(Math.abs(b.x - a.x)).toBeLessThan(2);
    expect(a.width).toBeGreaterThan(1000);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/stacked.png` });

    await page.reload();
    await expect(headerButton(page, 'Toggle Layout')).toHaveAttribute('aria-pressed', 'true');
    await headerButton(page, 'Toggle Layout').click();
    await expect.poll(async () => (await side()).b.x).toBeGreaterThan((await side()).a.x + 100);
  });
});
