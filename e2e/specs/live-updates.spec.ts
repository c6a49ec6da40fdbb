import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane, userIdOf } from '../support/api.js';
import { holdLiveSocket } from '../support/live.js';
import { expect, test } from '../support/test.js';

test('changes by someone else appear live: a share, an edit, and the end of the share', async ({
  page,
  request,
}) => {
  const owner = await createLoggedInAccount(request, { label: 'live-owner', name: 'Olive Owner' });
  const member = await createLoggedInAccount(request, { label: 'live-member', name: 'Max Member' });
  const box = await createBox(request, owner.token, 'Shared plans');
  const note = await api<{ _id: string }>(request, owner.token, 'POST', '/api/items/create-item', {
    parentItemId: box._id,
    itemType: 'todoText',
    title: 'Call the vet',
  });
  const memberId = await userIdOf(request, member.token);

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

test('a change made while the page’s socket is still connecting shows once it connects', async ({
  page,
  request,
}) => {
  const account = await createLoggedInAccount(request, { label: 'live-late' });
  const box = await createBox(request, account.token, 'Errands');
  const note = await api<{ _id: string }>(request, account.token, 'POST', '/api/items/create-item', {
    parentItemId: box._id,
    itemType: 'todoText',
    title: 'Buy stamps',
  });
  // The socket reaches the server only once the page has read its panes.
  const release = await holdLiveSocket(page);

  await putSessionToken(page, account.token);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  await pane(page, 'Workspace').getByRole('button', { name: 'Errands' }).click();
  await expect(pane(page, 'Errands').getByText('Buy stamps')).toBeVisible();

  // Another device renames it before the socket has joined: no event will tell of it.
  await api(request, account.token, 'POST', '/api/items/save-text-item', {
    itemId: note._id,
    title: 'Buy stamps and envelopes',
  });
  release();
  await expect(pane(page, 'Errands').getByText('Buy stamps and envelopes')).toBeVisible();
});
