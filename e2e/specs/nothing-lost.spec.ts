import { SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import type { Page } from '@playwright/test';
import { putSessionToken } from '../support/accounts.js';
import { api, pane, readItem } from '../support/api.js';
import { gate, holdRequests } from '../support/held-requests.js';
import { liveEventReceived, liveSocketConnected } from '../support/live.js';
import { savedCopy } from '../support/offline.js';
import { expect, test } from '../support/test.js';
import { rows, workspaceWith } from '../support/workspace-setup.js';

/**
 * What a person types is never lost: quick capture's field has the caret on every opening,
 * however often it is opened, and the change that discovers a silent outage (the device says
 * it is online, the server cannot be reached) waits and goes through like the ones after it.
 */

const BOX = 'Errands';

test('quick capture puts the caret in its field on each of five openings, by key and by button', async ({
  page,
}) => {
  await workspaceWith(page, 'capture-focus', { [BOX]: ['Post the parcel'] });
  await page.goto('/app/boxes');
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  const field = dialog.getByRole('combobox', { name: 'What to capture' });

  for (const round of [1, 2, 3, 4, 5]) {
    if (round % 2 === 1) await page.keyboard.press('q');
    else await page.getByRole('button', { name: 'Quick capture' }).click();
    // Every opening puts the caret in the field, never on Close: what is typed lands there.
    await expect(field).toBeFocused();
    await page.keyboard.type(`Buy milk ${round}`);
    await expect(field).toHaveValue(`Buy milk ${round}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  // No key went to the row behind the dialog: it is unchanged, and no settings opened.
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("what is typed while quick capture's code still loads lands in its field", async ({ page }) => {
  await workspaceWith(page, 'capture-early', { [BOX]: ['Post the parcel'] });
  // A slow network: the form's code is held until the words are typed.
  const release = await holdRequests(page, '**/assets/quick-capture-form-*.js');
  await page.goto('/app/boxes');
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);

  await page.keyboard.press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  await expect(dialog.getByRole('status', { name: 'Loading…' })).toBeVisible();
  await page.keyboard.type('Buy milk');
  release();
  const field = dialog.getByRole('combobox', { name: 'What to capture' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Buy milk');
  // Nothing went to Close or to the page behind; what is typed next follows on.
  await page.keyboard.type(' and eggs');
  await expect(field).toHaveValue('Buy milk and eggs');
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);
});

test('the change that discovers a silent outage waits, and reaches the server once it answers', async ({
  page,
}) => {
  const { token } = await workspaceWith(page, 'silent-outage', { [BOX]: ['Post the parcel'] });
  await page.goto('/app/boxes');
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);

  // The network dies while the device still says it is online: nothing reaches the server.
  const outage = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route('**/api/**', outage);
  await page.keyboard.press('q');
  const field = page.getByRole('dialog', { name: 'Quick capture' }).getByRole('combobox');
  await field.fill('Buy stamps');
  await page.keyboard.press('Enter');
  const status = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(status).toContainText('1 change waits for the network');
  await page.keyboard.press('Escape');

  // A second change, made while the app knows it is offline, queues behind the first.
  const parcel = rows(page, BOX).filter({ hasText: 'Post the parcel' });
  const parcelId = (await parcel.getAttribute('data-item-id')) ?? '';
  await parcel.getByRole('checkbox', { name: 'Mark as done' }).click();
  await expect(status).toContainText('2 changes wait for the network');

  // The network is back: the app finds the server again by itself, and both go through in order.
  const captured = page.waitForResponse((r) => r.url().endsWith('/api/items/quick-capture') && r.ok());
  const completed = page.waitForResponse((r) => r.url().endsWith('/api/items/complete') && r.ok());
  await page.unroute('**/api/**', outage);
  const { _id: stampsId } = (await (await captured).json()) as { _id: string };
  await completed;
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  expect(await readItem<{ title: string }>(page.request, token, stampsId)).toMatchObject({
    title: 'Buy stamps',
  });
  expect(await readItem<{ completed: boolean }>(page.request, token, parcelId)).toMatchObject({
    completed: true,
  });
});

test('a part whose code cannot be fetched says so in place, and the app goes on', async ({
  page,
  context,
}) => {
  await workspaceWith(page, 'part-offline', { [BOX]: ['Post the parcel'] });
  await page.goto('/app/boxes');
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);

  // Offline before the app was ever kept for offline use: quick capture's code cannot come.
  await context.setOffline(true);
  await page.keyboard.press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  await expect(dialog.getByRole('alert')).toContainText('Not available offline');
  // The rest of the app is still there, not the crash screen.
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);
  await expect(page.getByText('Oops, something went wrong')).toHaveCount(0);

  // Back online, Try again loads it.
  await context.setOffline(false);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('combobox', { name: 'What to capture' })).toBeFocused();
});

test.describe('offline, with the app kept on the device', () => {
  test.use({ serviceWorkers: 'allow' });

  test('visiting a screen never seen online neither spins nor costs the Workspace its copy', async ({
    page,
    context,
  }) => {
    await workspaceWith(page, 'offline-visit', { [BOX]: ['Post the parcel', 'Water the plants'] });
    await page.goto('/app/boxes');
    await expect(rows(page, BOX)).toHaveText(['Post the parcel', 'Water the plants']);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(() => savedCopy(page), { message: 'the offline copy holds the pane' })
      .toContain('Water the plants');

    await context.setOffline(true);
    await page.reload();
    await expect(rows(page, BOX)).toHaveText(['Post the parcel', 'Water the plants']);

    // The Organizer was never opened online: it says so instead of spinning.
    await page.getByRole('link', { name: 'Organiser' }).first().click();
    await expect(page.getByText('Not available offline')).toBeVisible();

    // Back on the Workspace, the pane is still there, and still there after another reload.
    await page.getByRole('link', { name: 'Workspace' }).first().click();
    await expect(rows(page, BOX)).toHaveText(['Post the parcel', 'Water the plants']);
    await page.reload();
    await expect(rows(page, BOX)).toHaveText(['Post the parcel', 'Water the plants']);
  });
});

test('texts refused for a box archived meanwhile keep their words, in one notice, one click from the Inbox', async ({
  page,
  context,
}) => {
  const { token, ids } = await workspaceWith(page, 'refused-kept', { [BOX]: ['Post the parcel'] });
  await page.goto('/app/boxes');
  await expect(rows(page, BOX)).toHaveText(['Post the parcel']);

  // Offline, two new texts go into the box; meanwhile it is archived elsewhere.
  await context.setOffline(true);
  await pane(page, BOX).getByRole('button', { name: 'Insert item' }).click();
  await page.getByRole('menuitem', { name: 'Text' }).click();
  await page.keyboard.type('Buy stamps');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ring the plumber');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const status = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(status).toContainText('2 changes wait for the network');
  await api(page.request, token, 'DELETE', `/api/items/archive?itemId=${ids[BOX]}`);

  // Back online: one notice names both, with the true reason, and keeps their words.
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/items/create-item') && r.status() === 404,
  );
  await context.setOffline(false);
  await refused;
  const notice = page.getByRole('alert').filter({ hasText: 'changes were not saved' });
  await expect(notice).toContainText('2 changes were not saved');
  await expect(notice).toContainText('“Buy stamps” was not added: its box was archived.');
  await expect(notice).toContainText('“Ring the plumber” was not added: its box was archived.');
  await expect(page.getByRole('alert')).toHaveCount(1);
  const close = notice.getByRole('button', { name: 'Close' });
  const size = await close.boundingBox();
  expect(size?.width).toBeGreaterThanOrEqual(44);
  expect(size?.height).toBeGreaterThanOrEqual(44);

  // Put in Inbox: the words are saved after all, and leave the notice.
  const captured = page.waitForResponse((r) => r.url().endsWith('/api/items/quick-capture') && r.ok());
  await notice
    .getByRole('listitem')
    .filter({ hasText: 'Buy stamps' })
    .getByRole('button', { name: 'Put in Inbox' })
    .click();
  const { _id: stampsId } = (await (await captured).json()) as { _id: string };
  expect(await readItem<{ title: string }>(page.request, token, stampsId)).toMatchObject({
    title: 'Buy stamps',
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Inbox' })).toHaveText([
    '“Ring the plumber” was not added: its box was archived.Put in InboxCopy',
    '“Buy stamps” is in your Inbox.',
  ]);
});

/** Replaces a text's words in its pane, as typed in the row's editor; waits until it is sent (or queued). */
async function retype(page: Page, text: string, words: string) {
  const boxPane = pane(page, BOX);
  await boxPane.getByRole('button', { name: text, exact: true }).click({ position: { x: 8, y: 8 } });
  const editor = boxPane.getByRole('textbox', { name: 'Text' });
  await expect(editor).toBeFocused();
  await editor.fill(words);
  await page.keyboard.press('Enter');
  await expect(boxPane.getByRole('textbox', { name: 'Text' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(boxPane.getByRole('textbox', { name: 'Text' })).toHaveCount(0);
}

test('an offline edit that replaces newer words says so where they were typed, with them one click away', async ({
  page,
  browser,
}) => {
  const { token } = await workspaceWith(page, 'conflict', { [BOX]: ['Call the vet'] });
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const phone = await phoneContext.newPage();
    await putSessionToken(phone, token);
    await phone.goto('/app/boxes');
    await expect(rows(phone, BOX)).toHaveText(['Call the vet']);
    const textId = (await rows(phone, BOX).first().getAttribute('data-item-id')) ?? '';

    // The phone, offline, renames the text; the change waits.
    await phoneContext.setOffline(true);
    await retype(phone, 'Call the vet', 'Phone title');
    await expect(phone.getByRole('status').filter({ hasText: 'Offline' })).toContainText(
      '1 change waits for the network',
    );

    // The laptop renames it too, and its words are saved. Its live socket is connected before
    // the phone comes back: the server tells of the replaced words once, to those listening.
    // The answer to the laptop's save is slow: it reaches the page only after the server has
    // told the page that those words were replaced.
    const laptopLive = liveSocketConnected(page);
    const toldOfReplacement = liveEventReceived(page, SOCKET_EVENTS.itemOverwritten);
    const { released: answerDue, release: answer } = gate();
    const { released: saved, release: markSaved } = gate();
    await page.route(
      '**/api/items/save-text-item',
      async (route) => {
        const response = await route.fetch();
        markSaved();
        await answerDue;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.goto('/app/boxes');
    await retype(page, 'Call the vet', 'Laptop title');
    await saved;
    await laptopLive;

    // The phone comes back: its change stands (the last save wins), and the laptop is told.
    await phoneContext.setOffline(false);
    await toldOfReplacement;
    answer();
    const notice = page.getByRole('alert').filter({ hasText: 'was replaced' });
    await expect(notice).toHaveText(
      'Your text “Laptop title” was replaced by “Phone title”, saved elsewhere without seeing yours.Put mine back',
    );
    await expect(rows(page, BOX)).toHaveText(['Phone title']);
    expect(await readItem<{ title: string }>(page.request, token, textId)).toMatchObject({
      title: 'Phone title',
    });

    // One click puts the laptop's words back.
    const back = page.waitForResponse((r) => r.url().endsWith('/api/items/save-text-item') && r.ok());
    await notice.getByRole('button', { name: 'Put mine back' }).click();
    await back;
    await expect(rows(page, BOX)).toHaveText(['Laptop title']);
    await expect(rows(phone, BOX)).toHaveText(['Laptop title']);
  } finally {
    await phoneContext.close();
  }
});
