import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from './accounts.js';
import { api, createBox, pane, rootBoxId, userIdOf } from './api.js';
import { liveSocketConnected } from './live.js';

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
/**
 * Someone's Workspace and a box, open side by side, signed in as them, once a text's row in the
 * box shows: answers that row.
 */
export async function openBoxBeside(page: Page, token: string, boxId: string, box: string, text: string) {
  await openPanes(page.request, token, [await rootBoxId(page.request, token), boxId]);
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  const row = pane(page, box).getByRole('listitem', { name: text, exact: true });
  // The first page of a run loads the app's chunks cold: on a busy machine that takes a while.
  await expect(row).toBeVisible({ timeout: 60_000 });
  return row;
}

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

/** Two people, the first with a box holding one text, shared with the second to read only. */
export async function textSharedToRead(
  request: APIRequestContext,
  label: string,
  [owner, reader]: [string, string],
  box: string,
  text: string,
) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ada = await createLoggedInAccount(request, { label: `${label}-owner`, name: `${owner} ${suffix}` });
  const ben = await createLoggedInAccount(request, { label: `${label}-reader`, name: `${reader} ${suffix}` });
  const created = await createBox(request, ada.token, box);
  await addTexts(request, ada.token, created._id, [text]);
  await api(request, ada.token, 'PUT', '/api/items/associate-user', {
    itemId: created._id,
    userId: await userIdOf(request, ben.token),
    ownershipId: 'readonly',
  });
  return { ada, ben, box: created };
}

/**
 * A second person's browser beside the test's own (a context with the same project settings),
 * signed in as `token`, with the box open beside their Workspace and the live socket connected:
 * answers the context (close it when done), its page and the text's row.
 */
export async function secondBrowser(
  browser: Browser,
  testInfo: TestInfo,
  token: string,
  { boxId, box, text }: { boxId: string; box: string; text: string },
) {
  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  const page = await context.newPage();
  const live = liveSocketConnected(page);
  const row = await openBoxBeside(page, token, boxId, box, text);
  await live;
  return { context, page, row };
}

/** Item settings of the row (of the text named `title`), opened from its hover menu. */
export async function openSettings(page: Page, row: Locator, title: string) {
  await row.hover();
  await page.getByRole('button', { name: 'More options' }).click();
  const settings = page.getByRole('dialog', { name: title });
  await expect(settings).toBeVisible();
  return settings;
}
