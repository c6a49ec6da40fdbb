import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { pane } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { tooltipsAfterHover } from '../support/tooltips.js';

async function openSettingsTab(page: Page, tab: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

test('Customizations: tooltips off disappear everywhere; new-box defaults and reminder e-mails are saved', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const account = await createLoggedInAccount(request, { label: 'custom' });
  await putSessionToken(page, account.token);
  await page.clock.install();
  await page.goto('/app');
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  const workspace = pane(page, 'Workspace');
  const headerButton = page.getByRole('banner').getByRole('link', { name: 'Organiser' });
  const paneAction = workspace.getByRole('button', { name: 'Box settings' });

  // With tooltips on, both a header button and a pane action show one.
  expect(await tooltipsAfterHover(page, headerButton)).toBe(1);
  await expect(page.getByRole('tooltip', { name: 'Organiser' })).toBeVisible();
  expect(await tooltipsAfterHover(page, paneAction)).toBe(1);
  await expect(page.getByRole('tooltip', { name: 'Box settings' })).toBeVisible();

  let dialog = await openSettingsTab(page, 'Customizations');
  // Each switch saves as soon as it flips.
  for (const label of ['Enable tooltips', 'Show completed items', 'E-mail me when a reminder fires']) {
    const toggle = dialog.getByRole('switch', { name: label });
    const wasOn = await toggle.isChecked();
    await toggle.click();
    if (wasOn) await expect(toggle).not.toBeChecked();
    else await expect(toggle).toBeChecked();
  }
  await expect(dialog.getByText(`this also sends an e-mail to ${account.email}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  expect(await tooltipsAfterHover(page, headerButton)).toBe(0);
  expect(await tooltipsAfterHover(page, paneAction)).toBe(0);

  // Still off, and the switches still saved, after a reload.
  await page.reload();
  await expect(workspace).toBeVisible();
  expect(await tooltipsAfterHover(page, headerButton)).toBe(0);
  expect(await tooltipsAfterHover(page, paneAction)).toBe(0);
  dialog = await openSettingsTab(page, 'Customizations');
  await expect(dialog.getByRole('switch', { name: 'Enable tooltips' })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Show completed items' })).toBeChecked();
  await expect(
    dialog.getByRole('switch', { name: 'Automatically add new items to my Unprioritized list' }),
  ).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'E-mail me when a reminder fires' })).toBeChecked();
  await page.keyboard.press('Escape');

  // The choice is the account's: another browser (no local copy) has no tooltips either.
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const otherDevice = await browser.newContext({ baseURL, locale, timezoneId });
  try {
    const other = await otherDevice.newPage();
    await putSessionToken(other, account.token);
    await other.clock.install();
    await other.goto('/app');
    await expect(other.getByRole('banner')).toBeVisible();
    await expect
      .poll(() => other.evaluate(() => localStorage.getItem('nestbox.tooltipsEnabled')))
      .toBe('false');
    expect(
      await tooltipsAfterHover(other, other.getByRole('banner').getByRole('link', { name: 'Organiser' })),
    ).toBe(0);
  } finally {
    await otherDevice.close();
  }

  // A box created now starts with 'Show completed items' on.
  await workspace.getByRole('button', { name: 'Insert item' }).click();
  await page.getByRole('menuitem', { name: 'Box' }).click();
  const create = page.getByRole('dialog', { name: 'Create Box' });
  await create.getByRole('textbox').fill('Errands');
  await create.getByRole('button', { name: 'Create Box' }).click();
  await workspace.getByRole('button', { name: 'Errands' }).click();
  await pane(page, 'Errands').getByRole('button', { name: 'Box settings' }).click();
  const boxSettings = page.getByRole('dialog', { name: 'Errands' });
  await expect(boxSettings.getByRole('switch', { name: 'Show completed items' })).toBeChecked();
  await expect(
    boxSettings.getByRole('switch', { name: 'Automatically add new items to my Unprioritized list' }),
  ).not.toBeChecked();

  // Archiving follows the one rule wherever it starts: no question, a way back instead.
  const archived = page.waitForResponse(
    (response) => response.url().includes('/api/items/archive') && response.ok(),
  );
  await boxSettings.getByRole('button', { name: 'Archive box' }).click();
  await archived;
  await expect(boxSettings).toBeHidden();
  await expect(pane(page, 'Errands')).toHaveCount(0);
  await expect(page.getByText('Item archived.')).toBeVisible();
  // Undone: the box is back, and so is the pane that showed it.
  const undone = page.waitForResponse(
    (response) => response.url().includes('/api/undo/undo-action') && response.ok(),
  );
  await page.getByRole('button', { name: 'Undo' }).click();
  await undone;
  await expect(page.getByText('Undone.')).toBeVisible();
  await expect(workspace.getByRole('button', { name: 'Errands' })).toBeVisible();
  await expect(pane(page, 'Errands')).toBeVisible();
});

test('Integrations: Slack is offered with a Connect button; a non-admin has no Database tab', async ({
  page,
  request,
}) => {
  const account = await createLoggedInAccount(request, { label: 'integrations' });
  await putSessionToken(page, account.token);
  await page.goto('/app');
  const dialog = await openSettingsTab(page, 'Integrations');
  await expect(dialog.getByRole('button', { name: 'Connect Slack' })).toBeVisible();
  await expect(dialog.getByText('No Slack account is linked yet.')).toBeVisible();
  await expect(dialog.getByRole('tab')).toHaveText([
    'Profile',
    'Security',
    'Integrations',
    'Customizations',
    'Data',
  ]);
});
