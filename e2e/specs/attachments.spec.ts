import type { Locator, Page, Response } from '@playwright/test';
import { createLoggedInAccount } from '../support/accounts.js';
import { createBox } from '../support/api.js';
import { liveSocketConnected } from '../support/live.js';
import { expect, expectAccessible, test } from '../support/test.js';
import {
  addTexts,
  openBoxBeside,
  openSettings,
  secondBrowser,
  textSharedToRead,
} from '../support/workspace-setup.js';

/**
 * Files attached to a shared text: picked, dropped and pasted in Item settings by its owner,
 * then dropped onto its row, arriving live for a reader who may open them but not attach;
 * then in French on a phone.
 */

/** A real 48 × 32 PNG (one green), which the server sniffs as a picture and makes a thumbnail of. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASklEQVRYhe2WQQ0AQAzC5qiOsID/38nYZWkyAYRA2dB8dbOuAAVFh2qGsGVZxw+CMTpUM4QtyzqE8EGLDtUMYcsihyIY63RweFwfmxjoTA0FLu4AAAAASUVORK5CYII=',
  'base64',
);

/** Resolves with the answer of the next upload. */
const uploaded = (page: Page): Promise<Response> =>
  page.waitForResponse(
    (response) =>
      /\/api\/items\/[^/]+\/attachments$/.test(response.url()) && response.request().method() === 'POST',
  );

/** Files handed to the page as a drop onto `target`, or as a paste anywhere (`target` null). */
async function handFiles(
  page: Page,
  target: Locator | null,
  files: { name: string; type: string; text: string }[],
) {
  const transfer = await page.evaluateHandle((given) => {
    const data = new DataTransfer();
    for (const file of given) data.items.add(new File([file.text], file.name, { type: file.type }));
    return data;
  }, files);
  if (target) {
    await target.dispatchEvent('dragover', { dataTransfer: transfer });
    await target.dispatchEvent('drop', { dataTransfer: transfer });
  } else {
    await page.evaluate((data) => {
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, transfer);
  }
}

test('attached by picking, dropping and pasting; a reader sees them live and opens one', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const { ada, ben, box } = await textSharedToRead(
    request,
    'attachments',
    ['Ada', 'Ben'],
    'Trip',
    'Book the ferry',
  );
  const where = { boxId: box._id, box: 'Trip', text: 'Book the ferry' };
  const {
    context: benContext,
    page: benPage,
    row: benRow,
  } = await secondBrowser(browser, testInfo, ben.token, where);
  try {
    const benSection = (await openSettings(benPage, benRow, 'Book the ferry')).getByRole('region', {
      name: 'Attachments',
    });
    await expect(benSection.getByText('No files attached yet.')).toBeVisible();
    await expect(
      benSection.getByText('Only people who can edit this item can attach files to it.'),
    ).toBeVisible();
    await expect(benSection.getByRole('button', { name: 'Attach a file' })).toHaveCount(0);

    const adaLive = liveSocketConnected(page);
    const adaRow = await openBoxBeside(page, ada.token, box._id, 'Trip', 'Book the ferry');
    await adaLive;
    const section = (await openSettings(page, adaRow, 'Book the ferry')).getByRole('region', {
      name: 'Attachments',
    });
    const list = section.getByRole('list', { name: 'Files attached to this item' });

    // Picked: a picture, whose type the server reads from its bytes, with a thumbnail.
    const picked = uploaded(page);
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: 'map.png', mimeType: 'text/plain', buffer: PNG });
    expect((await picked).status()).toBe(201);
    const map = list.getByRole('listitem').filter({ hasText: 'map.png' });
    await expect(map.getByRole('button', { name: 'Open map.png' })).toBeVisible();
    // Its thumbnail, read with the session's token, shows (a picture drawn, not a broken one).
    await expect(map.locator('img')).toBeVisible();
    await expect
      .poll(() =>
        map.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBe(48);

    // Dropped onto the section: two files at once.
    const dropped = uploaded(page);
    await handFiles(page, section, [
      { name: 'tickets.txt', type: 'text/plain', text: 'Ferry at 07:30, deck 4' },
      { name: 'list.txt', type: 'text/plain', text: 'Passports' },
    ]);
    expect((await dropped).status()).toBe(201);
    await expect(list.getByRole('listitem')).toHaveCount(3);

    // Pasted anywhere in Item settings.
    const pasted = uploaded(page);
    await handFiles(page, null, [{ name: 'pasted.txt', type: 'text/plain', text: 'From the clipboard' }]);
    expect((await pasted).status()).toBe(201);
    await expect(list.getByRole('listitem')).toHaveCount(4);
    // Each file's progress goes once it is in, however many went up together.
    await expect(section.getByRole('list', { name: 'Files being attached' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: 'Delete tickets.txt' })).toBeVisible();
    await expectAccessible(page, 'Item settings with attachments');
    await section.scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/attachments-en-1280.png` });

    // Ben sees them without a reload, and saves one: the bytes Ada attached.
    const benList = benSection.getByRole('list', { name: 'Files attached to this item' });
    await expect(benList.getByRole('listitem')).toHaveCount(4);
    await expect(benList.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    const download = benPage.waitForEvent('download');
    await benList.getByRole('button', { name: 'Download tickets.txt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('tickets.txt');
    const saved = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('Ferry at 07:30, deck 4');
    await expectAccessible(benPage, 'Item settings with attachments (readonly)');

    // Ada deletes one after confirming; it goes for Ben too.
    await list.getByRole('button', { name: 'Delete list.txt' }).click();
    const question = page.getByRole('dialog', { name: 'Delete this file?' });
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(benList.getByRole('listitem')).toHaveCount(3);

    // Dropped onto the text's row in its pane, Item settings closed: attached all the same.
    await page.keyboard.press('Escape');
    await expect(section).toBeHidden();
    const onRow = uploaded(page);
    await handFiles(page, adaRow.locator('[data-item-id]').first(), [
      { name: 'timetable.txt', type: 'text/plain', text: 'Departs 07:30' },
    ]);
    expect((await onRow).status()).toBe(201);
    await expect(page.getByText('A file is attached to “Book the ferry”.')).toBeVisible();
    await expect(benList.getByRole('listitem')).toHaveCount(4);
    await expect(benList.getByRole('button', { name: 'Download timetable.txt' })).toBeVisible();
  } finally {
    await benContext.close();
  }
});

test('fr, 390 px: the section reads in French, fits, and says why a file is refused', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token } = await createLoggedInAccount(request, { label: 'attachments-fr', locale: 'fr' });
  const box = await createBox(request, token, 'Voyage');
  await addTexts(request, token, box._id, ['Réserver le ferry']);
  const row = await openBoxBeside(page, token, box._id, 'Voyage', 'Réserver le ferry');
  // On a phone the row's own button opens its menu.
  await row.getByRole('button', { name: 'Actions de l’élément' }).click();
  await page.getByRole('button', { name: 'Plus d’options' }).click();
  const settings = page.getByRole('dialog', { name: 'Réserver le ferry' });
  const section = settings.getByRole('region', { name: 'Pièces jointes' });
  await expect(section.getByText('Aucun fichier joint pour l’instant.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Joindre un fichier' })).toBeVisible();
  // An empty file is refused, in French, under the section.
  const refused = uploaded(page);
  await section
    .locator('input[type="file"]')
    .setInputFiles({ name: 'vide.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  expect((await refused).status()).toBe(400);
  await expect(section.getByRole('alert')).toContainText('Ce fichier est vide.');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'Pièces jointes, 390 px');
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/attachments-fr-390.png` });
});
