import type { Locator, Page } from '@playwright/test';
import { api, pane } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { handle, rows, workspaceWith } from '../support/workspace-setup.js';

/**
 * Where a drop lands is decided by the pointer, not by the dragged copy: a row grabbed by its
 * grip (at its left end) and carried to the right keeps landing in the pane, and at the gap,
 * that the pointer is in, even when most of the copy hangs over the next pane.
 */

/** Presses on a grip, glides in steps to (x, y) on the page, and lets go there. */
async function dragTo(page: Page, grip: Locator, x: number, y: number) {
  await grip.hover();
  const from = await grip.boundingBox();
  if (!from) throw new Error('no grip on screen');
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX, startY + 8, { steps: 4 });
  await expect(page.locator('[data-dragging]')).toHaveCount(1);
  await page.mouse.move(x, y, { steps: 20 });
  await page.mouse.move(x, y + 1, { steps: 2 });
  await page.mouse.up();
}

/** A point `dx` px right of a pane's left edge, over the upper quarter of a row (the gap before it). */
async function aboveRow(paneLocator: Locator, row: Locator, dx: number) {
  const paneBox = await paneLocator.boundingBox();
  const rowBox = await row.boundingBox();
  if (!paneBox || !rowBox) throw new Error('pane or row not on screen');
  return { x: paneBox.x + dx, y: rowBox.y + rowBox.height * 0.25 };
}

test('a drop lands in the pane and the gap under the pointer, wherever the dragged copy hangs', async ({
  page,
}) => {
  // Three drags, each waiting for the server's answer.
  test.slow();
  await workspaceWith(page, 'dnd-pointer', { Left: ['Ant', 'Bee', 'Cat', 'Dog'], Right: ['Wren', 'Yak'] });
  await page.goto('/app/boxes');
  const left = pane(page, 'Left');
  const right = pane(page, 'Right');
  await expect(rows(page, 'Left')).toHaveText(['Ant', 'Bee', 'Cat', 'Dog']);
  await expect(rows(page, 'Right')).toHaveText(['Wren', 'Yak']);
  const leftBox = await left.boundingBox();
  expect(leftBox?.width).toBe(400);

  // 230 px right of the pane's edge, over the top of 'Dog': the pointer is well inside Left
  // (the copy's middle is over Right), so 'Ant' goes between 'Cat' and 'Dog'.
  let moved = page.waitForResponse((r) => r.url().includes('/api/items/move-'));
  let at = await aboveRow(left, rows(page, 'Left').nth(3), 230);
  await dragTo(page, handle(left, 'Ant'), at.x, at.y);
  expect((await moved).status()).toBe(200);
  await expect(rows(page, 'Left')).toHaveText(['Bee', 'Cat', 'Ant', 'Dog']);
  await expect(rows(page, 'Right')).toHaveText(['Wren', 'Yak']);

  // Into Right, just left of its edge, over the top of 'Yak': before 'Yak'.
  moved = page.waitForResponse((r) => r.url().includes('/api/items/move-'));
  at = await aboveRow(right, rows(page, 'Right').nth(1), 12);
  await dragTo(page, handle(left, 'Cat'), at.x, at.y);
  expect((await moved).status()).toBe(200);
  await expect(rows(page, 'Right')).toHaveText(['Wren', 'Cat', 'Yak']);
  await expect(rows(page, 'Left')).toHaveText(['Bee', 'Ant', 'Dog']);

  // Over the lower part of the last row of Right: after it, at the end.
  moved = page.waitForResponse((r) => r.url().includes('/api/items/move-'));
  const yak = await rows(page, 'Right').nth(2).boundingBox();
  const rightBox = await right.boundingBox();
  if (!yak || !rightBox) throw new Error('Right is not on screen');
  await dragTo(page, handle(left, 'Bee'), rightBox.x + 200, yak.y + yak.height * 0.8);
  expect((await moved).status()).toBe(200);
  await expect(rows(page, 'Right')).toHaveText(['Wren', 'Cat', 'Yak', 'Bee']);

  await page.reload();
  await expect(rows(page, 'Left')).toHaveText(['Ant', 'Dog']);
  await expect(rows(page, 'Right')).toHaveText(['Wren', 'Cat', 'Yak', 'Bee']);
});

test('in a widened pane, a row dragged to the middle of its own pane stays in that box', async ({ page }) => {
  const { token } = await workspaceWith(page, 'dnd-wide', {
    Wide: ['One', 'Two', 'Three', 'Four'],
    Next: ['Other'],
  });
  await page.goto('/app/boxes');
  await expect(rows(page, 'Next')).toHaveText(['Other']);
  const paneIds = await page
    .locator('section[data-pane-id]')
    .evaluateAll((panes) => panes.map((one) => one.getAttribute('data-pane-id') ?? ''));
  await api(page.request, token, 'PUT', '/api/workspace/panes-widths', {
    panesDict: { [paneIds[1] ?? '']: 700 },
  });
  await page.reload();
  const wide = pane(page, 'Wide');
  await expect(rows(page, 'Wide')).toHaveText(['One', 'Two', 'Three', 'Four']);
  expect((await wide.boundingBox())?.width).toBe(700);

  // The middle of the pane (350 px in), over the top of 'Four': 'One' goes before 'Four'.
  const moved = page.waitForResponse((r) => r.url().includes('/api/items/move-'));
  const at = await aboveRow(wide, rows(page, 'Wide').nth(3), 350);
  await dragTo(page, handle(wide, 'One'), at.x, at.y);
  expect((await moved).status()).toBe(200);
  await expect(rows(page, 'Wide')).toHaveText(['Two', 'Three', 'One', 'Four']);
  await expect(rows(page, 'Next')).toHaveText(['Other']);
  await page.reload();
  await expect(rows(page, 'Wide')).toHaveText(['Two', 'Three', 'One', 'Four']);
});
