import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox as createBoxByApi, pane } from '../support/api.js';
import { holdRequests } from '../support/held-requests.js';
import { expect, expectAccessible, test } from '../support/test.js';

/** The rows of a pane, in order. */
const rows = (page: Page, title: string) => pane(page, title).locator('[data-item-id]');

async function openWorkspace(page: Page, label: string) {
  const { token } = await createLoggedInAccount(page.request, { label });
  await putSessionToken(page, token);
  await page.goto('/app');
  await expect(page.getByText('Select a Box to open.')).toBeVisible();
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  await expect(pane(page, 'Workspace')).toBeVisible();
}

async function createBox(page: Page, inPane: string, title: string) {
  await pane(page, inPane).getByRole('button', { name: 'Insert item' }).click();
  await page.getByRole('menuitem', { name: 'Box' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Box' });
  await dialog.getByRole('textbox', { name: 'Box title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create Box' }).click();
  return dialog;
}

test.describe('the workspace', () => {
  test('an empty workspace invites a first text: it goes to the Inbox, which opens with it', async ({
    page,
  }) => {
    const { token } = await createLoggedInAccount(page.request, { label: 'first-text' });
    await putSessionToken(page, token);
    await page.goto('/app');
    await expect(page.getByText('Select a Box to open.')).toBeVisible();
    await expect(page.getByText(/Nestbox keeps your tasks and notes in boxes/)).toBeVisible();
    await expectAccessible(page, 'an empty workspace');

    // By keyboard: Tab reaches the field, Enter adds the text.
    const field = page.getByRole('textbox', { name: 'Your first text, into your Inbox' });
    await field.focus();
    await page.keyboard.type('Call the landlord');
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/items/quick-capture'));
    await page.keyboard.press('Enter');
    expect((await sent).status()).toBe(201);
    await expect(rows(page, 'Inbox')).toHaveText(['Call the landlord']);
    // The new text is the selection, so the keyboard carries on from it.
    const added = pane(page, 'Inbox').getByRole('listitem', { name: 'Call the landlord', exact: true });
    await expect(added).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Select a Box to open.')).toBeHidden();
  });

  test('"Open a box" in an empty workspace finds a box and opens it, its finder loaded on first use', async ({
    page,
  }) => {
    const { token } = await createLoggedInAccount(page.request, { label: 'open-a-box' });
    await createBoxByApi(page.request, token, 'Garden');
    await putSessionToken(page, token);
    // The finder's code is held: the dialog opens at once, and the finder follows.
    const release = await holdRequests(page, '**/assets/box-finder-*.js');
    await page.goto('/app');
    await page.getByRole('button', { name: 'Open a box' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a box' });
    await expect(dialog).toBeVisible();
    release();
    await dialog.getByRole('button', { name: 'Open Garden' }).click();
    await expect(dialog).toBeHidden();
    await expect(pane(page, 'Garden')).toBeVisible();
  });

  test('while the workspace is on its way, the page keeps its heading', async ({ page }) => {
    const { token } = await createLoggedInAccount(page.request, { label: 'workspace-waits' });
    await putSessionToken(page, token);
    const release = await holdRequests(page, '**/api/items/get-workspace-items');
    await page.goto('/app');
    await expect(page.getByRole('status', { name: 'Loading your Workspace…' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace' })).toBeAttached();
    await expectAccessible(page, 'the workspace on its way');
    release();
    await expect(page.getByText('Select a Box to open.')).toBeVisible();
  });

  test('French, on a phone: the first text goes to the Boîte de réception', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { token } = await createLoggedInAccount(page.request, { label: 'first-text-fr', locale: 'fr' });
    await putSessionToken(page, token);
    await page.goto('/app');
    const field = page.getByRole('textbox', { name: 'Votre premier texte, dans votre Boîte de réception' });
    await field.fill('Appeler le plombier');
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(rows(page, 'Boîte de réception')).toHaveText(['Appeler le plombier']);
  });

  test('boxes, texts typed outliner-style, completing, renaming, archiving and closing panes', async ({
    page,
  }) => {
    await openWorkspace(page, 'workspace');
    const root = pane(page, 'Workspace');
    await expect(root.getByText('This box is empty')).toBeVisible();

    // A reserved title is refused with the SPEC message, then a real box is created.
    const dialog = await createBox(page, 'Workspace', 'Workspace');
    await expect(
      dialog.getByText("You cannot create a Box called 'Workspace' as this name is reserved."),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Box title' }).fill('Groceries');
    await dialog.getByRole('button', { name: 'Create Box' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page, 'Workspace')).toHaveText(['Groceries']);

    // Clicking a box opens it in a new pane, to the right.
    await root.getByRole('button', { name: 'Groceries' }).click();
    const groceries = pane(page, 'Groceries');
    await expect(groceries.getByText('This box is empty')).toBeVisible();
    await expect(page.locator('section[data-pane-id]').nth(1)).toHaveAttribute(
      'data-pane-id',
      (await groceries.getAttribute('data-pane-id')) ?? '',
    );

    // Five texts by keyboard: type, Enter, type, Enter…
    await groceries.getByRole('button', { name: 'Insert item' }).click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    const words = ['Milk', 'Eggs', 'Bread', 'Apples', 'Tea'];
    for (const word of words) {
      const editor = groceries.getByRole('textbox', { name: 'Text' });
      await expect(editor).toBeFocused();
      await expect(editor).toHaveValue('');
      await page.keyboard.type(word);
      await page.keyboard.press('Enter');
    }
    // The empty line that Enter opened after the last one is dropped on Escape.
    await expect(groceries.getByRole('textbox', { name: 'Text' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(rows(page, 'Groceries')).toHaveText(words);

    // The layout, the panes and the order survive a reload.
    await page.reload();
    await expect(pane(page, 'Workspace')).toBeVisible();
    await expect(rows(page, 'Groceries')).toHaveText(words);

    // A completed text leaves the list.
    await groceries.getByRole('checkbox', { name: 'Mark as done' }).nth(1).click();
    await expect(rows(page, 'Groceries')).toHaveText(['Milk', 'Bread', 'Apples', 'Tea']);

    // Rename the box in place: its pane and its row in the Workspace follow.
    await groceries.getByRole('button', { name: 'Groceries' }).click();
    const titleInput = page.getByRole('textbox', { name: 'Box title' });
    await titleInput.fill('Market');
    await titleInput.press('Enter');
    const market = pane(page, 'Market');
    await expect(market).toBeVisible();
    await expect(rows(page, 'Workspace')).toHaveText(['Market']);

    // Archive one text.
    const bread = rows(page, 'Market').filter({ hasText: 'Bread' });
    await bread.hover();
    await bread.getByRole('button', { name: 'Archive item' }).click();
    await expect(rows(page, 'Market')).toHaveText(['Milk', 'Apples', 'Tea']);

    // A pane's width changes from the keyboard and is kept.
    const resizer = page.getByRole('separator', { name: 'Resize pane' }).first();
    await expect(resizer).toHaveAttribute('aria-valuenow', '400');
    await resizer.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(resizer).toHaveAttribute('aria-valuenow', '440');
    await expect.poll(async () => (await pane(page, 'Workspace').boundingBox())?.width).toBe(440);
    await page.waitForLoadState('networkidle');
    await page.reload();
    const kept = page.getByRole('separator', { name: 'Resize pane' }).first();
    await expect(kept).toHaveAttribute('aria-valuenow', '440');
    // Home and End go to the narrowest and widest a pane may be.
    await kept.focus();
    await page.keyboard.press('Home');
    await expect(kept).toHaveAttribute('aria-valuenow', '280');
    await page.keyboard.press('End');
    await expect(kept).toHaveAttribute('aria-valuenow', '960');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(kept).toHaveAttribute('aria-valuenow', '920');

    // Close the box's pane.
    await market.getByRole('button', { name: 'Close pane' }).click();
    await expect(market).toHaveCount(0);
    await expect(page.locator('section[data-pane-id]')).toHaveCount(1);
    await page.reload();
    await expect(pane(page, 'Workspace')).toBeVisible();
    await expect(page.locator('section[data-pane-id]')).toHaveCount(1);
  });

  test('on a 390 px screen a pane takes the width and the page does not scroll sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openWorkspace(page, 'narrow');
    await createBox(page, 'Workspace', 'Travel');
    await pane(page, 'Workspace').getByRole('button', { name: 'Travel' }).click();
    await expect(pane(page, 'Travel')).toBeAttached();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await pane(page, 'Workspace').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(320);
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  });
});
