import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A box pane, found by the box title in its heading. */
export const pane = (page: Page, title: string) =>
  page
    .locator('section[data-pane-id]')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** Calls the API as a user (the journeys' other people work through the API). */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** What the server answers to a GET as this user, now (a journey's check of the server's state). */
export const getAs = <T>(request: APIRequestContext, token: string, path: string) =>
  api<T>(request, token, 'GET', path);

/** One item as the server holds it now, as this user sees it. */
export const readItem = <T>(request: APIRequestContext, token: string, itemId: string) =>
  getAs<T>(request, token, `/api/items/get-item?itemId=${itemId}`);

/** Puts texts in the user's Organizer, ranked in the order given (priorities 1000, 2000, …). */
export async function rankInOrganizer(request: APIRequestContext, token: string, itemIds: string[]) {
  for (const [rank, itemId] of itemIds.entries()) {
    await api(request, token, 'PUT', '/api/items/update-item', { itemId, prioritizable: true });
    await api(request, token, 'PUT', '/api/items/update-priority', { itemId, priority: (rank + 1) * 1000 });
  }
}

/** The user's id, from their token. */
export async function userIdOf(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/admin/users/get-user', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { id: string }).id;
}

/** The user's root box ('Workspace'). */
export async function rootBoxId(request: APIRequestContext, token: string): Promise<string> {
  const [root] = await api<{ _id: string }[]>(
    request,
    token,
    'POST',
    '/api/items/get-user-associated-items',
    {
      limitToType: 'todoBox',
    },
  );
  if (!root) throw new Error('no root box');
  return root._id;
}

/** A box in the user's Workspace, created through the API. */
export async function createBox(request: APIRequestContext, token: string, title: string) {
  return api<{ _id: string }>(request, token, 'POST', '/api/items/create-item', {
    parentItemId: await rootBoxId(request, token),
    itemType: 'todoBox',
    title,
  });
}

/**
 * Gives the item `target` as its date (as `token`), then a reminder a day before it, set by
 * `remindedToken` (`token` unless a member sets their own).
 */
export async function remindADayBefore(
  request: APIRequestContext,
  token: string,
  itemId: string,
  target: number,
  remindedToken = token,
): Promise<void> {
  await api(request, token, 'PUT', '/api/items/update-item', { itemId, priorityTargetDate: target });
  await api(
    request,
    remindedToken,
    'POST',
    `/api/reminders/create-item-reminder?itemId=${itemId}&numberOf=1&unit=days&beforeAfterOn=before`,
  );
}
