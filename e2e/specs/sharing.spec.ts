import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane, userIdOf } from '../support/api.js';
import { expect, test } from '../support/test.js';

/** Opens the Workspace, then the box in a pane, then its settings. */
async function openBoxSettings(page: Page, token: string, title: string) {
  await putSessionToken(page, token);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  await pane(page, 'Workspace').getByRole('button', { name: title }).click();
  await pane(page, title).getByRole('button', { name: 'Box settings' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Share' })).toBeVisible();
  return dialog;
}

/** A name no other test uses, so the search finds exactly this person. */
const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`;

test.describe('sharing a box', () => {
  test('an owner adds someone as Editor, makes them Readonly and removes them', async ({ page, request }) => {
    const owner = await createLoggedInAccount(request, { label: 'share-owner', name: uniqueName('Olga') });
    const friendName = uniqueName('Frida');
    const coOwnerName = uniqueName('Cora');
    const friend = await createLoggedInAccount(request, { label: 'share-friend', name: friendName });
    const coOwner = await createLoggedInAccount(request, { label: 'share-coowner', name: coOwnerName });
    const box = await createBox(request, owner.token, 'Holiday');

    // The box's creator holds it through their Workspace, so its list starts empty.
    const dialog = await openBoxSettings(page, owner.token, 'Holiday');
    await expect(dialog.getByText('Not shared with anyone yet.')).toBeVisible();
    const list = dialog.getByRole('list', { name: 'People with access' });

    // A name alone finds nobody the owner does not share with yet: the directory stays private.
    const search = dialog.getByRole('combobox', { name: 'Share with' });
    await search.fill(friendName);
    await expect(
      page.getByText('Nobody you share with has that name. Type their whole e-mail address.'),
    ).toBeVisible();
    // The whole e-mail address finds them; pick them, keep the default level (Editor), add.
    await search.fill(friend.email);
    await page.getByRole('option', { name: friendName }).click();
    await expect(search).toHaveValue(friendName);
    await expect(dialog.getByRole('combobox', { name: 'Level', exact: true })).toHaveValue('Editor');
    await dialog.getByRole('button', { name: 'Add' }).click();

    const friendLevel = dialog.getByRole('combobox', { name: `Level of ${friendName}` });
    // The first share names the box's owner on it: they are its only owner, so they stay.
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText(owner.name);
    await expect(dialog.getByRole('button', { name: `Remove ${owner.name}` })).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: `Level of ${owner.name}` })).toBeDisabled();
    await expect(friendLevel).toHaveValue('Editor');
    await expect(search).toHaveValue('');

    // Readonly instead.
    await friendLevel.click();
    await page.getByRole('option', { name: 'Readonly' }).click();
    await expect(friendLevel).toHaveValue('Readonly');

    // With a second owner (shared through the API), the owner could now leave.
    await api(request, owner.token, 'PUT', '/api/items/associate-user', {
      itemId: box._id,
      userId: await userIdOf(request, coOwner.token),
      ownershipId: 'owner',
    });
    await page.keyboard.press('Escape');
    await pane(page, 'Holiday').getByRole('button', { name: 'Box settings' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByRole('button', { name: `Remove ${owner.name}` })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: `Remove ${coOwnerName}` })).toBeEnabled();
    await expect(friendLevel).toHaveValue('Readonly');

    // The friend can be removed.
    await dialog.getByRole('button', { name: `Remove ${friendName}` }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByText(friendName)).toHaveCount(0);
  });

  test('someone with read-only access sees the list without the search', async ({ page, request }) => {
    const owner = await createLoggedInAccount(request, { label: 'share-lender', name: uniqueName('Otto') });
    const coOwner = await createLoggedInAccount(request, { label: 'share-co', name: uniqueName('Cleo') });
    const reader = await createLoggedInAccount(request, { label: 'share-reader', name: uniqueName('Rita') });
    const box = await createBox(request, owner.token, 'Recipes');
    for (const [account, ownershipId] of [
      [coOwner, 'owner'],
      [reader, 'readonly'],
    ] as const) {
      await api(request, owner.token, 'PUT', '/api/items/associate-user', {
        itemId: box._id,
        userId: await userIdOf(request, account.token),
        ownershipId,
      });
    }

    const dialog = await openBoxSettings(page, reader.token, 'Recipes');
    const list = dialog.getByRole('list', { name: 'People with access' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').filter({ hasText: owner.name })).toContainText('Owner');
    await expect(list.getByRole('listitem').filter({ hasText: coOwner.name })).toContainText('Owner');
    await expect(list.getByRole('listitem').filter({ hasText: reader.name })).toContainText('Readonly');
    await expect(dialog.getByRole('combobox')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Add' })).toHaveCount(0);
  });
});

test('an item inside a shared box says whom it is shared with through that box', async ({
  page,
  request,
}) => {
  const owner = await createLoggedInAccount(request, { label: 'share-inherit', name: uniqueName('Olivia') });
  const bobName = uniqueName('Bob');
  const carolName = uniqueName('Carol');
  const bob = await createLoggedInAccount(request, { label: 'share-inherit-bob', name: bobName });
  const carol = await createLoggedInAccount(request, { label: 'share-inherit-carol', name: carolName });
  const holiday = await createBox(request, owner.token, 'Holiday in Brittany');
  const sunscreen = await api<{ _id: string }>(request, owner.token, 'POST', '/api/items/create-item', {
    parentItemId: holiday._id,
    itemType: 'todoText',
    title: 'Sunscreen',
  });
  await api(request, owner.token, 'PUT', '/api/items/associate-user', {
    itemId: holiday._id,
    userId: await userIdOf(request, bob.token),
    ownershipId: 'editor',
  });
  await api(request, owner.token, 'POST', '/api/items/create-pane', { pos: 0, itemId: holiday._id });
  await putSessionToken(page, owner.token);
  await page.goto('/app/boxes');

  const row = page.locator(`[data-item-id="${sunscreen._id}"]`);
  await row.hover();
  await page
    .locator(`[data-item-hover-menu="${sunscreen._id}"]`)
    .getByRole('button', { name: 'More options' })
    .click();
  const dialog = page.getByRole('dialog').getByRole('region', { name: 'Share' });
  const through = dialog.getByRole('list', { name: 'Shared through “Holiday in Brittany” with' });
  await expect(through.getByRole('listitem')).toHaveText([`${owner.name}Owner`, `${bobName}Editor`]);
  await expect(dialog.getByText('Not shared with anyone yet.')).toHaveCount(0);

  // The owner adds someone to the item itself: listed on it, and no longer repeated above.
  // The sections above the search load on their own, in stand-ins of about their height; once
  // they are all there, nothing moves the field while its list of people is open.
  const settings = page.getByRole('dialog');
  await expect(settings.getByText('No comments yet.')).toBeVisible();
  await expect(settings.getByText('No files attached yet.')).toBeVisible();
  await expect(settings.getByRole('list', { name: 'Changes to this item, newest first' })).toBeVisible();
  await expect(settings.getByRole('combobox', { name: 'Repeats' })).toBeVisible();
  await expect(settings.getByText('No reminders on this item yet.')).toBeVisible();
  const search = dialog.getByRole('combobox', { name: 'Share with' });
  await search.fill(carol.email);
  await page.getByRole('option', { name: carolName }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  const own = dialog.getByRole('list', { name: 'People with access' });
  await expect(own.getByRole('listitem')).toHaveCount(2);
  await expect(own).toContainText(carolName);
  await expect(through.getByRole('listitem')).toHaveText([`${bobName}Editor`]);
});
