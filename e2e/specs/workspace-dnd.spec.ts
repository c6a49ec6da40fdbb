import { api, pane } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { handle, mouseDrag, rows, workspaceWith } from '../support/workspace-setup.js';

test.describe('drag and drop in the workspace', () => {
  test('a text reordered by mouse within its pane keeps its place after a reload', async ({ page }) => {
    await workspaceWith(page, 'dnd-within', { Groceries: ['Milk', 'Eggs', 'Bread', 'Tea'] });
    await page.goto('/app/boxes');
    const groceries = pane(page, 'Groceries');
    await expect(rows(page, 'Groceries')).toHaveText(['Milk', 'Eggs', 'Bread', 'Tea']);

    const moved = page.waitForResponse((r) => r.url().includes('/api/items/move-within-pane'));
    await mouseDrag(page, handle(groceries, 'Tea'), rows(page, 'Groceries').nth(1));
    expect((await moved).status()).toBe(200);
    await expect(rows(page, 'Groceries')).toHaveText(['Milk', 'Tea', 'Eggs', 'Bread']);

    await page.reload();
    await expect(rows(page, 'Groceries')).toHaveText(['Milk', 'Tea', 'Eggs', 'Bread']);
  });

  test('a text dragged into another pane moves into that box, also after a reload', async ({ page }) => {
    await workspaceWith(page, 'dnd-between', { Home: ['Paint', 'Fix tap'], Garden: ['Mow', 'Weed'] });
    await page.goto('/app/boxes');
    const home = pane(page, 'Home');
    await expect(rows(page, 'Garden')).toHaveText(['Mow', 'Weed']);

    const moved = page.waitForResponse((r) => r.url().includes('/api/items/move-between-panes'));
    await mouseDrag(page, handle(home, 'Fix tap'), rows(page, 'Garden').nth(1));
    expect((await moved).status()).toBe(200);
    await expect(rows(page, 'Garden')).toHaveText(['Mow', 'Fix tap', 'Weed']);
    await expect(rows(page, 'Home')).toHaveText(['Paint']);

    await page.reload();
    await expect(rows(page, 'Garden')).toHaveText(['Mow', 'Fix tap', 'Weed']);
    await expect(rows(page, 'Home')).toHaveText(['Paint']);
  });

  test('a row moved with the keyboard: Space, arrow, Space', async ({ page }) => {
    await workspaceWith(page, 'dnd-keys', { Books: ['Dune', 'Emma', 'Ulysses'] });
    await page.goto('/app/boxes');
    const books = pane(page, 'Books');
    await expect(rows(page, 'Books')).toHaveText(['Dune', 'Emma', 'Ulysses']);

    const grip = handle(books, 'Dune');
    await grip.focus();
    await page.keyboard.press('Space');
    await expect(grip.page().locator('[data-dragging]')).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    const moved = page.waitForResponse((r) => r.url().includes('/api/items/move-within-pane'));
    await page.keyboard.press('Space');
    expect((await moved).status()).toBe(200);
    await expect(rows(page, 'Books')).toHaveText(['Emma', 'Dune', 'Ulysses']);

    await page.reload();
    await expect(rows(page, 'Books')).toHaveText(['Emma', 'Dune', 'Ulysses']);
  });

  test('a box dropped into a pane inside itself is refused: the lists go back and a notification says why', async ({
    page,
  }) => {
    const { token, ids } = await workspaceWith(page, 'dnd-refused', { Projects: ['Plan'] });
    // Projects holds Ideas; the Ideas pane shows a box inside Projects.
    const ideas = await api<{ _id: string }>(page.request, token, 'POST', '/api/items/create-item', {
      parentItemId: ids.Projects,
      itemType: 'todoBox',
      title: 'Ideas',
    });
    await api(page.request, token, 'POST', '/api/items/create-item', {
      parentItemId: ideas._id,
      itemType: 'todoText',
      title: 'Spark',
    });
    await api(page.request, token, 'POST', '/api/items/create-pane', {
      pos: 2,
      itemId: ideas._id,
      type: 'box',
    });
    await page.goto('/app/boxes');
    const workspace = pane(page, 'Workspace');
    await expect(rows(page, 'Workspace')).toHaveText(['Projects']);
    await expect(rows(page, 'Ideas')).toHaveText(['Spark']);

    const refused = page.waitForResponse((r) => r.url().includes('/api/items/move-between-panes'));
    await mouseDrag(page, handle(workspace, 'Projects'), rows(page, 'Ideas').first());
    expect((await refused).status()).toBe(400);
    await expect(
      page.getByText('A box cannot be moved into itself or into one of the boxes inside it.'),
    ).toBeVisible();
    await expect(rows(page, 'Workspace')).toHaveText(['Projects']);
    await expect(rows(page, 'Ideas')).toHaveText(['Spark']);

    await page.reload();
    await expect(rows(page, 'Workspace')).toHaveText(['Projects']);
    await expect(rows(page, 'Ideas')).toHaveText(['Spark']);
  });

  test('a move the server fails is rolled back with the generic message', async ({ page }) => {
    await workspaceWith(page, 'dnd-fails', { Left: ['One', 'Two'], Right: ['Three'] });
    await page.route('**/api/items/move-between-panes', (route) =>
      route.fulfill({ status: 500, json: { code: 'error.internal', message: 'Boom' } }),
    );
    await page.goto('/app/boxes');
    await expect(rows(page, 'Right')).toHaveText(['Three']);

    await mouseDrag(page, handle(pane(page, 'Left'), 'Two'), rows(page, 'Right').first());
    await expect(page.getByText('A problem occurred trying to perform this action.')).toBeVisible();
    await expect(rows(page, 'Left')).toHaveText(['One', 'Two']);
    await expect(rows(page, 'Right')).toHaveText(['Three']);
  });

  test('the layout (panes in order and their widths) survives a reload', async ({ page }) => {
    const { token } = await workspaceWith(page, 'dnd-layout', { Alpha: [], Beta: [] });
    await page.goto('/app/boxes');
    await expect(page.locator('section[data-pane-id]')).toHaveCount(3);
    const ids = await page
      .locator('section[data-pane-id]')
      .evaluateAll((panes) => panes.map((one) => one.getAttribute('data-pane-id') ?? ''));
    expect(ids).toHaveLength(3);
    const [, alphaPane] = ids;
    await api(page.request, token, 'PUT', '/api/workspace/panes-widths', {
      panesDict: { [alphaPane ?? '']: 520 },
    });
    await page.reload();
    const titles = page.locator('section[data-pane-id] h2');
    await expect(titles).toHaveText(['Workspace', 'Alpha', 'Beta']);
    const box = await pane(page, 'Alpha').boundingBox();
    expect(box?.width).toBe(520);
  });
});

// Above phone width (phones have the pane switcher instead: phone.spec.ts): two panes fit.
test('panes beyond the window are a button away, whichever side they are on', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await workspaceWith(page, 'panes-fit', { Near: ['One'], Far: ['Two'], Farther: ['Three'] });
  await page.goto('/app/boxes');
  await expect(pane(page, 'Workspace')).toBeInViewport({ ratio: 0.9 });
  await expect(pane(page, 'Near')).toBeInViewport({ ratio: 0.9 });
  await page.getByRole('button', { name: 'Panes further right: 2' }).click();
  await expect(pane(page, 'Farther')).toBeInViewport({ ratio: 0.9 });
  await expect(pane(page, 'Far')).toBeInViewport({ ratio: 0.9 });
  await page.getByRole('button', { name: 'Panes further left: 2' }).click();
  await expect(pane(page, 'Workspace')).toBeInViewport({ ratio: 0.9 });
  await expect(page.getByRole('button', { name: 'Panes further right: 2' })).toBeVisible();
});
