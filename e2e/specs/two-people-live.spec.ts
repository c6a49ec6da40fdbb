import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane } from '../support/api.js';
import { expect, test } from '../support/test.js';

async function openWorkspace(page: Page, token: string) {
  await putSessionToken(page, token);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
}

/**
 * The live-updates journey with two people in two browsers, each change made in one browser and
 * seen in the other without a reload: a share as Editor, an edit by the recipient, a
 * downgrade to Readonly, and the end of the share.
 */
test('two people in two browsers: share, edit, downgrade and unshare, all live', async ({
  browser,
  request,
}, testInfo) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const owner = await createLoggedInAccount(request, { label: 'duo-owner', name: `Oscar ${suffix}` });
  const member = await createLoggedInAccount(request, { label: 'duo-member', name: `Mina ${suffix}` });
  const box = await createBox(request, owner.token, 'Garden plans');
  await api(request, owner.token, 'POST', '/api/items/create-item', {
    parentItemId: box._id,
    itemType: 'todoText',
    title: 'Buy seeds',
  });

  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const ownerContext = await browser.newContext({ baseURL, locale, timezoneId });
  const memberContext = await browser.newContext({ baseURL, locale, timezoneId });
  try {
    const ownerPage = await ownerContext.newPage();
    const memberPage = await memberContext.newPage();
    await openWorkspace(memberPage, member.token);
    await expect(pane(memberPage, 'Workspace').getByText('This box is empty')).toBeVisible();

    // The owner shares the box as Editor from its settings.
    await openWorkspace(ownerPage, owner.token);
    await pane(ownerPage, 'Workspace').getByRole('button', { name: 'Garden plans' }).click();
    await pane(ownerPage, 'Garden plans').getByRole('button', { name: 'Box settings' }).click();
    const dialog = ownerPage.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Share with' }).fill(member.email);
    await ownerPage.getByRole('option', { name: member.name }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    const memberLevel = dialog.getByRole('combobox', { name: `Level of ${member.name}` });
    await expect(memberLevel).toHaveValue('Editor');

    // It appears in the member's Workspace; they edit the text and the owner sees it.
    const sharedBox = pane(memberPage, 'Workspace').getByRole('button', { name: 'Garden plans' });
    await expect(sharedBox).toBeVisible();
    await sharedBox.click();
    await pane(memberPage, 'Garden plans').getByRole('button', { name: 'Buy seeds' }).click();
    const editor = pane(memberPage, 'Garden plans').getByRole('textbox', { name: 'Text' });
    await editor.fill('Buy seeds and compost');
    await editor.blur();
    await expect(pane(ownerPage, 'Garden plans').getByText('Buy seeds and compost')).toBeVisible();

    // Readonly: the member's text stops being editable, without a reload.
    await memberLevel.click();
    await ownerPage.getByRole('option', { name: 'Readonly' }).click();
    await expect(memberLevel).toHaveValue('Readonly');
    const memberPane = pane(memberPage, 'Garden plans');
    await expect(memberPane.getByRole('button', { name: 'Buy seeds and compost' })).toHaveCount(0);
    await expect(memberPane.getByText('Buy seeds and compost')).toBeVisible();
    await expect(memberPane.getByRole('checkbox')).toBeDisabled();

    // The end of the share: the box leaves the member's Workspace.
    await dialog.getByRole('button', { name: `Remove ${member.name}` }).click();
    await expect(pane(memberPage, 'Workspace').getByRole('button', { name: 'Garden plans' })).toHaveCount(0);
  } finally {
    await ownerContext.close();
    await memberContext.close();
  }
});
