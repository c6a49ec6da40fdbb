import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';

const pane = (page: Page, title: string) =>
  page
    .locator('section[data-pane-id]')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** Calls the API as a user (the other person in the journey works through the API). */
async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('changes by someone else appear live: a share, an edit, and the end of the share', async ({
  page,
  request,
}) => {
  const owner = await createLoggedInAccount(request, { label: 'live-owner', name: 'Olive Owner' });
  const member = await createLoggedInAccount(request, { label: 'live-member', name: 'Max Member' });
  const ownerRoot = (
    await api<{ _id: string }[]>(request, owner.token, 'POST', '/api/items/get-user-associated-items', {
      limitToType: 'todoBox',
    })
  )[0]?._id;
  const box = await api<{ _id: string }>(request, owner.token, 'POST', '/api/items/create-item', {
    parentItemId: ownerRoot,
    itemType: 'todoBox',
    title: 'Shared plans',
  });
  const note = await api<{ _id: string }>(request, owner.token, 'POST', '/api/items/create-item', {
    parentItemId: box._id,
    itemType: 'todoText',
    title: 'Call the vet',
  });
  const memberId = (
    await (
      await request.get('/api/admin/users/get-user', { headers: { authorization: `Bearer ${member.token}` } })
    ).json()
  ).id as string;

  await putSessionToken(page, member.token);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  await expect(pane(page, 'Workspace').getByText('This box is empty')).toBeVisible();

  await api(request, owner.token, 'PUT', '/api/items/associate-user', {
    itemId: box._id,
    userId: memberId,
    ownershipId: 'editor',
  });
  await expect(pane(page, 'Workspace').getByRole('button', { name: 'Shared plans' })).toBeVisible();

  await pane(page, 'Workspace').getByRole('button', { name: 'Shared plans' }).click();
  await expect(pane(page, 'Shared plans').getByText('Call the vet')).toBeVisible();
  await api(request, owner.token, 'POST', '/api/items/save-text-item', {
    itemId: note._id,
    title: 'Call the vet at nine',
  });
  await expect(pane(page, 'Shared plans').getByText('Call the vet at nine')).toBeVisible();

  await api(
    request,
    owner.token,
    'DELETE',
    `/api/items/remove-association?itemId=${box._id}&userId=${memberId}`,
  );
  await expect(pane(page, 'Workspace').getByRole('button', { name: 'Shared plans' })).toHaveCount(0);
});
