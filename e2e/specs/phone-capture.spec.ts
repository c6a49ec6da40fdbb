import type { Locator, Page } from '@playwright/test';
import { createActivatedAccount, logIn } from '../support/accounts.js';
import { pane, readItem } from '../support/api.js';
import { expectTapTargets } from '../support/tap-targets.js';
import { expect, test } from '../support/test.js';
import { rows, workspaceWith } from '../support/workspace-setup.js';

/**
 * A phone that invites capture: the floating "+" within a thumb's reach, quick capture with a
 * Save button, the header folded into one menu, every control a fingertip's size (at 390 and
 * 320 px, touch screens), and links and texts shared from other apps filed into the Inbox.
 */

const fab = (page: Page) => page.locator('[data-capture-fab]');

/** Whether two controls overlap on screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('not on screen');
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

for (const width of [390, 320]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true, isMobile: true });

    test('the "+" opens quick capture with a Save button, the header folds into a menu, every control is a fingertip', async ({
      page,
    }) => {
      const texts = Array.from({ length: 24 }, (_, index) => `Plant ${index + 1}`);
      await workspaceWith(page, `phone-fab-${width}`, { Garden: texts });
      await page.goto('/app/boxes');
      const nav = page.getByRole('navigation', { name: 'Panes' });
      await nav.getByRole('button', { name: 'Next pane: Garden' }).tap();
      const garden = pane(page, 'Garden');
      await expect(garden).toBeInViewport({ ratio: 0.9 });
      await expect(rows(page, 'Garden').first()).toHaveText('Plant 1');
      await expectTapTargets(page, `the workspace at ${width} px`);

      // The last row scrolls clear of the "+": neither its checkbox nor its menu button is under it.
      const body = garden.locator('ul').first().locator('..');
      await body.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      const last = garden.locator('[data-item-id]').filter({ hasText: /^Plant 24$/ });
      await expect(last).toBeInViewport();
      await expect.poll(() => overlap(last.getByRole('checkbox'), fab(page))).toBe(false);
      await expect
        .poll(() => overlap(last.getByRole('button', { name: 'Item actions' }), fab(page)))
        .toBe(false);

      // The header: the pages, search, reminders and one menu; settings and logout are in it.
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('button', { name: 'Application Settings' })).toHaveCount(0);
      await expect(banner.getByRole('link', { name: 'Logout' })).toHaveCount(0);
      for (const control of await banner.getByRole('button').or(banner.getByRole('link')).all())
        await expect(control).toBeInViewport({ ratio: 1 });
      await banner.getByRole('button', { name: 'Menu' }).tap();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
      await expectTapTargets(page, `the header's menu at ${width} px`, menu);
      await menu.getByRole('menuitem', { name: 'Application Settings' }).tap();
      const settings = page.getByRole('dialog', { name: 'Application Settings' });
      await expect(settings).toBeVisible();
      const close = settings.locator('.mantine-Modal-close');
      const closeBox = await close.boundingBox();
      expect(closeBox?.width).toBeGreaterThanOrEqual(44);
      expect(closeBox?.height).toBeGreaterThanOrEqual(44);
      await close.tap();
      await expect(settings).toHaveCount(0);

      // The "+": quick capture, with no keys named and a Save button that files the text.
      await fab(page).tap();
      const dialog = page.getByRole('dialog', { name: 'Quick capture' });
      const field = dialog.getByRole('combobox', { name: 'What to capture' });
      await expect(field).toBeVisible();
      await expect(dialog).toContainText('Add a date, #box, ##tag, !today or !p.');
      await expect(dialog).not.toContainText('Enter');
      await expect(dialog).not.toContainText('Escape');
      await field.fill('Call the plumber');
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/items/quick-capture') && response.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Save' }).tap();
      expect((await created).status()).toBe(201);
      await expect(dialog.getByRole('status')).toHaveText('Added to Inbox. Open');
      await expect(field).toHaveValue('');
      await expectTapTargets(page, `quick capture at ${width} px`, dialog);
    });
  });
}

test.describe('installed app', () => {
  test.use({ viewport: { width: 390, height: 740 }, hasTouch: true, isMobile: true });

  test('the manifest offers sharing and shortcuts; a share made signed out is filed after login, with Undo', async ({
    page,
  }) => {
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      share_target: { action: string; method: string; params: Record<string, string> };
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest.share_target).toEqual({
      action: '/app/share',
      method: 'GET',
      params: { title: 'title', text: 'text', url: 'url' },
    });
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Quick capture', '/app/boxes?capture'],
      ['Upcoming', '/app/upcoming'],
      ['Organizer', '/app/organiser'],
    ]);

    // Shared while signed out: the login keeps the share, and files it once signed in.
    const account = await createActivatedAccount(page.request, { label: 'phone-share' });
    await page.goto('/app/share?title=Tide%20times&url=https%3A%2F%2Fexample.org%2Ftides');
    await expect(page.getByRole('heading', { name: 'Log in to Nestbox' })).toBeVisible();
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const filed = page.waitForResponse((response) => response.url().endsWith('/api/items/quick-capture'));
    await page.getByRole('button', { name: 'Log in' }).tap();
    const response = await filed;
    expect(response.status()).toBe(201);
    const { _id: itemId } = (await response.json()) as { _id: string };
    await expect(page).toHaveURL(/\/app\/share\?/);
    const status = page.getByRole('status').filter({ hasText: 'Inbox' });
    await expect(status).toHaveText('Added to your Inbox:Tide times https://example.org/tides');
    const token = await logIn(page.request, account);
    await expectTapTargets(page, 'the share page');

    // Undo takes it out of the Inbox again.
    const archived = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/items/archive',
    );
    await page.getByRole('button', { name: 'Undo' }).tap();
    expect((await archived).ok()).toBe(true);
    await expect(status).toHaveText('Taken out of your Inbox.');
    const server = await readItem<{ title: string; archivedDate: string | null }>(
      page.request,
      token,
      itemId,
    );
    expect(server.title).toBe('Tide times https://example.org/tides');
    expect(server.archivedDate).not.toBeNull();

    // The "Quick capture" shortcut's address opens quick capture.
    await page.goto('/app/boxes?capture');
    await expect(page.getByRole('dialog', { name: 'Quick capture' })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/boxes$/);
  });
});
