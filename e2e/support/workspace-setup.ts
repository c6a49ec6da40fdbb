import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from './accounts.js';
import { api, createBox, pane, rootBoxId } from './api.js';

/** Texts appended to a box, in order, through the API. */
export async function addTexts(
  request: APIRequestContext,
  token: string,
  parentItemId: string,
  titles: string[],
) {
  for (const title of titles) {
    await api(request, token, 'POST', '/api/items/create-item', {
      parentItemId,
      itemType: 'todoText',
      title,
    });
  }
}

/**
 * Texts appended to one of the user's boxes in one go, through the e2e helper (a box of a
 * thousand texts would take a thousand calls through the API).
 */
export async function appendTexts(
  request: APIRequestContext,
  email: string,
  boxId: string,
  titles: string[],
) {
  const response = await request.post('/e2e/items/append-texts', { data: { email, boxId, titles } });
  expect(response.ok(), `append-texts: ${response.status()} ${await response.text()}`).toBe(true);
}

/** Opens boxes in panes, left to right, through the API. */
export async function openPanes(request: APIRequestContext, token: string, itemIds: string[]) {
  for (const [pos, itemId] of itemIds.entries()) {
    await api(request, token, 'POST', '/api/items/create-pane', { pos, itemId, type: 'box' });
  }
}

/**
 * A logged-in user whose Workspace holds the given boxes (each with its texts), with the
 * Workspace and then each box open in panes.
 */
export async function workspaceWith(page: Page, label: string, boxes: Record<string, string[]>) {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label });
  const root = await rootBoxId(request, token);
  const ids: Record<string, string> = {};
  for (const [title, texts] of Object.entries(boxes)) {
    const box = await createBox(request, token, title);
    ids[title] = box._id;
    await addTexts(request, token, box._id, texts);
  }
  await openPanes(request, token, [root, ...Object.values(ids)]);
  await putSessionToken(page, token);
  return { token, root, ids };
}

/** The rows of a box pane, in order. */
export const rows = (page: Page, title: string) => pane(page, title).locator('[data-item-id]');

/** The drag handle of an item row. */
export const handle = (scope: Page | Locator, title: string) =>
  scope
    .locator('[data-draggable-id]')
    .filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .getByRole('button', { name: 'Drag to move', exact: true });

/**
 * Drags with the mouse as a person does: press on the grip, move past the library's start
 * threshold, glide in steps to the upper part of `target` (so the row lands before it), and
 * let go. The drag starts after 5 px of travel and follows a series of mousemoves, not a jump.
 */
export async function mouseDrag(
  page: Page,
  grip: Locator,
  target: Locator,
  where: 'before' | 'after' = 'before',
) {
  await grip.hover();
  const from = await grip.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag or no place to drop');
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX, startY + 8, { steps: 4 });
  await expect(grip.page().locator('[data-dragging]')).toHaveCount(1);
  const x = to.x + Math.min(to.width / 2, 60);
  const y = where === 'before' ? to.y + to.height * 0.2 : to.y + to.height * 0.8;
  await page.mouse.move(x, y, { steps: 20 });
  await page.mouse.move(x, y + 1, { steps: 2 });
  await page.mouse.up();
}
