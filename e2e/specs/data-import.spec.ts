import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { getAs, pane, rootBoxId } from '../support/api.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { rows } from '../support/workspace-setup.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../packages/server/src/modules/data/fixtures/${name}`, import.meta.url));

interface PaneRead {
  items: { _id: string; title: string; itemType: string; note: string }[];
}
const titlesIn = async (request: Parameters<typeof getAs>[0], token: string, boxId: string) =>
  (await getAs<PaneRead>(request, token, `/api/items/get-items-for-pane?itemId=${boxId}`)).items.map(
    (i) => i.title,
  );

async function openDataTab(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Data' }).click();
  return dialog;
}

/** Chooses a file in the import section, as the file picker would. */
async function chooseFile(dialog: Locator, name: string, mimeType: string, buffer: Buffer) {
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

test('imports a Todoist CSV and an OPML outline from the Data tab, and shows their boxes', async ({
  page,
  request,
}, testInfo) => {
  const account = await createLoggedInAccount(request, { label: 'import' });
  await putSessionToken(page, account.token);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  const workspace = pane(page, 'Workspace');
  await expect(workspace).toBeVisible();

  // Todoist: the format is read from the name; a check says what the file holds first.
  let dialog = await openDataTab(page);
  const section = dialog.getByRole('region', { name: 'Import' });
  await chooseFile(dialog, 'Holiday.csv', 'text/csv', fixture('todoist-en.csv'));
  await expect(section.getByRole('combobox', { name: 'Format' })).toHaveValue('Todoist project (CSV)');
  await section.getByRole('button', { name: 'Check file' }).click();
  const status = section.getByRole('status');
  await expect(status).toContainText('This file holds 2 boxes, 5 texts, 3 dates and 0 reminders.');
  await expect(status).toContainText(
    'Line 10: the date “someday maybe” could not be read; the task is kept without it.',
  );
  await page.screenshot({ path: testInfo.outputPath('import-checked.png') });

  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/import?') && r.url().includes('dryRun=0'),
  );
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  expect((await answered).status()).toBe(200);
  await expect(status).toContainText('Imported 2 boxes, 5 texts, 3 dates and 0 reminders.');
  await page.screenshot({ path: testInfo.outputPath('import-done.png') });

  // The new box is in the Workspace (named after the file), and opens in a pane of its own.
  await section.getByRole('button', { name: 'Open the box' }).click();
  await expect(dialog).toBeHidden();
  const holiday = pane(page, 'Holiday');
  await expect(holiday.getByText('Plan the trip')).toBeVisible();
  await expect(holiday.getByText('Garden')).toBeVisible();
  await expect(workspace.getByText('Holiday', { exact: true })).toBeVisible();

  // OPML (Workflowy): into a box chosen by name this time.
  dialog = await openDataTab(page);
  await chooseFile(dialog, 'workflowy.opml', 'text/x-opml', fixture('workflowy-en.opml'));
  const importSection = dialog.getByRole('region', { name: 'Import' });
  await expect(importSection.getByRole('combobox', { name: 'Format' })).toHaveValue('Outline (OPML)');
  const target = importSection.getByRole('combobox', { name: 'Import into' });
  await target.click();
  await target.fill('Gard');
  await importSection.getByRole('option', { name: /Holiday › Garden/ }).click();
  await importSection.getByRole('button', { name: 'Import', exact: true }).click();
  // Workflowy's `_note` is the item's note, not a text of its own.
  await expect(importSection.getByRole('status')).toContainText(
    'Imported 2 boxes, 4 texts, 0 dates and 0 reminders.',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The server holds it where it was asked to go, and the open pane shows it.
  const root = await rootBoxId(request, account.token);
  const [box] = (
    await getAs<PaneRead>(request, account.token, `/api/items/get-items-for-pane?itemId=${root}`)
  ).items;
  expect(box?.title).toBe('Holiday');
  const garden = (
    await getAs<PaneRead>(request, account.token, `/api/items/get-items-for-pane?itemId=${box?._id}`)
  ).items.find((item) => item.title === 'Garden');
  expect(await titlesIn(request, account.token, garden?._id ?? '')).toEqual([
    'Mow the lawn',
    'Prune the roses, gently',
    'Home',
    'Read "Dune" & take notes',
  ]);
  const home = (
    await getAs<PaneRead>(request, account.token, `/api/items/get-items-for-pane?itemId=${garden?._id}`)
  ).items.find((item) => item.title === 'Home');
  const kitchen = (
    await getAs<PaneRead>(request, account.token, `/api/items/get-items-for-pane?itemId=${home?._id}`)
  ).items.find((item) => item.title === 'Kitchen');
  expect(kitchen?.note).toBe('Measure the wall first');
});

test('a current Todoist export imports in French: sections, a heading, and each note on its own task', async ({
  page,
  request,
}) => {
  const account = await createLoggedInAccount(request, {
    label: 'import-todoist-fr',
    locale: 'fr',
    timezone: 'Europe/Paris',
  });
  await putSessionToken(page, account.token);
  await page.goto('/app');
  await page.getByRole('banner').getByRole('button', { name: 'Paramètres de l’application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres de l’application' });
  await dialog.getByRole('tab', { name: 'Données' }).click();
  const section = dialog.getByRole('region', { name: 'Importer' });
  // Today's header (IS_COLLAPSED … DEADLINE_LANG), a meta row, sections, notes after a subtask.
  await chooseFile(dialog, 'Maison.csv', 'text/csv', fixture('todoist-current-fr.csv'));
  await expect(section.getByRole('combobox', { name: 'Format' })).toHaveValue('Projet Todoist (CSV)');
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/import?') && r.url().includes('dryRun=0'),
  );
  await section.getByRole('button', { name: 'Importer', exact: true }).click();
  expect((await answered).status()).toBe(200);
  const status = section.getByRole('status');
  await expect(status).toContainText('3\u00a0boîtes, 5\u00a0textes, 4\u00a0dates et');
  // "tous les lundis" and "le 5 de chaque mois" were read: no remark.
  await expect(status).not.toContainText('remarques');
  await expectAccessible(page, 'a Todoist import done, in French');

  await section.getByRole('button', { name: 'Ouvrir la boîte' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page, 'Maison')).toHaveText(['À faire', 'En cours']);

  // Each note went to the task it follows, as the task's note; the heading "* Courses" is a box.
  const childrenOf = async (boxId: string) =>
    (await getAs<PaneRead>(request, account.token, `/api/items/get-items-for-pane?itemId=${boxId}`)).items;
  const root = await rootBoxId(request, account.token);
  const maison = (await childrenOf(root)).find((item) => item.title === 'Maison');
  const todo = (await childrenOf(maison?._id ?? '')).find((item) => item.title === 'À faire');
  const courses = (await childrenOf(todo?._id ?? '')).find((item) => item.title === 'Courses');
  expect(courses?.itemType).toBe('todoBox');
  const bread = (await childrenOf(courses?._id ?? '')).find((item) => item.title === 'Acheter du pain');
  expect(bread?.note).toContain('Boulangerie du coin');
  expect(bread?.note).toContain('Pain complet, pas de baguette');
});

test('a bad file is named by its line, in the page’s language, and nothing is imported', async ({
  page,
  request,
}, testInfo) => {
  const account = await createLoggedInAccount(request, { label: 'import-fr', locale: 'fr' });
  await putSessionToken(page, account.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app');
  // At 390 px the header keeps its settings in its Menu.
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Paramètres de l’application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paramètres de l’application' });
  await dialog.getByRole('tab', { name: 'Données' }).click();
  const section = dialog.getByRole('region', { name: 'Importer' });
  await chooseFile(
    dialog,
    'taches.csv',
    'text/csv',
    Buffer.from('TYPE,CONTENT,PRIORITY\ntask,Appeler Anna,1\ntâche,Acheter du pain,2\n'),
  );
  await section.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(section.getByRole('status')).toContainText(
    'Ligne 3\u00a0: le TYPE «\u00a0tâche\u00a0» n’est ni task, ni section, ni note, ni meta.',
  );
  await page.screenshot({ path: testInfo.outputPath('import-refused-390.png') });
  const root = await rootBoxId(request, account.token);
  expect(await titlesIn(request, account.token, root)).toEqual([]);
});

test('a Nestbox export downloaded from the Data tab imports into a new account, settings and all', async ({
  page,
  request,
}) => {
  // The first account's lists and settings, put in place through the import API.
  const seed = {
    format: 'nestbox',
    version: 1,
    exportedAt: Date.UTC(2026, 10, 1),
    settings: {
      locale: 'en-GB',
      timezone: 'Europe/Paris',
      workspace: { tooltipsEnabled: true, openBoxesIn: 'newPane' },
      organizer: {
        prioritizedSplitPercentage: 55,
        unprioritizedListOrderBy: 'itemTitle',
        unprioritizedListOrderByDir: 'asc',
      },
      customizations: {
        defaultShowCompletedItems: false,
        defaultAutoAddToUnprioritized: true,
        reminderEmails: false,
        shortcutsEnabled: true,
      },
    },
    workspace: [
      {
        type: 'box',
        id: 'b1',
        title: 'Kitchen',
        boxType: 'todo',
        createdAt: Date.UTC(2026, 0, 1),
        completedAt: null,
        archivedAt: null,
        targetDate: null,
        autoArchive: null,
        settings: { showCompleted: false, autoAddToUnprioritized: true },
        mine: { favourited: true, prioritizable: false, priority: null, markedForToday: false },
        reminders: [],
        children: [
          {
            type: 'text',
            id: 't1',
            title: 'Descale the kettle',
            createdAt: Date.UTC(2026, 0, 2),
            completedAt: null,
            archivedAt: null,
            targetDate: null,
            autoArchive: null,
            mine: { favourited: false, prioritizable: true, priority: 16384, markedForToday: true },
            reminders: [],
          },
        ],
      },
    ],
  };
  const first = await createLoggedInAccount(request, { label: 'export-json' });
  const seeded = await request.post(
    `/api/import?format=json&boxId=${await rootBoxId(request, first.token)}`,
    {
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      data: JSON.stringify(seed),
    },
  );
  expect(seeded.status()).toBe(200);

  // The first account exports from the Data tab…
  const firstPage = await page.context().newPage();
  await putSessionToken(firstPage, first.token);
  await firstPage.goto('/app');
  const exportTab = await openDataTab(firstPage);
  const downloaded = firstPage.waitForEvent('download');
  await exportTab.getByRole('button', { name: 'Download JSON' }).click();
  const exported = await downloaded;
  const file = readFileSync((await exported.path()) ?? '');
  await firstPage.close();

  // …and a new account imports that file from its own Data tab.
  const account = await createLoggedInAccount(request, { label: 'import-json' });
  await putSessionToken(page, account.token);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Open your Workspace' }).click();
  const dialog = await openDataTab(page);
  const section = dialog.getByRole('region', { name: 'Import' });
  await chooseFile(dialog, exported.suggestedFilename(), 'application/json', file);
  await expect(
    section.getByRole('checkbox', { name: 'Also restore the settings saved in the file' }),
  ).toBeChecked();
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  // The time zone changed: the app starts again in it, and says what was imported.
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Imported 1 box, 1 text, 0 dates and 0 reminders.'),
  ).toBeVisible();
  const user = await getAs<{ timezone: string }>(request, account.token, '/api/admin/users/get-user');
  expect(user.timezone).toBe('Europe/Paris');

  // The box is there, and the text is pinned to Today in the Organizer.
  await page.goto('/app/organiser');
  await expect(page.getByRole('button', { name: 'Descale the kettle', exact: true })).toBeVisible();
  const root = await rootBoxId(request, account.token);
  const [imported] = (
    await getAs<PaneRead>(request, account.token, `/api/items/get-items-for-pane?itemId=${root}`)
  ).items;
  expect(imported?.title).toBe(exported.suggestedFilename().replace(/\.json$/, ''));
  expect(await titlesIn(request, account.token, imported?._id ?? '')).toEqual(['Kitchen']);
});
