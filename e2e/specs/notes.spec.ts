import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox, pane, readItem, rootBoxId } from '../support/api.js';
import { expectSelected } from '../support/keyboard.js';
import { expect, test } from '../support/test.js';
import { addTexts, openPanes } from '../support/workspace-setup.js';

/**
 * A note on a text: written in Item settings with Markdown, previewed through the safe
 * renderer, saved (on leaving the field, and on closing the dialog), marked on the row,
 * reopened with N from the selected row, and found through search, in English on a desktop
 * and in French on a phone-sized window.
 */

const rowIn = (scope: Locator, title: string) => scope.getByRole('listitem', { name: title, exact: true });

const LANGUAGES = [
  {
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    box: 'Holiday',
    text: 'Book the ferry',
    workspace: 'Workspace',
    field: 'Note (Markdown)',
    preview: 'Preview',
    edit: 'Edit',
    mark: 'Has a note',
    search: 'Search',
    searchField: 'Search titles',
    results: 'Search results',
    foundInNote: 'Found in the note',
  },
  {
    locale: 'fr',
    viewport: { width: 390, height: 844 },
    box: 'Vacances',
    text: 'Réserver le ferry',
    workspace: 'Espace de travail',
    field: 'Note (Markdown)',
    preview: 'Aperçu',
    edit: 'Modifier',
    mark: 'A une note',
    search: 'Rechercher',
    searchField: 'Rechercher dans les titres',
    results: 'Résultats de la recherche',
    foundInNote: 'Trouvé dans la note',
  },
] as const;

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
};

for (const words of LANGUAGES) {
  test(`${words.locale}, ${words.viewport.width} px: a note is written, marked, reopened with N and found`, async ({
    page,
  }) => {
    // A long journey with axe on every dialog and pane it opens.
    test.slow();
    await page.setViewportSize(words.viewport);
    const { request } = page;
    const { token } = await createLoggedInAccount(request, {
      label: `notes-${words.locale}`,
      locale: words.locale,
    });
    const root = await rootBoxId(request, token);
    const box = await createBox(request, token, words.box);
    await addTexts(request, token, box._id, [words.text, 'passport photos?']);
    await openPanes(request, token, [root, box._id]);
    await putSessionToken(page, token);
    await page.goto('/app/boxes');

    const boxPane = pane(page, words.box);
    const row = rowIn(boxPane, words.text);
    // The first page of a run loads the app's chunks cold: on a busy machine that takes a while.
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByRole('img', { name: words.mark })).toHaveCount(0);
    // The row selected from the keyboard: into the first pane, then the box's.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expectSelected(row);
    const itemId = (await row.getAttribute('data-selectable-row')) ?? '';

    // N opens Item settings with the note's field focused.
    await page.keyboard.press('n');
    const settings = page.getByRole('dialog', { name: words.text });
    const field = settings.getByRole('textbox', { name: words.field });
    await expect(field).toBeFocused();
    await page.keyboard.type('Bring the **passports**');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Times: [timetable](https://example.org/ferry)');
    // Leaving the field saves it.
    const saved = page.waitForResponse((r) => r.url().includes('/api/items/set-note'));
    await settings.getByRole('button', { name: words.preview }).click();
    expect((await saved).status()).toBe(200);
    const note = 'Bring the **passports**\n\nTimes: [timetable](https://example.org/ferry)';
    expect((await readItem<{ note: string }>(request, token, itemId)).note).toBe(note);

    // The preview shows the Markdown through the safe renderer.
    const preview = settings.locator('[data-note-preview]');
    await expect(preview.locator('strong')).toHaveText('passports');
    await expect(preview.getByRole('link', { name: 'timetable' })).toHaveAttribute(
      'href',
      'https://example.org/ferry',
    );
    await shot(page, `note-preview-${words.locale}`);
    await settings.getByRole('button', { name: words.edit }).click();

    // What is typed is kept when the dialog closes without leaving the field.
    await settings.getByRole('textbox', { name: words.field }).focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' (port 2)');
    const closedSave = page.waitForResponse((r) => r.url().includes('/api/items/set-note'));
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    expect((await closedSave).status()).toBe(200);
    expect((await readItem<{ note: string }>(request, token, itemId)).note).toBe(`${note} (port 2)`);

    // The row carries the mark; N from it reopens the note where it was left.
    await expect(row.getByRole('img', { name: words.mark })).toBeVisible();
    await expect(rowIn(boxPane, 'passport photos?').getByRole('img', { name: words.mark })).toHaveCount(0);
    await shot(page, `note-row-${words.locale}`);
    await expectSelected(row);
    await page.keyboard.press('n');
    await expect(settings.getByRole('textbox', { name: words.field })).toBeFocused();
    await expect(settings.getByRole('textbox', { name: words.field })).toHaveValue(`${note} (port 2)`);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // Search finds it by a word of its note, and says where.
    await pane(page, words.workspace).getByRole('button', { name: words.search, exact: true }).click();
    const search = page.locator('section[data-pane-type="search"]');
    await search.getByRole('textbox', { name: words.searchField }).fill('timetable');
    const results = search.getByRole('list', { name: words.results }).getByRole('button');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText(words.text);
    await expect(results.first()).toContainText(words.foundInNote);
    await expect(results.first().getByRole('img', { name: words.mark })).toBeVisible();
    await shot(page, `note-search-${words.locale}`);
  });
}
