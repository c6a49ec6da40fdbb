import type { Page } from '@playwright/test';
import { pane } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { workspaceWith } from '../support/workspace-setup.js';

const searchPane = (page: Page) => page.locator('section[data-pane-type="search"]');

/** Adds ` #home` to a text in its pane, as typed in the row's editor. */
async function tagText(page: Page, box: string, text: string) {
  const boxPane = pane(page, box);
  await boxPane.getByRole('button', { name: text, exact: true }).click({ position: { x: 8, y: 8 } });
  const editor = boxPane.getByRole('textbox', { name: 'Text' });
  await expect(editor).toBeFocused();
  await page.keyboard.type(' #home');
  const saved = page.waitForResponse((r) => r.url().includes('/api/items/save-text-item'));
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  // Enter opened a new line below: Escape drops it.
  await expect(boxPane.getByRole('textbox', { name: 'Text' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(boxPane.getByRole('textbox', { name: 'Text' })).toHaveCount(0);
}

test.describe('tags', () => {
  test('three texts tagged #home in two boxes: a chip opens the tag, the Tags scope renames it', async ({
    page,
  }) => {
    await workspaceWith(page, 'tags', { Kitchen: ['Wash up', 'Fix the tap'], Garden: ['Mow the lawn'] });
    await page.goto('/app/boxes');
    await tagText(page, 'Kitchen', 'Wash up');
    await tagText(page, 'Kitchen', 'Fix the tap');

    // The third one is offered the tag as `#` is typed, and takes it with Enter.
    const garden = pane(page, 'Garden');
    await garden
      .getByRole('button', { name: 'Mow the lawn', exact: true })
      .click({ position: { x: 8, y: 8 } });
    await expect(garden.getByRole('textbox', { name: 'Text' })).toBeFocused();
    await page.keyboard.type(' #ho');
    const offered = page.getByRole('listbox', { name: 'Tags' });
    await expect(offered.getByRole('option')).toHaveText(['#home 2 texts']);
    await page.keyboard.press('Enter');
    await expect(garden.getByRole('textbox', { name: 'Text' })).toHaveValue('Mow the lawn #home');
    const saved = page.waitForResponse((r) => r.url().includes('/api/items/save-text-item'));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await page.keyboard.press('Escape');

    // Chips in both boxes; one of them opens the tag's search pane with its three texts.
    await expect(page.locator('section[data-pane-id] button[data-tag="home"]')).toHaveCount(3);
    await garden.getByRole('button', { name: 'Open #home' }).click();
    const search = searchPane(page);
    await expect(search.getByRole('textbox', { name: 'Search titles' })).toHaveValue('#home');
    const results = search.getByRole('list', { name: 'Search results' }).getByRole('button');
    await expect(results).toHaveText([
      'Fix the tap #homein Kitchen',
      'Mow the lawn #homein Garden',
      'Wash up #homein Kitchen',
    ]);

    // The Tags scope lists it with its count; renaming asks first, saying how many texts change.
    await search.locator('label', { hasText: 'Tags' }).click();
    const tags = search.getByRole('list', { name: 'Tags' });
    await expect(tags.locator('[data-tag-row]')).toHaveText(['home3 texts']);
    await tags.getByRole('button', { name: 'Rename #home' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename #home' });
    await expect(dialog.getByText('This renames the tag in 3 texts you can edit.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'New name' }).fill('house');
    const renamed = page.waitForResponse((r) => r.url().includes('/api/tags/rename'));
    await dialog.getByRole('button', { name: 'Rename' }).click();
    expect(await (await renamed).json()).toEqual({ count: 3 });
    await expect(dialog).toBeHidden();
    await expect(tags.locator('[data-tag-row]')).toHaveText(['house3 texts']);
    await expect(page.locator('section[data-pane-id] button[data-tag="house"]')).toHaveCount(3);
    await expect(pane(page, 'Kitchen').getByText('Wash up')).toBeVisible();
  });

  test('a link opens a new tab without editing the text; a javascript: link stays text', async ({
    page,
    context,
  }) => {
    await context.route('https://example.org/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Example</title><main><h1>Example</h1></main></html>',
      }),
    );
    await workspaceWith(page, 'links', {
      Reading: ['Docs at https://example.org/docs and **bold** _note_', '[x](javascript:alert(1))'],
    });
    await page.goto('/app/boxes');
    const reading = pane(page, 'Reading');
    const link = reading.getByRole('link', { name: 'https://example.org/docs' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(reading.locator('strong', { hasText: 'bold' })).toBeVisible();
    await expect(reading.locator('em', { hasText: 'note' })).toBeVisible();

    // The page's own popup: the accessibility check may open blank pages in the context too.
    const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(tab).toHaveURL('https://example.org/docs');
    await tab.close();
    // The click was the link's: the text is not being edited.
    await expect(reading.getByRole('textbox', { name: 'Text' })).toHaveCount(0);

    await expect(reading.getByText('[x](javascript:alert(1))', { exact: true })).toBeVisible();
    await expect(reading.getByRole('link')).toHaveCount(1);

    // A click beside the link edits the text, showing what was typed.
    await reading.getByText('Docs at').click();
    await expect(reading.getByRole('textbox', { name: 'Text' })).toHaveValue(
      'Docs at https://example.org/docs and **bold** _note_',
    );
    await page.keyboard.press('Escape');
  });
});
