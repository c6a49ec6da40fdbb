import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, getAs, pane, rankInOrganizer, readItem, userIdOf } from '../support/api.js';
import { expectSelected } from '../support/keyboard.js';
import { expect, test } from '../support/test.js';
import { addTexts, workspaceWith } from '../support/workspace-setup.js';

/**
 * Keyboard shortcuts, from the keyboard alone once signed in: rows selected with the arrows
 * and acted on with keys (each change checked on the server), G then O, the Organizer's
 * priorities, the guard that leaves typing alone, the setting that turns them off, and the
 * help in the person's language.
 */

interface ServerItem {
  _id: string;
  title: string;
  completed: boolean;
  archivedDate: number | null;
  favourited: boolean;
  prioritizable: boolean;
  priority: number | null;
  markedAsForToday: boolean;
}

/** A box's visible sub-items in their order, as the server holds them now. */
const itemsOf = (request: APIRequestContext, token: string, boxId: string) =>
  getAs<{ items: ServerItem[] }>(request, token, `/api/items/get-items-for-pane?itemId=${boxId}`).then(
    ({ items }) => items,
  );

const itemOf = (request: APIRequestContext, token: string, itemId: string) =>
  readItem<ServerItem>(request, token, itemId);

/** A pane's row, by its item's title (the row is named after it). */
const rowIn = (scope: Locator, title: string) => scope.getByRole('listitem', { name: title, exact: true });

/** Tabs through the page until a row of a list takes the focus. */
async function tabToRows(page: Page) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.hasAttribute('data-selectable-row'))) return;
  }
  throw new Error('no row took the focus');
}

test('in a pane: arrows select, Alt+↓ moves, Ctrl+Enter completes, Delete archives, F stars', async ({
  page,
}) => {
  const { token, ids } = await workspaceWith(page, 'keys-panes', {
    Errands: ['Buy stamps', 'Renew passport', 'Book dentist', 'Water the plants'],
  });
  const errandsId = ids.Errands ?? '';
  const idOf = Object.fromEntries(
    (await itemsOf(page.request, token, errandsId)).map((item) => [item.title, item._id]),
  );
  await page.goto('/app/boxes');
  const errands = pane(page, 'Errands');
  await expect(rowIn(errands, 'Water the plants')).toBeVisible();

  // ↓ with the focus on nothing goes into the first pane; → to the pane beside it.
  await page.keyboard.press('ArrowDown');
  await expectSelected(rowIn(pane(page, 'Workspace'), 'Errands'));
  await page.keyboard.press('ArrowRight');
  await expectSelected(rowIn(errands, 'Buy stamps'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expectSelected(rowIn(errands, 'Book dentist'));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expectSelected(rowIn(errands, 'Buy stamps'));
  await expect(errands.locator('[aria-current="true"]')).toHaveCount(1);

  // Alt+↓ moves the row below its neighbour; the selection goes with it.
  await page.keyboard.press('Alt+ArrowDown');
  await expect
    .poll(async () => (await itemsOf(page.request, token, errandsId)).map((item) => item.title))
    .toEqual(['Renew passport', 'Buy stamps', 'Book dentist', 'Water the plants']);
  await expect(errands.locator('[data-item-id]')).toHaveText([
    'Renew passport',
    'Buy stamps',
    'Book dentist',
    'Water the plants',
  ]);
  await expectSelected(rowIn(errands, 'Buy stamps'));

  // Ctrl+Enter completes it: it leaves the pane, and the row in its place is selected.
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(async () => (await itemOf(page.request, token, idOf['Buy stamps'] ?? '')).completed)
    .toBe(true);
  await expect(rowIn(errands, 'Buy stamps')).toHaveCount(0);
  await expectSelected(rowIn(errands, 'Book dentist'));

  // Delete archives it, with the usual notice.
  await page.keyboard.press('Delete');
  await expect(page.getByText('Item archived.')).toBeVisible();
  await expect
    .poll(async () => (await itemOf(page.request, token, idOf['Book dentist'] ?? '')).archivedDate)
    .not.toBeNull();
  await expectSelected(rowIn(errands, 'Water the plants'));

  // F stars it.
  await page.keyboard.press('f');
  await expect(page.getByText('“Water the plants” added to your favourites.')).toBeVisible();
  await expect
    .poll(async () => (await itemOf(page.request, token, idOf['Water the plants'] ?? '')).favourited)
    .toBe(true);

  // Enter edits the text in place; Enter saves it.
  await page.keyboard.press('ArrowUp');
  await expectSelected(rowIn(errands, 'Renew passport'));
  await page.keyboard.press('Enter');
  const editor = errands.getByRole('textbox', { name: 'Text', exact: true }).first();
  await expect(editor).toBeFocused();
  await page.keyboard.type(' online');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await itemOf(page.request, token, idOf['Renew passport'] ?? '')).title)
    .toBe('Renew passport online');
  // Enter opened a new line below, as in an outliner; Escape leaves it.
  await page.keyboard.press('Escape');
  await expect(errands.getByRole('textbox')).toHaveCount(0);

  // Esc clears the selection.
  await tabToRows(page);
  await expect(page.locator('[aria-current="true"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('[aria-current="true"]')).toHaveCount(0);
});

test('a box row: Enter renames it, Alt+→ opens it in the next pane; a read-only item only says so', async ({
  page,
}) => {
  const { token: ownerToken } = await createLoggedInAccount(page.request, { label: 'keys-owner' });
  const { token, root, ids } = await workspaceWith(page, 'keys-boxes', { Garden: ['Mow the lawn'] });
  const gardenId = ids.Garden ?? '';
  // A box shared with this person, read only.
  const shared = await createBox(page.request, ownerToken, 'Club notices');
  await addTexts(page.request, ownerToken, shared._id, ['Meeting on Friday']);
  await api(page.request, ownerToken, 'PUT', '/api/items/associate-user', {
    itemId: shared._id,
    userId: await userIdOf(page.request, token),
    ownershipId: 'readonly',
  });
  await page.goto('/app/boxes');
  const workspace = pane(page, 'Workspace');
  await expect(rowIn(workspace, 'Garden')).toBeVisible();
  await expect(rowIn(workspace, 'Club notices')).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expectSelected(rowIn(workspace, 'Garden'));
  await page.keyboard.press('Enter');
  const title = workspace.getByRole('textbox', { name: 'Box title' });
  await expect(title).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' and orchard');
  await page.keyboard.press('Enter');
  await expect(rowIn(workspace, 'Garden and orchard')).toBeFocused();
  const titles = async () => (await itemsOf(page.request, token, root)).map((item) => item.title);
  await expect.poll(titles).toContain('Garden and orchard');

  // Alt+→ opens the box in the pane after this one (it was open further along already).
  await expect(pane(page, 'Garden and orchard')).toHaveCount(1);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(pane(page, 'Garden and orchard')).toHaveCount(2);
  const layout = await getAs<{ panesIndex: string[]; panes: Record<string, { itemId: string }> }>(
    page.request,
    token,
    '/api/items/get-workspace-items',
  );
  expect(layout.panesIndex.map((paneId) => layout.panes[paneId]?.itemId)).toEqual([root, gardenId, gardenId]);
  await expect(rowIn(workspace, 'Garden and orchard')).toBeFocused();

  // The read-only box (shared with this person): Delete only says it cannot.
  const readonlyRow = rowIn(workspace, 'Club notices');
  for (
    let presses = 0;
    presses < 3 && !(await readonlyRow.evaluate((row) => row === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expectSelected(readonlyRow);
  await page.keyboard.press('Delete');
  await expect(page.getByText('This item is read only.')).toBeVisible();
  expect((await itemOf(page.request, token, shared._id)).archivedDate).toBeNull();
  await expect(rowIn(workspace, 'Club notices')).toBeVisible();
});

test('T and S open Item settings at the target date and at sharing, focused; P prioritises', async ({
  page,
}) => {
  const { token } = await workspaceWith(page, 'keys-settings', { Holiday: ['Book the ferry'] });
  await page.goto('/app/boxes');
  const holiday = pane(page, 'Holiday');
  const ferry = rowIn(holiday, 'Book the ferry');
  await expect(ferry).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expectSelected(ferry);
  const ferryId = (await ferry.getAttribute('data-selectable-row')) ?? '';

  await page.keyboard.press('t');
  const settings = page.getByRole('dialog', { name: 'Book the ferry' });
  await expect(settings.getByRole('button', { name: /^Target Date/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  // The focus comes back to the row, so the keys go on.
  await expectSelected(ferry);

  await page.keyboard.press('s');
  await expect(settings.getByLabel('Share with')).toBeFocused();
  // The person search takes the first Escape (its list of names); the next one closes.
  await page.keyboard.press('Escape');
  if (await settings.isVisible()) await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expectSelected(ferry);

  await page.keyboard.press('p');
  await expect(page.getByText('“Book the ferry” is in your Organiser now.')).toBeVisible();
  await expect.poll(async () => (await itemOf(page.request, token, ferryId)).prioritizable).toBe(true);
});

test('in the Organizer, Ctrl+Enter marks an item done (Ctrl+Z takes it back) and Delete archives one', async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'keys-organizer-done' });
  const box = await createBox(page.request, token, 'Chores');
  await addTexts(page.request, token, box._id, ['Sweep the yard', 'Clean the gutters', 'Oil the gate']);
  const items = await itemsOf(page.request, token, box._id);
  const idOf = Object.fromEntries(items.map((item) => [item.title, item._id]));
  await rankInOrganizer(
    page.request,
    token,
    items.map((item) => item._id),
  );
  await putSessionToken(page, token);
  await page.goto('/app/organiser');
  const ranked = page.getByRole('group', { name: 'Prioritized', exact: true });
  const row = (title: string) => ranked.getByRole('group', { name: title, exact: true });
  await expect(row('Oil the gate')).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expectSelected(row('Sweep the yard'));
  await page.keyboard.press('Control+Enter');
  await expect(row('Sweep the yard')).toHaveCount(0);
  await expectSelected(row('Clean the gutters'));
  await expect
    .poll(async () => (await itemOf(page.request, token, idOf['Sweep the yard'] ?? '')).completed)
    .toBe(true);

  // The completion offers Undo, and Ctrl+Z takes it back: the item returns to its place.
  await expect(page.getByText('Marked as done.')).toBeVisible();
  const undone = page.waitForResponse((r) => r.url().includes('/api/undo/undo-action'));
  await page.keyboard.press('Control+z');
  expect((await undone).status()).toBe(200);
  await expect(page.getByText('Undone.')).toBeVisible();
  await expect(row('Sweep the yard')).toBeVisible();
  expect((await itemOf(page.request, token, idOf['Sweep the yard'] ?? '')).completed).toBe(false);
  await expectSelected(row('Clean the gutters'));

  await page.keyboard.press('Delete');
  await expect(page.getByText('Item archived.')).toBeVisible();
  await expect(row('Clean the gutters')).toHaveCount(0);
  await expectSelected(row('Oil the gate'));
  await expect
    .poll(async () => (await itemOf(page.request, token, idOf['Clean the gutters'] ?? '')).archivedDate)
    .not.toBeNull();
  // Read again from the server, the lists agree.
  await page.reload();
  await expect(row('Oil the gate')).toBeVisible();
  await expect(ranked.locator('[data-item-row]')).toHaveCount(2);
});

test('G then O goes to the Organizer, where Alt+↑ reorders priorities and Ctrl+T pins to Today', async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'keys-organizer' });
  const box = await createBox(page.request, token, 'Errands');
  await addTexts(page.request, token, box._id, [
    'Buy stamps',
    'Renew passport',
    'Book dentist',
    'Post the letter',
  ]);
  const items = await itemsOf(page.request, token, box._id);
  const idOf = Object.fromEntries(items.map((item) => [item.title, item._id]));
  // Ranked in Undated, in the order they were written; the last one waits unranked.
  const unranked = items.at(-1);
  await rankInOrganizer(
    page.request,
    token,
    items.slice(0, -1).map((item) => item._id),
  );
  await api(page.request, token, 'PUT', '/api/items/update-item', {
    itemId: unranked?._id,
    prioritizable: true,
  });
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  await expect(page.getByRole('button', { name: 'Open a box' })).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/app\/organiser$/);
  const ranked = page.getByRole('group', { name: 'Prioritized', exact: true });
  const row = (title: string) => ranked.getByRole('group', { name: title, exact: true });
  await expect(row('Book dentist')).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expectSelected(row('Buy stamps'));
  await page.keyboard.press('ArrowDown');
  await expectSelected(row('Renew passport'));

  // Alt+↑: above Buy stamps, by its priority on the server.
  await page.keyboard.press('Alt+ArrowUp');
  const priorityOf = async (title: string) =>
    (await itemOf(page.request, token, idOf[title] ?? '')).priority ?? 0;
  await expect
    .poll(async () => (await priorityOf('Renew passport')) < (await priorityOf('Buy stamps')))
    .toBe(true);
  await expectSelected(row('Renew passport'));

  // Ctrl+T pins it to Today, and the page says the key is used (its default prevented). The
  // default is the browser's: Chromium still opens a tab for it (see docs/guide.md, "Keyboard").
  await page.evaluate(() => {
    window.addEventListener('keydown', (event) => {
      if (event.ctrlKey && event.key.toLowerCase() === 't')
        document.body.dataset.ctrlT = String(event.defaultPrevented);
    });
  });
  await page.keyboard.press('Control+t');
  await expect(page.locator('body')).toHaveAttribute('data-ctrl-t', 'true');
  await expect
    .poll(async () => (await itemOf(page.request, token, idOf['Renew passport'] ?? '')).markedAsForToday)
    .toBe(true);
  await expect(row('Renew passport')).toHaveAttribute('data-group', 'today');
  await expectSelected(row('Renew passport'));

  // → goes to the Unprioritized list; Ctrl+T there ranks the item at the end of Today, and
  // the selection follows it into the Prioritized list.
  const waiting = page.getByRole('group', { name: 'Unprioritized', exact: true });
  await page.keyboard.press('ArrowRight');
  await expectSelected(waiting.getByRole('group', { name: 'Post the letter', exact: true }));
  await page.keyboard.press('Control+t');
  await expect(row('Post the letter')).toHaveAttribute('data-group', 'today');
  await expectSelected(row('Post the letter'));
  const letter = await itemOf(page.request, token, idOf['Post the letter'] ?? '');
  expect(letter.markedAsForToday).toBe(true);
  expect(letter.priority ?? 0).toBeGreaterThan(await priorityOf('Renew passport'));
  await page.keyboard.press('ArrowUp');
  await expectSelected(row('Renew passport'));

  // G then W goes back.
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/\/app\/boxes$/);
});

test('keys typed in a field stay typing: g o writes “go”', async ({ page }) => {
  await workspaceWith(page, 'keys-typing', { Notes: ['Call the plumber'] });
  await page.goto('/app/boxes');
  const notes = pane(page, 'Notes');
  await expect(rowIn(notes, 'Call the plumber')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expectSelected(rowIn(notes, 'Call the plumber'));
  await page.keyboard.press('Enter');
  const editor = notes.getByRole('textbox', { name: 'Text', exact: true });
  await expect(editor).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' g o ?');
  await expect(editor).toHaveValue('Call the plumber g o ?');
  await expect(page).toHaveURL(/\/app\/boxes$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(rowIn(notes, 'Call the plumber')).toBeFocused();
});

test('turned off in Customizations, the shortcuts stop', async ({ page }) => {
  const { token } = await workspaceWith(page, 'keys-off', { Notes: ['Call the plumber'] });
  await page.goto('/app/boxes');
  await expect(rowIn(pane(page, 'Notes'), 'Call the plumber')).toBeVisible();

  await page.getByRole('button', { name: 'Application Settings' }).press('Enter');
  const settings = page.getByRole('dialog', { name: 'Application Settings' });
  await settings.getByRole('tab', { name: 'Customizations' }).press('Enter');
  const toggle = settings.getByRole('switch', { name: 'Keyboard shortcuts' });
  await expect(toggle).toBeChecked();
  const saved = page.waitForResponse('**/api/admin/users/update-customizations');
  await toggle.press('Space');
  expect((await saved).ok()).toBe(true);
  await expect(toggle).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  const me = await getAs<{ customizations: { shortcutsEnabled: boolean } }>(
    page.request,
    token,
    '/api/admin/users/get-user',
  );
  expect(me.customizations.shortcutsEnabled).toBe(false);

  // Rows are no longer a Tab stop, and no key selects or goes anywhere.
  await expect(page.locator('[data-selectable-row][tabindex]')).toHaveCount(0);
  await page.locator('body').press('ArrowDown');
  await expect(page.locator('[aria-current="true"]')).toHaveCount(0);
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await page.keyboard.press('?');
  await expect(page).toHaveURL(/\/app\/boxes$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('? shows every shortcut, by group, in French for a French user', async ({ page }) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'keys-fr', locale: 'fr' });
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  await expect(page.getByRole('button', { name: 'Paramètres de l’application' })).toBeVisible();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Raccourcis clavier' });
  await expect(help).toBeVisible();
  for (const group of ['Partout', 'Volets', 'Organiseur']) {
    await expect(help.getByRole('heading', { name: group, level: 3 })).toBeVisible();
  }
  const everywhere = help.getByRole('region', { name: 'Partout' });
  await expect(everywhere.getByRole('definition')).toContainText([
    'Ouvrir la palette de commandes',
    'Noter un nouvel élément',
    'Annuler la dernière modification',
    'Aller à l’espace de travail',
    'Aller à l’Organiseur',
  ]);
  const goToOrganiser = everywhere.getByRole('term').nth(4);
  await expect(goToOrganiser).toHaveText('GpuisO');
  await expect(everywhere.getByRole('term').first()).toHaveText('Ctrl+K');
  await expect(help.getByRole('region', { name: 'Volets' })).toContainText('Suppr');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // The header's button opens it too.
  await page.getByRole('button', { name: 'Raccourcis clavier' }).press('Enter');
  await expect(help).toBeVisible();
});
