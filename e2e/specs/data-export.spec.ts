import { readFile } from 'node:fs/promises';
import type { AttachmentList } from '@nestbox/shared/attachments/attachments.schema';
import { ExportFileSchema, type ExportItem } from '@nestbox/shared/data/export.schema';
import type { Locator, Page } from '@playwright/test';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { unzip } from '../../packages/server/src/test/unzip.js';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { addTexts } from '../support/workspace-setup.js';

async function openDataTab(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Data' }).click();
  return dialog;
}

/** Presses a format's button and answers the downloaded file's name, bytes and text. */
async function download(page: Page, dialog: Locator, name: string) {
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: `Download ${name}` }).click();
  const file = await downloaded;
  const bytes = await readFile(await file.path());
  return { fileName: file.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

interface Outline {
  '@_text': string;
  '@__complete'?: string;
  outline?: Outline[];
}

test('Data tab: each export format downloads, and holds the boxes and texts made through the API', async ({
  page,
  request,
}, testInfo) => {
  const account = await createLoggedInAccount(request, { label: 'export' });
  const garden = await createBox(request, account.token, 'Garden & "shed"');
  const tools = await api<{ _id: string }>(request, account.token, 'POST', '/api/items/create-item', {
    parentItemId: garden._id,
    itemType: 'todoBox',
    title: 'Tools',
  });
  await addTexts(request, account.token, garden._id, ['Rake the leaves', '=1+1']);
  await addTexts(request, account.token, tools._id, ['Oil the shears']);
  const attached = await request.post(`/api/items/${tools._id}/attachments`, {
    headers: { authorization: `Bearer ${account.token}` },
    multipart: {
      file: { name: 'shears manual.txt', mimeType: 'text/plain', buffer: Buffer.from('Oil monthly.') },
    },
  });
  expect(attached.status()).toBe(201);
  await putSessionToken(page, account.token);
  await page.goto('/app');
  const dialog = await openDataTab(page);
  await expect(dialog.getByRole('heading', { name: 'Export' })).toBeVisible();
  await expect(
    dialog.getByText('Nestbox JSON: everything but the attached files, to import back.'),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('data-tab-1280.png') });

  // JSON: the versioned schema, the tree in order.
  const json = await download(page, dialog, 'JSON');
  expect(json.fileName).toMatch(/^nestbox-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = ExportFileSchema.parse(JSON.parse(json.text));
  const shape = (items: readonly ExportItem[]): unknown[] =>
    items.map((item) => (item.type === 'box' ? { [item.title]: shape(item.children) } : item.title));
  expect(shape(file.workspace)).toEqual([
    { 'Garden & "shed"': [{ Tools: ['Oil the shears'] }, 'Rake the leaves', '=1+1'] },
  ]);

  // ZIP: the same JSON, and the attached file where the JSON says it is.
  const zip = await download(page, dialog, 'ZIP');
  expect(zip.fileName).toMatch(/^nestbox-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipped = await unzip(zip.bytes);
  expect(shape(ExportFileSchema.parse(JSON.parse(String(zipped.get('nestbox.json')))).workspace)).toEqual(
    shape(file.workspace),
  );
  const manual = (file.workspace[0] as ExportItem & { type: 'box' }).children[0]?.attachments?.[0];
  expect(manual).toMatchObject({ name: 'shears manual.txt', type: 'text/plain', size: 12 });
  expect(String(zipped.get(manual?.file ?? ''))).toBe('Oil monthly.');

  // OPML: the same tree of outlines.
  const opml = await download(page, dialog, 'OPML');
  expect(opml.fileName).toMatch(/^nestbox-export-\d{4}-\d{2}-\d{2}\.opml$/);
  const outlines = (
    new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      isArray: (tag) => tag === 'outline',
    }).parse(opml.text) as { opml: { body: { outline: Outline[] } } }
  ).opml.body.outline;
  const opmlShape = (list: readonly Outline[]): unknown[] =>
    list.map((o) => (o.outline ? { [o['@_text']]: opmlShape(o.outline) } : o['@_text']));
  expect(opmlShape(outlines)).toEqual([
    { 'Garden & "shed"': [{ Tools: ['Oil the shears'] }, 'Rake the leaves', '=1+1'] },
  ]);

  // CSV: one row per item with its path; a formula is defused.
  const csv = await download(page, dialog, 'CSV');
  expect(csv.fileName).toMatch(/^nestbox-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(csv.text, { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.map((row) => [row.path, row.title, row.type])).toEqual([
    ['', 'Garden & "shed"', 'box'],
    ['Garden & "shed"', 'Tools', 'box'],
    ['Garden & "shed" › Tools', 'Oil the shears', 'text'],
    ['Garden & "shed"', 'Rake the leaves', 'text'],
    ['Garden & "shed"', "'=1+1", 'text'],
  ]);

  // The ZIP imports back whole: its format read from the name, the file attached again.
  const section = dialog.getByRole('region', { name: 'Import' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: zip.fileName,
    mimeType: 'application/zip',
    buffer: zip.bytes,
  });
  await expect(section.getByRole('combobox', { name: 'Format' })).toHaveValue('Nestbox export (JSON or ZIP)');
  const imported = page.waitForResponse(
    (r) => r.url().includes('/api/import?') && r.url().includes('dryRun=0'),
  );
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  const answer = (await (await imported).json()) as { boxId: string };
  await expect(section.getByRole('status')).toContainText(
    'Imported 2 boxes, 3 texts, 0 dates and 0 reminders.',
  );
  const copy = await api<{ items: { _id: string; title: string }[] }>(
    request,
    account.token,
    'GET',
    `/api/items/get-items-for-pane?itemId=${answer.boxId}`,
  );
  const gardenCopy = copy.items.find((item) => item.title === 'Garden & "shed"');
  const inGarden = await api<{ items: { _id: string; title: string }[] }>(
    request,
    account.token,
    'GET',
    `/api/items/get-items-for-pane?itemId=${gardenCopy?._id}`,
  );
  const toolsCopy = inGarden.items.find((item) => item.title === 'Tools');
  const files = await api<AttachmentList>(
    request,
    account.token,
    'GET',
    `/api/items/${toolsCopy?._id}/attachments`,
  );
  expect(files.attachments.map((one) => [one.name, one.size])).toEqual([['shears manual.txt', 12]]);

  // Calm at a phone's width too, every button enabled again.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['JSON', 'ZIP', 'OPML', 'CSV'])
    await expect(dialog.getByRole('button', { name: `Download ${name}` })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Download CSV' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('data-tab-390.png') });
});

test('Data tab: a failed export says so and leaves the buttons ready', async ({ page, request }) => {
  const account = await createLoggedInAccount(request, { label: 'export-fails' });
  await putSessionToken(page, account.token);
  await page.route('**/api/export?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'error.busy', message: 'Busy.' } }),
    }),
  );
  await page.goto('/app');
  const dialog = await openDataTab(page);
  await dialog.getByRole('button', { name: 'Download OPML' }).click();
  await expect(page.getByText('The export could not be downloaded. Please try again.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download OPML' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Download JSON' })).toBeEnabled();
});
