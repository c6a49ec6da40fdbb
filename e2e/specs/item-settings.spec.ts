import type { APIRequestContext, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane, userIdOf } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { holdRequests } from '../support/held-requests.js';
import { expect, test } from '../support/test.js';

interface Item {
  _id: string;
  title: string;
  parentItemId: string | null;
  archivedDate: number | null;
  prioritizable: boolean;
  priorityTargetDate: number | null;
  autoArchiveAmount: number | null;
  autoArchiveDuration: string | null;
  autoArchiveTimestamp: number | null;
}

/** An account whose Workspace is open in the first pane, and helpers to fill it through the API. */
async function setUp(page: Page, label: string) {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label });
  const [root] = await api<Item[]>(request, token, 'POST', '/api/items/get-user-associated-items', {
    limitToType: 'todoBox',
  });
  const rootId = root?._id ?? '';
  const create = (itemType: 'todoBox' | 'todoText', title: string, parentItemId = rootId) =>
    api<Item>(request, token, 'POST', '/api/items/create-item', { parentItemId, itemType, title });
  await api(request, token, 'POST', '/api/items/create-pane', { pos: 0, itemId: rootId });
  await putSessionToken(page, token);
  return {
    token,
    rootId,
    box: (title: string, parent?: string) => create('todoBox', title, parent),
    text: (title: string, parent?: string) => create('todoText', title, parent),
    item: (itemId: string) => getItem(request, token, itemId),
  };
}

async function getItem(request: APIRequestContext, token: string, itemId: string): Promise<Item> {
  const response = await request.get(`/api/items/get-item?itemId=${itemId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Item;
}

const row = (page: Page, id: string) => page.locator(`[data-item-id="${id}"]`);
const hoverMenu = (page: Page, id: string) => page.locator(`[data-item-hover-menu="${id}"]`);

/** Hovers a row and answers its menu, once shown. */
async function openHoverMenu(page: Page, id: string) {
  await row(page, id).hover();
  const menu = hoverMenu(page, id);
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('the item hover menu and Item settings', () => {
  test('the hover menu is 170 by 32 px, 6 px right of the row, opens by keyboard and toggles prioritise', async ({
    page,
  }) => {
    const { token, box, text, item } = await setUp(page, 'hover-menu');
    const milk = await text('Buy milk');
    await page.goto('/app');
    await expect(row(page, milk._id)).toHaveText('Buy milk');

    const menu = await openHoverMenu(page, milk._id);
    const rowBox = await row(page, milk._id).boundingBox();
    const menuBox = await menu.locator(':scope > div').boundingBox();
    expect(rowBox).not.toBeNull();
    expect(menuBox).not.toBeNull();
    if (!rowBox || !menuBox) return;
    expect(menuBox.width).toBeCloseTo(170, 0);
    expect(menuBox.height).toBeCloseTo(32, 0);
    expect(menuBox.x - (rowBox.x + rowBox.width)).toBeCloseTo(6, 0);
    await expect(menu.getByRole('button')).toHaveCount(5);
    // Not clipped by the pane: the rightmost button, beyond the row, takes a pointer (hit test).
    const archive = menu.getByRole('button', { name: 'Archive item' });
    const hit = await archive.evaluate((button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    expect(hit).toBe(true);

    // Leaving the row closes it.
    await page.mouse.move(5, 400);
    await expect(menu).toBeHidden();

    // With a pane beside the row's own, the menu stays over the row's right end, never on
    // that pane's rows.
    const errands = await box('Errands');
    await text('Post the parcel', errands._id);
    await api(page.request, token, 'POST', '/api/items/create-pane', { pos: 1, itemId: errands._id });
    await page.reload();
    await expect(pane(page, 'Errands')).toBeVisible();
    const beside = await openHoverMenu(page, milk._id);
    const besideBox = await beside.locator(':scope > div').boundingBox();
    const nextPane = await pane(page, 'Errands').boundingBox();
    const ownRow = await row(page, milk._id).boundingBox();
    if (!besideBox || !nextPane || !ownRow) throw new Error('the menu, the row and the pane beside show');
    expect(besideBox.x + besideBox.width).toBeLessThanOrEqual(nextPane.x);
    expect(besideBox.x + besideBox.width).toBeLessThanOrEqual(ownRow.x + ownRow.width);
    await page.mouse.move(5, 400);
    await expect(beside).toBeHidden();

    // Prioritise: the menu closes and the server has it; then the toggle says Unprioritise.
    await (await openHoverMenu(page, milk._id)).getByRole('button', { name: 'Prioritise' }).click();
    await expect(menu).toBeHidden();
    await expect.poll(async () => (await item(milk._id)).prioritizable).toBe(true);
    await page.mouse.move(5, 400);
    const again = await openHoverMenu(page, milk._id);
    await expect(again.getByRole('button', { name: 'Unprioritise' })).toHaveAttribute('aria-pressed', 'true');
    await again.getByRole('button', { name: 'Unprioritise' }).click();
    await expect.poll(async () => (await item(milk._id)).prioritizable).toBe(false);

    // Keyboard: focus in the row shows the menu. The row is one Tab stop (its controls and the
    // menu's buttons are no Tab stops of their own): the row's keys do what the menu does.
    await page.mouse.move(5, 400);
    await row(page, milk._id).getByRole('checkbox').focus();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'More options' })).toHaveAttribute('tabindex', '-1');
    await expect(row(page, milk._id).getByRole('button', { name: 'Buy milk' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
    await page.keyboard.press('t');
    await expect(page.getByRole('dialog', { name: 'Buy milk' })).toBeVisible();
  });

  test("clicking a box row opens the box, and the row's hover menu closes", async ({ page }) => {
    const { box } = await setUp(page, 'menu-closes');
    const kitchen = await box('Kitchen');
    await page.goto('/app');
    const menu = await openHoverMenu(page, kitchen._id);
    await row(page, kitchen._id).getByRole('button', { name: 'Kitchen' }).click();
    await expect(pane(page, 'Kitchen')).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('closing Item settings while it loads cancels its requests quietly', async ({ page }) => {
    const { text } = await setUp(page, 'modal-cancel');
    const note = await text('Slow note');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/app');
    // The item's details are held back until the modal is closed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested = page.waitForRequest('**/api/items/get-item?*');
    await page.route('**/api/items/get-item?*', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });

    await (await openHoverMenu(page, note._id)).getByRole('button', { name: 'More options' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Fetching item details...')).toBeVisible();
    await requested;
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    release();
    // The page goes on working, and said nothing alarming meanwhile.
    await (await openHoverMenu(page, note._id)).getByRole('button', { name: 'More options' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Slow note' }).getByText('Fetching item details...'),
    ).toBeHidden();
    expect(problems).toEqual([]);
  });

  // The sections wrap onto more lines on a phone, so their stand-ins are measured there too.
  for (const width of [1280, 390]) {
    test(`Item settings keeps its place while its sections load, ${width} px wide: what is below them does not jump`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      const { text } = await setUp(page, `modal-steady-${width}`);
      const sunscreen = await text('Sunscreen');
      await page.goto('/app');
      // The sections that load on their own (their code, their lists) are held until the dialog
      // has drawn their stand-ins.
      const releases = await Promise.all([
        ...['recurrence-section', 'attachments-section', 'history-section'].map((chunk) =>
          holdRequests(page, `**/assets/${chunk}-*.js`),
        ),
        ...['comments', 'attachments', 'history'].map((list) =>
          holdRequests(page, `**/api/items/${sunscreen._id}/${list}*`),
        ),
      ]);
      // A phone has no hover: the row's own button opens the menu.
      if (width < 576) await row(page, sunscreen._id).getByRole('button', { name: 'Item actions' }).click();
      else await row(page, sunscreen._id).hover();
      await hoverMenu(page, sunscreen._id).getByRole('button', { name: 'More options' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sunscreen' });
      const share = dialog.getByRole('region', { name: 'Share' });
      await expect(share).toBeVisible();
      // From now on, every frame: where the Share section's top is.
      await share.evaluate((section) => {
        const tops: number[] = [];
        (window as unknown as { shareTops: number[] }).shareTops = tops;
        const sample = () => {
          tops.push(section.getBoundingClientRect().top);
          requestAnimationFrame(sample);
        };
        sample();
      });
      for (const release of releases) release();
      await expect(dialog.getByText('No comments yet.')).toBeVisible();
      await expect(dialog.getByText('No files attached yet.')).toBeVisible();
      await expect(dialog.getByRole('list', { name: 'Changes to this item, newest first' })).toBeVisible();
      await expect(dialog.getByRole('region', { name: 'Repeat' })).toBeVisible();
      const tops = await page.evaluate(() => (window as unknown as { shareTops: number[] }).shareTops);
      expect(tops.length).toBeGreaterThan(1);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
    });
  }

  test('on a 390 px screen the menu opens from a button at the row end and stays on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { text } = await setUp(page, 'hover-menu-narrow');
    const milk = await text('Buy milk');
    await page.goto('/app');
    // Hovering does not cover the row; the row's own button opens the menu.
    await row(page, milk._id).getByRole('button', { name: 'Buy milk' }).hover();
    await expect(hoverMenu(page, milk._id)).toBeHidden();
    await row(page, milk._id).getByRole('button', { name: 'Item actions' }).click();
    const menu = hoverMenu(page, milk._id);
    await expect(menu).toBeInViewport({ ratio: 1 });
    await menu.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy milk' });
    await expect(dialog.getByRole('heading', { name: 'Share' })).toBeInViewport();
    await expect(menu).toBeHidden();
  });

  test('auto-archive set from Item settings shows its expiry, and None clears it', async ({ page }) => {
    const { text, item } = await setUp(page, 'auto-archive');
    const note = await text('Old note');
    await page.goto('/app');
    await (await openHoverMenu(page, note._id)).getByRole('button', { name: 'More options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Old note' });
    await expect(dialog.getByText('Fetching item details...')).toBeHidden();

    const before = await serverNow(page.request);
    await dialog.getByRole('combobox', { name: 'Archive automatically after' }).click();
    await page.getByRole('option', { name: '2 weeks' }).click();
    await expect(dialog.getByText(/This item archives itself on \d\d-\w{3}-\d{4} \d\d:\d\d\./)).toBeVisible();
    const saved = await item(note._id);
    expect(saved.autoArchiveAmount).toBe(2);
    expect(saved.autoArchiveDuration).toBe('weeks');
    const twoWeeks = 14 * 24 * 3600 * 1000;
    expect(saved.autoArchiveTimestamp ?? 0).toBeGreaterThanOrEqual(before + twoWeeks - 3600 * 1000);
    expect(saved.autoArchiveTimestamp ?? 0).toBeLessThanOrEqual(
      (await serverNow(page.request)) + twoWeeks + 3600 * 1000,
    );

    // It is still shown when Item settings opens again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.mouse.move(5, 400);
    await (await openHoverMenu(page, note._id)).getByRole('button', { name: 'More options' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Archive automatically after' })).toHaveValue(
      '2 weeks',
    );
    await expect(dialog.getByText(/This item archives itself on/)).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Archive automatically after' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await expect(dialog.getByText(/This item archives itself on/)).toBeHidden();
    const cleared = await item(note._id);
    expect(cleared.autoArchiveAmount).toBeNull();
    expect(cleared.autoArchiveTimestamp).toBeNull();
  });

  test('the target date button opens Item settings at Target Date; a date is set, then cleared', async ({
    page,
  }) => {
    const { text, item } = await setUp(page, 'target-date');
    const report = await text('Send the report');
    await page.goto('/app');
    await (await openHoverMenu(page, report._id)).getByRole('button', { name: 'Target date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the report' });
    const picker = dialog.getByRole('button', { name: /^Target Date: / });
    await expect(picker).toBeInViewport();

    // The month the picker opens on: the one of today in London, the server's (stated) today.
    const now = await serverNow(page.request);
    const inLondon = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }).format(now);
    const month = inLondon({ month: 'long' });
    const year = inLondon({ year: 'numeric' });
    await picker.click();
    await page.getByRole('button', { name: `25 ${month} ${year}`, exact: true }).click();
    // The field writes the whole date, weekday first.
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
      Date.UTC(Number(year), Number(inLondon({ month: 'numeric' })) - 1, 25, 12),
    );
    await expect(picker).toHaveText(`${weekday} 25 ${month} ${year}`);
    await expect(picker).toHaveAccessibleName(`Target Date: ${weekday} 25 ${month} ${year}`);
    await expect.poll(async () => (await item(report._id)).priorityTargetDate).not.toBeNull();
    const saved = (await item(report._id)).priorityTargetDate ?? 0;
    // The start of that day in the person's time zone (Europe/London).
    expect(new Date(saved).toLocaleString('en-GB', { timeZone: 'Europe/London' })).toBe(
      `25/${inLondon({ month: '2-digit' })}/${year}, 00:00:00`,
    );

    await dialog.getByRole('button', { name: 'Clear the target date' }).click();
    await expect(picker).toHaveText('No target date');
    await expect.poll(async () => (await item(report._id)).priorityTargetDate).toBeNull();
  });

  test('an item archived elsewhere while its settings are open is restored into another box from the restore panel', async ({
    page,
  }) => {
    const { token, box, text, item } = await setUp(page, 'restore');
    const home = await box('Home');
    await box('Office');
    const plants = await text('Water the plants', home._id);
    await page.goto('/app');
    await pane(page, 'Workspace').getByRole('button', { name: 'Home' }).click();
    await expect(row(page, plants._id)).toBeVisible();
    await (await openHoverMenu(page, plants._id)).getByRole('button', { name: 'More options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Water the plants' });
    await expect(dialog.getByRole('button', { name: 'Archive now' })).toBeVisible();

    // Archived by another client meanwhile: the row goes, and Item settings offers the restore panel.
    await api(page.request, token, 'DELETE', `/api/items/archive?itemId=${plants._id}`);
    await expect(row(page, plants._id)).toHaveCount(0);
    await expect(dialog.getByText(/This item was archived on/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Archive now' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Select Office' }).click();
    await expect(page.getByText('Restored into Office.')).toBeVisible();
    await expect.poll(async () => (await item(plants._id)).archivedDate).toBeNull();
    await page.keyboard.press('Escape');

    await pane(page, 'Workspace').getByRole('button', { name: 'Office' }).click();
    await expect(pane(page, 'Office').locator('[data-item-id]')).toHaveText(['Water the plants']);
    await expect(pane(page, 'Home').getByText('This box is empty')).toBeVisible();
  });

  test('an item is moved into a nested box with the box finder', async ({ page }) => {
    const { box, text, item, rootId } = await setUp(page, 'move');
    const projects = await box('Projects');
    const garden = await box('Garden', projects._id);
    const seeds = await text('Order seeds');
    await page.goto('/app');

    await (await openHoverMenu(page, seeds._id)).getByRole('button', { name: 'More options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order seeds' });
    const finder = dialog.locator('[data-box-finder]');
    // At the root: no back button; the item's own box (Workspace) is not offered.
    await expect(finder.locator('[data-finder-current]')).toHaveText('Workspace');
    await expect(finder.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(finder.getByRole('button', { name: 'Move Workspace' })).toHaveCount(0);
    await finder.getByRole('button', { name: 'Show the boxes in Projects' }).click();
    await expect(finder.locator('[data-finder-current]')).toHaveText('Projects');
    await expect(finder.getByRole('button', { name: 'Back' })).toBeVisible();
    await finder.getByRole('button', { name: 'Show the boxes in Garden' }).click();
    await expect(finder.getByText('No boxes here')).toBeVisible();
    await finder.getByRole('button', { name: 'Back' }).click();
    await finder.getByRole('button', { name: 'Move Garden' }).click();

    await expect(dialog).toBeHidden();
    await expect(row(page, seeds._id)).toHaveCount(0);
    expect((await item(seeds._id)).parentItemId).toBe(garden._id);
    expect((await item(garden._id)).parentItemId).toBe(projects._id);
    expect(rootId).not.toBe(garden._id);
  });

  test("the box finder shows the item's own box, to reach the boxes inside it, but does not offer it", async ({
    page,
  }) => {
    const { box, text, item } = await setUp(page, 'move-sibling');
    const home = await box('Home');
    const kitchen = await box('Kitchen renovation', home._id);
    const tap = await text('Fix the dripping tap', home._id);
    await page.goto('/app');
    await pane(page, 'Workspace').getByRole('button', { name: 'Home', exact: true }).click();
    await expect(pane(page, 'Home')).toBeVisible();

    await (await openHoverMenu(page, tap._id)).getByRole('button', { name: 'More options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fix the dripping tap' });
    const finder = dialog.locator('[data-box-finder]');
    const homeRow = finder.locator(`[data-finder-box="${home._id}"]`);
    await expect(homeRow).toContainText('Current box');
    await expect(finder.getByRole('button', { name: 'Move Home' })).toHaveCount(0);
    await finder.getByRole('button', { name: 'Show the boxes in Home' }).click();
    await expect(finder.locator('[data-finder-current]')).toHaveText('Home');
    await expect(finder.locator('[data-finder-current]').locator('..')).toContainText('Current box');
    await finder.getByRole('button', { name: 'Move Kitchen renovation' }).click();

    await expect(dialog).toBeHidden();
    await expect(row(page, tap._id)).toHaveCount(0);
    expect((await item(tap._id)).parentItemId).toBe(kitchen._id);
  });

  test("'Open boxes in the same pane' replaces the pane, and is kept after a reload", async ({ page }) => {
    const { box } = await setUp(page, 'open-in');
    await box('Recipes');
    await page.goto('/app');
    await expect(pane(page, 'Workspace')).toBeVisible();

    await page.getByRole('button', { name: 'Workspace settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Workspace settings' });
    await expect(dialog.getByRole('radio', { name: 'a new pane' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'the same pane (replace)' }).click();
    await expect(dialog.getByRole('radio', { name: 'the same pane (replace)' })).toBeChecked();
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByRole('button', { name: 'Workspace settings' }).click();
    await expect(dialog.getByRole('radio', { name: 'the same pane (replace)' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await pane(page, 'Workspace').getByRole('button', { name: 'Recipes' }).click();
    await expect(pane(page, 'Recipes')).toBeVisible();
    await expect(pane(page, 'Workspace')).toHaveCount(0);
    await expect(page.locator('section[data-pane-id]')).toHaveCount(1);
  });

  test('someone with read-only access may only read, but prioritises for themselves', async ({
    page,
    request,
  }) => {
    const owner = await createLoggedInAccount(request, { label: 'items-lender' });
    const reader = await createLoggedInAccount(request, { label: 'items-reader' });
    const box = await createBox(request, owner.token, 'Recipes');
    const soup = await api<Item>(request, owner.token, 'POST', '/api/items/create-item', {
      parentItemId: box._id,
      itemType: 'todoText',
      title: 'Leek soup',
    });
    await api(request, owner.token, 'PUT', '/api/items/associate-user', {
      itemId: box._id,
      userId: await userIdOf(request, reader.token),
      ownershipId: 'readonly',
    });
    await api(request, reader.token, 'POST', '/api/items/create-pane', { pos: 0, itemId: box._id });
    await putSessionToken(page, reader.token);
    await page.goto('/app');

    // Prioritising is personal (the reader's own Organizer): the only change a reader makes.
    const menu = await openHoverMenu(page, soup._id);
    await expect(menu.getByRole('button')).toHaveCount(2);
    await expect(menu.getByText('Read only')).toBeVisible();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/items/update-item') && response.ok(),
    );
    await menu.getByRole('button', { name: 'Prioritise' }).click();
    await saved;
    const reopened = await openHoverMenu(page, soup._id);
    await reopened.getByRole('button', { name: 'More options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leek soup' });
    await expect(dialog.getByText(/shared with you read-only/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Target Date: / })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Prioritizable' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Prioritizable' })).toBeEnabled();
    // Reminders are personal too: a reader keeps their own.
    await expect(dialog.getByRole('button', { name: 'Add a Reminder' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Archive now' })).toHaveCount(0);
    await expect(dialog.locator('[data-box-finder]')).toHaveCount(0);
  });
});
