import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createActivatedAccount, logIn } from '../support/accounts.js';
import { api, createBox, getAs, pane, rankInOrganizer, readItem, rootBoxId } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { expectSelected, signInByKeyboard } from '../support/keyboard.js';
import { expect, test } from '../support/test.js';
import { addTexts, openPanes } from '../support/workspace-setup.js';

/**
 * One working session with the keyboard alone, from the login page on: Ctrl+K to a box,
 * three dated captures, Alt+↓, Ctrl+Enter then Ctrl+Z, Delete then Undo from its notice, and
 * G O to reorder the Organizer with Alt+↑. Each step is checked on the server.
 */

interface ServerItem {
  _id: string;
  title: string;
  parentItemId: string | null;
  completed: boolean;
  archivedDate: number | null;
  priority: number | null;
  priorityTargetDate: number | null;
}

const titlesIn = async (request: APIRequestContext, token: string, boxId: string) =>
  (
    await getAs<{ items: ServerItem[] }>(request, token, `/api/items/get-items-for-pane?itemId=${boxId}`)
  ).items.map((item) => item.title);

const itemOf = (request: APIRequestContext, token: string, itemId: string) =>
  readItem<ServerItem>(request, token, itemId);

const rowIn = (scope: Locator, title: string) => scope.getByRole('listitem', { name: title, exact: true });

/** Presses a key until this row holds the selection (at most `presses` times). */
async function arrowTo(page: Page, row: Locator, key: 'ArrowDown' | 'ArrowRight' | 'ArrowLeft', presses = 6) {
  for (let pressed = 0; pressed < presses; pressed++) {
    if (await row.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press(key);
  }
  await expectSelected(row);
}

test('a session by keyboard alone, each step checked on the server', async ({ page }) => {
  const { request } = page;
  const account = await createActivatedAccount(request, { label: 'keyboard-only' });
  const token = await logIn(request, account);
  const root = await rootBoxId(request, token);
  const errands = await createBox(request, token, 'Errands');
  await addTexts(request, token, errands._id, ['Buy stamps', 'Renew passport', 'Book dentist']);
  const home = await createBox(request, token, 'Home');
  const kitchen = await api<{ _id: string }>(request, token, 'POST', '/api/items/create-item', {
    parentItemId: home._id,
    itemType: 'todoBox',
    title: 'Kitchen shelves',
  });
  const idOf = Object.fromEntries(
    (
      await getAs<{ items: ServerItem[] }>(
        request,
        token,
        `/api/items/get-items-for-pane?itemId=${errands._id}`,
      )
    ).items.map((item) => [item.title, item._id]),
  );
  // Two of the errands ranked in the Organizer, in this order.
  await rankInOrganizer(request, token, [idOf['Renew passport'] ?? '', idOf['Book dentist'] ?? '']);
  await openPanes(request, token, [root, errands._id]);

  await signInByKeyboard(page, account);
  await expect(rowIn(pane(page, 'Errands'), 'Book dentist')).toBeVisible();

  // Ctrl+K to a box deep in the tree, by two words out of order.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('shelves kitch');
  const found = palette.getByRole('option', { name: /Kitchen shelves/ });
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(found).toContainText('Home');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(pane(page, 'Kitchen shelves')).toBeVisible();
  // The focus went into the box opened: its pane is empty, so to the pane's "Add a text".
  const addText = pane(page, 'Kitchen shelves').getByRole('button', { name: 'Add a text' });
  await expect(addText).toBeFocused();
  await expect
    .poll(async () => {
      const workspace = await getAs<{ panesIndex: string[]; panes: Record<string, { itemId: string }> }>(
        request,
        token,
        '/api/items/get-workspace-items',
      );
      return workspace.panesIndex.map((paneId) => workspace.panes[paneId]?.itemId);
    })
    .toContain(kitchen._id);

  // Three captures with dates, saved with Enter into the Inbox.
  await page.keyboard.press('q');
  const capture = page.getByRole('dialog', { name: 'Quick capture' });
  const field = capture.getByRole('combobox', { name: 'What to capture' });
  await expect(field).toBeFocused();
  const captured: ServerItem[] = [];
  for (const typed of ['Buy bulbs tomorrow 9am', 'Call the plumber in 3 days', 'Pay the rent next Friday']) {
    await field.pressSequentially(typed);
    await expect(field).toHaveAccessibleDescription(/Date: /);
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/items/quick-capture') && response.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    const response = await created;
    expect(response.status()).toBe(201);
    captured.push((await response.json()) as ServerItem);
    await expect(field).toHaveValue('');
  }
  await page.keyboard.press('Escape');
  await expect(capture).toBeHidden();
  for (const [index, title] of ['Buy bulbs', 'Call the plumber', 'Pay the rent'].entries()) {
    const item = await itemOf(request, token, captured[index]?._id ?? '');
    expect(item.title).toBe(title);
    expect(item.priorityTargetDate).toBeGreaterThan(await serverNow(request));
    const inbox = await itemOf(request, token, item.parentItemId ?? '');
    expect(inbox.title).toBe('Inbox');
  }

  // Back in the Kitchen shelves pane after the capture; ← into the Errands pane beside it.
  // Alt+↓ moves the first errand down one.
  const errandsPane = pane(page, 'Errands');
  await expect(addText).toBeFocused();
  await arrowTo(page, rowIn(errandsPane, 'Buy stamps'), 'ArrowLeft');
  await page.keyboard.press('Alt+ArrowDown');
  await expect
    .poll(() => titlesIn(request, token, errands._id))
    .toEqual(['Renew passport', 'Buy stamps', 'Book dentist']);
  await expectSelected(rowIn(errandsPane, 'Buy stamps'));

  // Ctrl+Enter marks it done; Ctrl+Z brings it back, at its place.
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(async () => (await itemOf(request, token, idOf['Buy stamps'] ?? '')).completed)
    .toBe(true);
  await expect(rowIn(errandsPane, 'Buy stamps')).toHaveCount(0);
  // Ctrl+Z undoes what this tab was offered to undo: the offer comes with the server's answer,
  // which the row's going (at once, before it) does not wait for.
  await expect(page.getByText('Marked as done.')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Undone.')).toBeVisible();
  await expect
    .poll(async () => (await itemOf(request, token, idOf['Buy stamps'] ?? '')).completed)
    .toBe(false);
  await expect(errandsPane.locator('[data-item-id]')).toHaveText([
    'Renew passport',
    'Buy stamps',
    'Book dentist',
  ]);

  // Delete archives the selected errand; the notice's Undo, reached by keyboard, restores it.
  await arrowTo(page, rowIn(errandsPane, 'Book dentist'), 'ArrowDown');
  await page.keyboard.press('Delete');
  await expect
    .poll(async () => (await itemOf(request, token, idOf['Book dentist'] ?? '')).archivedDate)
    .not.toBeNull();
  const undo = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Undo' });
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await itemOf(request, token, idOf['Book dentist'] ?? '')).archivedDate)
    .toBeNull();
  await expect(rowIn(errandsPane, 'Book dentist')).toBeVisible();
  expect(await titlesIn(request, token, errands._id)).toEqual([
    'Renew passport',
    'Buy stamps',
    'Book dentist',
  ]);

  // G O to the Organizer; Alt+↑ puts the second ranked errand first.
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/app\/organiser$/);
  const ranked = page.getByRole('group', { name: 'Prioritized', exact: true });
  const rankedRow = (title: string) => ranked.getByRole('group', { name: title, exact: true });
  await expect(rankedRow('Book dentist')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await arrowTo(page, rankedRow('Book dentist'), 'ArrowDown');
  await page.keyboard.press('Alt+ArrowUp');
  const priorityOf = async (title: string) => (await itemOf(request, token, idOf[title] ?? '')).priority ?? 0;
  await expect
    .poll(async () => (await priorityOf('Book dentist')) < (await priorityOf('Renew passport')))
    .toBe(true);
  await expectSelected(rankedRow('Book dentist'));
});
