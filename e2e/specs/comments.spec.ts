import type { Page, Response } from '@playwright/test';
import { createLoggedInAccount } from '../support/accounts.js';
import { api, createBox, userIdOf } from '../support/api.js';
import { expectSelected } from '../support/keyboard.js';
import { liveSocketConnected } from '../support/live.js';
import { expectTapTargets } from '../support/tap-targets.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { openBoxBeside, openSettings, secondBrowser, textSharedToRead } from '../support/workspace-setup.js';

/**
 * Comments on an item, written in Item settings: two people on a shared box, each seeing the
 * other's comments arrive live and the count on the row; the readonly member comments too; the
 * author edits (Escape cancels without closing the dialog) and deletes after confirming. Then
 * in French on a phone-sized window, opened from the row's count.
 */

/** Resolves with the answer of the next comment call of this method. */
const commentCall = (page: Page, method: string): Promise<Response> =>
  page.waitForResponse(
    (response) =>
      /\/api\/(items\/[^/]+\/comments|comments\/[^/]+)$/.test(response.url()) &&
      response.request().method() === method,
  );

/** Saves a screenshot of the page when E2E_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

test('two people comment on a shared text, live; the author edits and deletes', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const { ada, ben, box } = await textSharedToRead(
    request,
    'comments',
    ['Ada', 'Ben'],
    'Trip',
    'Book the ferry',
  );
  const where = { boxId: box._id, box: 'Trip', text: 'Book the ferry' };
  // Ben, who may only read the box, has the text's Item settings open.
  const {
    context: benContext,
    page: benPage,
    row: benRow,
  } = await secondBrowser(browser, testInfo, ben.token, where);
  try {
    const benSettings = await openSettings(benPage, benRow, 'Book the ferry');
    const benComments = benSettings.getByRole('region', { name: 'Comments' });
    await expect(benComments.getByText('No comments yet.')).toBeVisible();

    // Ada, from the keyboard: the row, N for Item settings, then Tab past the note to the comment field.
    const adaLive = liveSocketConnected(page);
    const adaRow = await openBoxBeside(page, ada.token, box._id, 'Trip', 'Book the ferry');
    await adaLive;
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expectSelected(adaRow);
    await page.keyboard.press('n');
    const settings = page.getByRole('dialog', { name: 'Book the ferry' });
    await expect(settings.getByRole('textbox', { name: 'Note (Markdown)' })).toBeFocused();
    const comments = settings.getByRole('region', { name: 'Comments' });
    const field = comments.getByRole('textbox', { name: 'Add a comment' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    await page.keyboard.type('Tickets are **booked**');
    const posted = commentCall(page, 'POST');
    await page.keyboard.press('Control+Enter');
    expect((await posted).status()).toBe(201);
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
    const adaList = comments.getByRole('list', { name: 'Comments on this item' });
    await expect(adaList.getByRole('listitem')).toHaveCount(1);
    await expect(adaRow.getByRole('button', { name: '1 comment' })).toHaveText('1');

    // Ben sees it arrive without a reload, as Markdown, and his row counts it; he may not edit it.
    const benList = benComments.getByRole('list', { name: 'Comments on this item' });
    const adaComment = benList.getByRole('listitem').filter({ hasText: ada.name });
    await expect(adaComment.locator('strong')).toHaveText('booked');
    await expect(adaComment.getByRole('button')).toHaveCount(0);
    await expect(benRow.getByRole('button', { name: '1 comment' })).toHaveText('1');

    // Readonly, Ben comments back, with the button.
    await benComments.getByRole('textbox', { name: 'Add a comment' }).fill('Thanks, I will bring snacks.');
    const answered = commentCall(benPage, 'POST');
    await benComments.getByRole('button', { name: 'Comment', exact: true }).click();
    expect((await answered).status()).toBe(201);
    await expect(benList.getByRole('listitem')).toHaveCount(2);
    await expect(benRow.getByRole('button', { name: '2 comments' })).toHaveText('2');
    const benComment = adaList.getByRole('listitem').filter({ hasText: 'Thanks, I will bring snacks.' });
    await expect(benComment).toBeVisible();
    await expect(adaRow.getByRole('button', { name: '2 comments' })).toHaveText('2');
    // Ada owns the box: she may delete Ben's comment, not edit it.
    await expect(benComment.getByRole('button')).toHaveAccessibleName(`Delete the comment by ${ben.name}`);
    await expectAccessible(page, 'Item settings with comments');
    await shot(page, 'comments-en-1280');

    // Ada edits hers: Escape leaves the words and Item settings as they were.
    const own = adaList.getByRole('listitem').filter({ hasText: ada.name });
    await own.getByRole('button', { name: 'Edit your comment' }).focus();
    await page.keyboard.press('Enter');
    const edit = own.getByRole('textbox', { name: 'Your comment' });
    await expect(edit).toBeFocused();
    await page.keyboard.type(' and paid');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await expect(settings).toBeVisible();
    await expect(own.getByRole('button', { name: 'Edit your comment' })).toBeFocused();
    await expect(own).toContainText('Tickets are booked');
    await expect(own).not.toContainText('paid');

    await page.keyboard.press('Enter');
    await expect(edit).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' for Friday');
    await shot(page, 'comments-edit-en-1280');
    const patched = commentCall(page, 'PATCH');
    await page.keyboard.press('Control+Enter');
    expect((await patched).status()).toBe(200);
    await expect(own).toContainText('Tickets are booked for Friday');
    await expect(own.getByText('edited')).toBeVisible();
    await expect(adaComment).toContainText('Tickets are booked for Friday');
    await expect(adaComment.getByText('edited')).toBeVisible();

    // Deleting asks first; Escape there closes the question alone, not Item settings.
    await own.getByRole('button', { name: 'Delete your comment' }).click();
    const question = page.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(settings).toBeVisible();
    await expect(adaList.getByRole('listitem')).toHaveCount(2);
    await own.getByRole('button', { name: 'Delete your comment' }).click();
    const deleted = commentCall(page, 'DELETE');
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await deleted).status()).toBe(204);
    await expect(adaList.getByRole('listitem')).toHaveCount(1);
    await expect(field).toBeFocused();
    await expect(adaRow.getByRole('button', { name: '1 comment' })).toHaveText('1');
    await expect(benList.getByRole('listitem')).toHaveCount(1);
    await expect(benList).not.toContainText('Tickets are booked');
    await expect(benRow.getByRole('button', { name: '1 comment' })).toHaveText('1');
    await expectAccessible(benPage, 'Item settings with comments (readonly)');
  } finally {
    await benContext.close();
  }
});

test('a mention: @ offers the people of the item, and the person named hears of it live', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const { ada, ben, box } = await textSharedToRead(
    request,
    'mention',
    ['Ada', 'Benoît'],
    'Garden',
    'Water the roses',
  );
  // Ben has the app open; nothing unread yet.
  const where = { boxId: box._id, box: 'Garden', text: 'Water the roses' };
  const { context: benContext, page: benPage } = await secondBrowser(browser, testInfo, ben.token, where);
  try {
    const benBell = benPage.getByRole('banner').getByRole('button', { name: 'Reminders', exact: true });
    await expect(benBell).not.toHaveAccessibleDescription(/unread/);

    // Ada types @ben (no accent, no capital) and takes Ben from the list with Enter.
    const adaRow = await openBoxBeside(page, ada.token, box._id, 'Garden', 'Water the roses');
    const settings = await openSettings(page, adaRow, 'Water the roses');
    const comments = settings.getByRole('region', { name: 'Comments' });
    const field = comments.getByRole('textbox', { name: 'Add a comment' });
    await expect(comments.getByText('Type @ to mention someone who sees this item.')).toBeVisible();
    await field.click();
    await page.keyboard.type('Could @beno');
    const offered = settings.getByRole('listbox', { name: 'People to mention' });
    await expect(offered.getByRole('option')).toHaveText([`@${ben.name}`]);
    await expectAccessible(page, 'Item settings, a mention offered');
    await shot(page, 'comments-mention-en-1280');
    // Enter takes the name, and what is typed at once, before the next frame, follows it: the
    // caret is placed in the same task, never moved back later over the words.
    await field.evaluate(async (element: HTMLTextAreaElement) => {
      element.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }),
      );
      // As after a real key press, what the press changed is drawn before the next key.
      await Promise.resolve();
      document.execCommand('insertText', false, 'water them');
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await expect(offered).toBeHidden();
    await expect(field).toHaveValue(`Could @${ben.name} water them`);
    await page.keyboard.type(' on Sunday?');
    await expect(field).toHaveValue(`Could @${ben.name} water them on Sunday?`);
    const posted = commentCall(page, 'POST');
    await page.keyboard.press('Control+Enter');
    const created = await posted;
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toMatchObject({
      mentions: [await userIdOf(request, ben.token)],
    });

    // Ben's badge rises without a reload; the list says who, and opens the comments.
    await expect(benBell).toHaveAccessibleDescription('1 unread reminder');
    await benBell.click();
    const list = benPage.getByRole('dialog', { name: 'Reminders' });
    const event = list.getByTestId('reminder-event');
    await expect(event).toContainText(`${ada.name} mentioned you`);
    await expect(event).toContainText(`“Could @${ben.name} water them on Sunday?”`);
    await expectAccessible(benPage, 'Reminders with a mention');
    await event.getByRole('button', { name: 'Open Water the roses' }).click();
    const benComments = benPage
      .getByRole('dialog', { name: 'Water the roses' })
      .getByRole('region', { name: 'Comments' });
    await expect(benComments.getByRole('listitem').filter({ hasText: ada.name })).toContainText(
      'water them on Sunday?',
    );
    await expect(benBell).not.toHaveAccessibleDescription(/unread/);
  } finally {
    await benContext.close();
  }
});

test('fr, 390 px: the count opens the comments, which read in French and fit', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const { request } = page;
  const { token, name } = await createLoggedInAccount(request, { label: 'comments-fr', locale: 'fr' });
  const box = await createBox(request, token, 'Vacances');
  const text = await api<{ _id: string }>(request, token, 'POST', '/api/items/create-item', {
    parentItemId: box._id,
    itemType: 'todoText',
    title: 'Réserver le ferry',
  });
  await api(request, token, 'POST', `/api/items/${text._id}/comments`, { body: 'Billets à _confirmer_' });
  const row = await openBoxBeside(page, token, box._id, 'Vacances', 'Réserver le ferry');

  // The count on the row, a fingertip's size, opens Item settings at the comments.
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport();
  const count = row.getByRole('button', { name: '1 commentaire' });
  await expect(count).toHaveText('1');
  await expectTapTargets(page, 'a row with comments at 390 px', row);
  await shot(page, 'comments-row-fr-390');
  await count.click();
  const settings = page.getByRole('dialog', { name: 'Réserver le ferry' });
  const comments = settings.getByRole('region', { name: 'Commentaires' });
  await expect(comments.getByRole('heading', { name: 'Commentaires' })).toBeInViewport();
  const list = comments.getByRole('list', { name: 'Commentaires sur cet élément' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(name);
  await expect(list.locator('em')).toHaveText('confirmer');
  await expect(comments).toContainText('Markdown accepté. Ctrl+Entrée pour envoyer.');

  const field = comments.getByRole('textbox', { name: 'Ajouter un commentaire' });
  await field.fill('Et les vélos\u00a0?');
  const posted = commentCall(page, 'POST');
  await comments.getByRole('button', { name: 'Commenter', exact: true }).click();
  expect((await posted).status()).toBe(201);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(field).toHaveValue('');
  await expect(list.getByRole('button', { name: 'Modifier votre commentaire' })).toHaveCount(2);
  await expectTapTargets(page, 'the comments at 390 px', list);

  // Nothing runs wider than the phone: not the page, not the dialog.
  const widths = await settings.evaluate((dialog) => {
    const content = dialog.closest('.mantine-Modal-content') ?? dialog;
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dialog: content.scrollWidth - content.clientWidth,
    };
  });
  expect(widths).toEqual({ page: 0, dialog: 0 });
  await comments.scrollIntoViewIfNeeded();
  await shot(page, 'comments-fr-390');

  // Words typed and not sent come back after the tab reloads.
  await field.fill('Un brouillon à finir');
  await page.reload();
  await page.getByRole('button', { name: '2 commentaires' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Réserver le ferry' })
      .getByRole('textbox', { name: 'Ajouter un commentaire' }),
  ).toHaveValue('Un brouillon à finir');
});
