import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, pane, rootBoxId } from '../support/api.js';
import { nextRevealed } from '../support/reveal.js';
import { expect, test } from '../support/test.js';
import { addTexts, openPanes } from '../support/workspace-setup.js';

/**
 * The command palette, with the keyboard only: Ctrl+K from any signed-in page, the server's
 * fuzzy finder behind it (words in any order, accents aside), Enter and Shift+Enter to open
 * what it finds, its commands, and its French.
 */

interface Workspace {
  panes: Record<string, { type: string; itemId: string | null }>;
  panesIndex: string[];
}

const dialog = (page: Page, name = 'Search and commands') => page.getByRole('dialog', { name });
/** The palette's field (its name follows what it asks for); the page may have comboboxes of its own. */
const field = (page: Page) => page.getByRole('dialog').getByRole('combobox');
const option = (page: Page, name: string | RegExp) => page.getByRole('option', { name });

/** The boxes open in the person's panes, left to right, as the server keeps them. */
async function serverPanes(request: APIRequestContext, token: string): Promise<(string | null)[]> {
  const response = await request.get('/api/items/get-workspace-items', {
    headers: { authorization: `Bearer ${token}` },
  });
  const workspace = (await response.json()) as Workspace;
  return workspace.panesIndex.map((paneId) => workspace.panes[paneId]?.itemId ?? null);
}

async function box(request: APIRequestContext, token: string, parentItemId: string, title: string) {
  const created = await api<{ _id: string }>(request, token, 'POST', '/api/items/create-item', {
    parentItemId,
    itemType: 'todoBox',
    title,
  });
  return created._id;
}

/** Opens the palette with Ctrl+K and types, as a person does. */
async function find(page: Page, typed: string) {
  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible();
  await expect(field(page)).toBeFocused();
  await page.keyboard.type(typed);
}

/** Moves the palette's choice with the arrow keys onto this option. */
async function choose(page: Page, wanted: Locator) {
  await expect(wanted).toBeVisible();
  for (let step = 0; step < 40; step++) {
    if ((await wanted.getAttribute('aria-selected')) === 'true') return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(wanted).toHaveAttribute('aria-selected', 'true');
}

/**
 * A pane found by its box's title, held by its id: a heading's name changes while its
 * title's tooltip shows, but the pane stays the same.
 */
async function paneById(page: Page, title: string): Promise<Locator> {
  const paneId = await pane(page, title).getAttribute('data-pane-id');
  return page.locator(`section[data-pane-id="${paneId}"]`);
}

/** Tabs until the focus is inside `scope`. */
async function tabInto(page: Page, scope: Locator) {
  for (let step = 0; step < 200; step++) {
    if (await scope.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the focus never reached it');
}

test.describe('command palette', () => {
  /** A person whose Workspace holds Home › Kitchen › Épices de cuisine (two texts), with the Workspace open. */
  async function nestedBoxes(page: Page, label: string) {
    const { request } = page;
    const { token } = await createLoggedInAccount(request, { label });
    const root = await rootBoxId(request, token);
    const home = await box(request, token, root, 'Home');
    const kitchen = await box(request, token, home, 'Kitchen');
    const spices = await box(request, token, kitchen, 'Épices de cuisine');
    await addTexts(request, token, spices, ['Paprika', 'Cumin']);
    await openPanes(request, token, [root]);
    await putSessionToken(page, token);
    return { token, root, spices };
  }

  test('finds a nested box by its words in any order and without accents; Enter and Shift+Enter open it', async ({
    page,
  }) => {
    const { token, root, spices } = await nestedBoxes(page, 'palette-box');
    await page.goto('/app/boxes');
    await expect(pane(page, 'Workspace')).toBeVisible();

    // Typed at once and Enter, before the palette's code has even loaded: the best match
    // for what is typed opens in a pane (its words swapped, its accent left out).
    await page.keyboard.press('Control+k');
    await page.keyboard.type('cuisine epic');
    await page.keyboard.press('Enter');
    await expect(pane(page, 'Épices de cuisine')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect.poll(() => serverPanes(page.request, token)).toEqual([root, spices]);

    // Nothing typed: the recent items, then the commands.
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Recent' }).getByRole('option').first()).toBeVisible();
    await expect(option(page, /^Go to Organiser/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // Each line shows the boxes above it; Enter on a box already open brings its pane into view.
    await find(page, 'cuisine epic');
    const spicesOption = option(page, /^Box: Épices de cuisine/);
    await expect(spicesOption).toContainText('Home › Kitchen');
    await choose(page, spicesOption);
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await expect.poll(() => serverPanes(page.request, token)).toEqual([root, spices]);

    // Shift+Enter: a new pane, even for a box already open.
    await find(page, 'epices');
    await page.keyboard.press('Shift+Enter');
    await expect(pane(page, 'Épices de cuisine')).toHaveCount(2);
    await expect.poll(() => serverPanes(page.request, token)).toEqual([root, spices, spices]);

    // Nothing matches: said plainly.
    await find(page, 'zebra crossing');
    await expect(page.getByRole('status').getByText('Nothing matches “zebra crossing”')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // The finder failing: a line in the list says so; the commands still answer.
    await page.route(/\/api\/items\/find-items\?/, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'error.server', message: 'Boom' } } }),
    );
    await find(page, 'organi');
    await expect(
      page.getByRole('status').getByText('The search could not be run. Try again in a moment.'),
    ).toBeVisible();
    await expect(option(page, /^Go to Organiser/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('opens a text in its box, scrolled to it and marked, from the workspace and from the Organiser', async ({
    page,
  }) => {
    const { request } = page;
    const { token, root } = await nestedBoxes(page, 'palette-text');
    const chores = await box(request, token, root, 'Chores');
    await addTexts(request, token, chores, [
      ...Array.from({ length: 40 }, (_, index) => `Errand ${index + 1}`),
      'Oat milk',
    ]);
    await page.goto('/app/boxes');
    await expect(pane(page, 'Workspace')).toBeVisible();

    await find(page, 'oat milk');
    await choose(page, option(page, /^Text: Oat milk/));
    const oatMilk = nextRevealed(page);
    await page.keyboard.press('Enter');
    expect((await oatMilk).title).toBe('Oat milk');
    await expect(
      pane(page, 'Chores').locator('[data-item-id]').filter({ hasText: 'Oat milk' }),
    ).toBeInViewport();
    await expect.poll(() => serverPanes(request, token)).toEqual([root, chores]);

    // A command: go to the Organiser; from there, what is found opens on the workspace page.
    await find(page, 'organi');
    await choose(page, option(page, /^Go to Organiser/));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/organiser$/);
    await find(page, 'paprika');
    await choose(page, option(page, /^Text: Paprika/));
    const paprika = nextRevealed(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/boxes$/);
    expect((await paprika).title).toBe('Paprika');
    await expect(pane(page, 'Épices de cuisine')).toBeVisible();
  });

  test('adds a text to the pane at hand; what needs a selection says so', async ({ page }) => {
    const { request } = page;
    const { token } = await createLoggedInAccount(request, { label: 'palette-here' });
    const chores = await box(request, token, await rootBoxId(request, token), 'Chores');
    await addTexts(request, token, chores, ['Sweep']);
    await openPanes(request, token, [chores]);
    await putSessionToken(page, token);
    await page.goto('/app/boxes');
    await expect(pane(page, 'Chores')).toBeVisible();

    // Not in a pane yet: nothing is "here".
    await find(page, 'new text');
    await expect(option(page, /^New text here/)).toHaveAttribute('aria-disabled', 'true');
    await expect(option(page, /^New text here/)).toContainText('Go to a box pane first');
    await page.keyboard.press('Escape');

    // In the pane, "New text here" opens a new line there.
    await tabInto(page, await paneById(page, 'Chores'));
    await find(page, 'new text');
    await choose(page, option(page, /^New text here/));
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    const saved = page.waitForResponse((r) => r.url().includes('/api/items/create-item'));
    await page.keyboard.type('Buy pepper');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(201);
    await expect(pane(page, 'Chores').getByText('Buy pepper')).toBeVisible();
    // Escape leaves the next line for the row above it, selected; Escape again clears the selection.
    await page.keyboard.press('Escape');
    await expect(pane(page, 'Chores').locator('[aria-current="true"]')).toHaveText('Buy pepper');
    await page.keyboard.press('Escape');
    await expect(pane(page, 'Chores').locator('[aria-current="true"]')).toHaveCount(0);

    await find(page, 'move');
    const move = option(page, /^Move the selected item to…/);
    await expect(move).toHaveAttribute('aria-disabled', 'true');
    await expect(move).toContainText('Select an item in a pane or the Organiser first');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // In the Organizer the pane worked in is off screen: its owner is told to go back to a
    // pane, never that the box is read-only.
    await find(page, 'organi');
    await choose(page, option(page, /^Go to Organiser/));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/organiser$/);
    await find(page, 'new box');
    await expect(option(page, /^New box here/)).toHaveAttribute('aria-disabled', 'true');
    await expect(option(page, /^New box here/)).toContainText('Go to a box pane first');
    await expect(option(page, /^New box here/)).not.toContainText('You can only read this box');
    await page.keyboard.press('Escape');
  });

  test('searches only inside the box at hand, until the limit is lifted', async ({ page }) => {
    const { request } = page;
    const { token } = await createLoggedInAccount(request, { label: 'palette-search-here' });
    const root = await rootBoxId(request, token);
    const pantry = await box(request, token, root, 'Pantry');
    const shelf = await box(request, token, pantry, 'Top shelf');
    await addTexts(request, token, shelf, ['Rice noodles']);
    await addTexts(request, token, root, ['Rice cooker manual']);
    await openPanes(request, token, [pantry]);
    await putSessionToken(page, token);
    await page.goto('/app/boxes');
    await expect(pane(page, 'Pantry')).toBeVisible();

    await tabInto(page, await paneById(page, 'Pantry'));
    await find(page, 'search in');
    await choose(page, option(page, /^Search in this box/));
    const opened = page.waitForResponse((r) => r.url().includes('/api/items/create-search-pane'));
    await page.keyboard.press('Enter');
    expect((await opened).status()).toBe(200);
    const searchPane = page.locator('section[data-pane-type="search"]');
    await expect(searchPane.getByText('Only in “Pantry”')).toBeVisible();
    await expect(searchPane.getByRole('textbox', { name: 'Search titles' })).toBeFocused();

    const searched = page.waitForResponse((r) => r.url().includes('/api/items/search-items'));
    await page.keyboard.type('rice');
    expect(((await (await searched).request().postDataJSON()) as { withinBoxId: string }).withinBoxId).toBe(
      pantry,
    );
    const results = searchPane.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button')).toHaveText([/Rice noodles/]);

    // The limit is kept with the pane, and lifting it searches everywhere again.
    const saved = await request.get('/api/items/get-workspace-items', {
      headers: { authorization: `Bearer ${token}` },
    });
    const workspace = (await saved.json()) as {
      panes: Record<string, { type: string; search: { withinBoxId: string | null } | null }>;
    };
    expect(Object.values(workspace.panes).find((one) => one.type === 'search')?.search?.withinBoxId).toBe(
      pantry,
    );
    await searchPane.getByRole('button', { name: 'Search everywhere instead' }).click();
    await expect(searchPane.getByText('Only in “Pantry”')).toBeHidden();
    await expect(results.getByRole('button')).toHaveText([/Rice cooker manual/, /Rice noodles/]);
  });

  test('moves the selected item with the box finder inside the palette', async ({ page }) => {
    const { request } = page;
    const { token } = await createLoggedInAccount(request, { label: 'palette-move' });
    const root = await rootBoxId(request, token);
    const inbox = await box(request, token, root, 'Inbox');
    const garden = await box(request, token, root, 'Garden tools');
    await addTexts(request, token, inbox, ['Sharpen the shears']);
    await openPanes(request, token, [inbox]);
    await putSessionToken(page, token);
    await page.goto('/app/boxes');
    const row = pane(page, 'Inbox').locator('[data-item-id]').filter({ hasText: 'Sharpen the shears' });
    await expect(row).toBeVisible();
    const itemId = (await row.getAttribute('data-item-id')) ?? '';

    // The selection is the panes' to set: with the focus on nothing, ↓ selects the first row.
    await page.keyboard.press('ArrowDown');
    const selectedRow = pane(page, 'Inbox').locator('[aria-current="true"]');
    await expect(selectedRow).toContainText('Sharpen the shears');

    await find(page, 'move sel');
    await choose(page, option(page, /^Move the selected item to…/));
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(field(page)).toHaveAttribute('placeholder', 'Move “Sharpen the shears” to… type a box name');
    // Escape goes back to the commands, the palette still open.
    await page.keyboard.type('gar');
    await page.keyboard.press('Escape');
    await expect(field(page)).toHaveAttribute('placeholder', 'Search boxes and texts, or type a command…');
    await expect(field(page)).toHaveValue('');
    await page.keyboard.type('move sel');
    await choose(page, option(page, /^Move the selected item to…/));
    await page.keyboard.press('Enter');
    await expect(field(page)).toHaveAttribute('placeholder', 'Move “Sharpen the shears” to… type a box name');
    await page.keyboard.type('garden');
    await choose(page, option(page, /^Box: Garden tools/));
    const moved = page.waitForResponse((r) => r.url().includes('/api/items/move-to-new-parent'));
    await page.keyboard.press('Enter');
    expect((await moved).status()).toBe(200);
    // One notice says where it went, and offers Undo.
    const notice = page.getByRole('alert').filter({ hasText: 'Moved to “Garden tools”.' });
    await expect(notice.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Item moved.' })).toHaveCount(0);
    const item = await request.get(`/api/items/get-item?itemId=${itemId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await item.json()) as { parentItemId: string }).parentItemId).toBe(garden);
  });

  test('speaks French to a French user', async ({ page }) => {
    const { request } = page;
    const { token } = await createLoggedInAccount(request, { label: 'palette-fr', locale: 'fr' });
    const root = await rootBoxId(request, token);
    await box(request, token, root, 'Bibliothèque');
    await openPanes(request, token, [root]);
    await putSessionToken(page, token);
    await page.goto('/app/boxes');
    await expect(pane(page, 'Espace de travail')).toBeVisible();

    await page.keyboard.press('Control+k');
    const french = dialog(page, 'Recherche et commandes');
    await expect(french).toBeVisible();
    await expect(field(page)).toHaveAttribute(
      'placeholder',
      'Cherchez des boîtes et des textes, ou tapez une commande…',
    );
    await expect(page.getByRole('group', { name: 'Commandes' })).toBeVisible();
    await expect(option(page, /^Aller à l’Organiseur/)).toBeVisible();
    await page.keyboard.type('bibliotheque');
    await expect(option(page, /^Boîte\s: Bibliothèque/)).toBeVisible();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('zzz');
    await expect(page.getByRole('status').getByText(/^Rien ne correspond à «\szzz\s»$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(french).toBeHidden();
  });
});
