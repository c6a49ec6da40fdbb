import type { Locator, Page, Response } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane, rootBoxId, userIdOf } from '../support/api.js';
import { expectSelected } from '../support/keyboard.js';
import { liveSocketConnected } from '../support/live.js';
import { expectTapTargets } from '../support/tap-targets.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { addTexts, openPanes } from '../support/workspace-setup.js';

/**
 * Comments on an item, written in Item settings: two people on a shared box, each seeing the
 * other's comments arrive live and the count on the row; the readonly member comments too; the
 * author edits (Escape cancels without closing the dialog) and deletes after confirming. Then
 * in French on a phone-sized window, opened from the row's count.
 */

const rowIn = (scope: Locator, title: string) => scope.getByRole('listitem', { name: title, exact: true });

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

/** Someone's Workspace and the box, open side by side, the text's row shown. */
async function openBox(page: Page, token: string, boxId: string, box: string, text: string) {
  await openPanes(page.request, token, [await rootBoxId(page.request, token), boxId]);
  await putSessionToken(page, token);
  await page.goto('/app/boxes');
  const row = rowIn(pane(page, box), text);
  // The first page of a run loads the app's chunks cold: on a busy machine that takes a while.
  await expect(row).toBeVisible({ timeout: 60_000 });
  return row;
}

test('two people comment on a shared text, live; the author edits and deletes', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const ada = await createLoggedInAccount(request, { label: 'comments-owner', name: `Ada ${suffix}` });
  const ben = await createLoggedInAccount(request, { label: 'comments-reader', name: `Ben ${suffix}` });
  const box = await createBox(request, ada.token, 'Trip');
  await addTexts(request, ada.token, box._id, ['Book the ferry']);
  await api(request, ada.token, 'PUT', '/api/items/associate-user', {
    itemId: box._id,
    userId: await userIdOf(request, ben.token),
    ownershipId: 'readonly',
  });

  const { baseURL, locale, timezoneId, viewport } = testInfo.project.use;
  const benContext = await browser.newContext({ baseURL, locale, timezoneId, viewport });
  try {
    // Ben, who may only read the box, has the text's Item settings open.
    const benPage = await benContext.newPage();
    const benLive = liveSocketConnected(benPage);
    const benRow = await openBox(benPage, ben.token, box._id, 'Trip', 'Book the ferry');
    await benLive;
    await benRow.hover();
    await benPage.getByRole('button', { name: 'More options' }).click();
    const benSettings = benPage.getByRole('dialog', { name: 'Book the ferry' });
    const benComments = benSettings.getByRole('region', { name: 'Comments' });
    await expect(benComments.getByText('No comments yet.')).toBeVisible();

    // Ada, from the keyboard: the row, N for Item settings, then Tab past the note to the comment field.
    const adaLive = liveSocketConnected(page);
    const adaRow = await openBox(page, ada.token, box._id, 'Trip', 'Book the ferry');
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
  const row = await openBox(page, token, box._id, 'Vacances', 'Réserver le ferry');

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
