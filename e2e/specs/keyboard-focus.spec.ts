import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount } from '../support/accounts.js';
import { createBox, getAs, pane } from '../support/api.js';
import { expectSelected, openAppSignedIn } from '../support/keyboard.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { addTexts, appendTexts, openPanes } from '../support/workspace-setup.js';

/**
 * The keyboard in the panes: a pane's list is one Tab stop however long it is (its rows'
 * controls are reached by the rows' keys), an empty pane is reached by the arrows and Enter
 * starts its first text, and every step that closes something (a dialog, a line, the palette)
 * leaves the focus on something sensible, never on the page itself.
 */

const rowIn = (scope: Locator, title: string) => scope.getByRole('listitem', { name: title, exact: true });

/** The focus is on an element of the page, not on the page itself. */
async function expectFocusOnSomething(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body),
    )
    .toBe(true);
}

/** Whether the focus is inside this element. */
const holdsFocus = (scope: Locator) => scope.evaluate((element) => element.contains(document.activeElement));

interface ServerItem {
  _id: string;
  title: string;
  parentItemId: string | null;
}

test('a box of 1,000 texts is one Tab stop: the arrows walk its rows, one Tab leaves it', async ({
  page,
}) => {
  test.slow();
  const { request } = page;
  const { email, token } = await createLoggedInAccount(request, { label: 'keys-thousand' });
  const box = await createBox(request, token, 'Reading list');
  await appendTexts(
    request,
    email,
    box._id,
    Array.from({ length: 1_000 }, (_, i) => `Book ${i + 1}`),
  );
  await openPanes(request, token, [box._id]);
  await openAppSignedIn(page, token);
  await page.goto('/app/boxes');
  const reading = pane(page, 'Reading list');
  const list = reading.getByRole('list', { name: 'Items in Reading list' });
  await expect(rowIn(reading, 'Book 1')).toBeVisible();
  await expect(list).not.toHaveAttribute('aria-busy', 'true');

  // Into the first row with ↓; it says where it stands in the whole box.
  await page.keyboard.press('ArrowDown');
  const first = rowIn(reading, 'Book 1');
  await expectSelected(first);
  await expect(first).toHaveAttribute('aria-posinset', '1');
  await expect(first).toHaveAttribute('aria-setsize', '1000');
  // No control of a row is a Tab stop of its own: the list is one, on the selected row.
  expect(await list.locator('[tabindex="0"]').count()).toBe(1);
  expect(
    await list.evaluate(
      (element) =>
        [...element.querySelectorAll('[data-selectable-row] :is(button, input, a[href], [tabindex])')].filter(
          (control) => control.getAttribute('tabindex') !== '-1',
        ).length,
    ),
  ).toBe(0);

  // One Tab leaves the list; Shift+Tab comes back to the row.
  await page.keyboard.press('Tab');
  await expectFocusOnSomething(page);
  expect(await holdsFocus(list)).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expectSelected(first);

  // ↓ 49 times reaches row 50, drawn and in sight; Tab leaves from there too, and comes back to it.
  for (let presses = 0; presses < 49; presses++) await page.keyboard.press('ArrowDown');
  const fiftieth = rowIn(reading, 'Book 50');
  await expectSelected(fiftieth);
  await expect(fiftieth).toHaveAttribute('aria-posinset', '50');
  await expect(fiftieth).toBeInViewport();
  await page.keyboard.press('Tab');
  await expectFocusOnSomething(page);
  expect(await holdsFocus(list)).toBe(false);
  // Scrolled back to the top, the list still offers its Tab stop on the selected row.
  await list.evaluate((element) => {
    if (element.parentElement) element.parentElement.scrollTop = 0;
  });
  await expect(rowIn(reading, 'Book 1')).toBeInViewport();
  await page.keyboard.press('Shift+Tab');
  await expectSelected(fiftieth);
});

test('an empty pane takes the arrows and Enter starts its first text; Escape hands the focus back', async ({
  page,
}) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'keys-empty' });
  const errands = await createBox(request, token, 'Errands');
  await addTexts(request, token, errands._id, ['Buy stamps']);
  const garden = await createBox(request, token, 'Garden');
  await openPanes(request, token, [errands._id, garden._id]);
  await openAppSignedIn(page, token);
  await page.goto('/app/boxes');
  const gardenPane = pane(page, 'Garden');
  const addText = gardenPane.getByRole('button', { name: 'Add a text' });
  await expect(addText).toBeVisible();

  // → from the row beside it reaches the empty pane; ← goes back.
  await page.keyboard.press('ArrowDown');
  await expectSelected(rowIn(pane(page, 'Errands'), 'Buy stamps'));
  await page.keyboard.press('ArrowRight');
  await expect(addText).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expectSelected(rowIn(pane(page, 'Errands'), 'Buy stamps'));
  await page.keyboard.press('ArrowRight');
  await expect(addText).toBeFocused();

  // Enter starts the first text; Escape on the empty line gives the focus back to the pane.
  await page.keyboard.press('Enter');
  const line = gardenPane.getByRole('textbox', { name: 'Text', exact: true });
  await expect(line).toBeFocused();
  await expect(line).toHaveAttribute('placeholder', 'Add a text');
  await page.keyboard.press('Escape');
  await expect(line).toHaveCount(0);
  await expect(addText).toBeFocused();

  // A text written and ended with Enter, then Escape on the next line: its row takes the focus.
  await page.keyboard.press('Enter');
  await expect(line).toBeFocused();
  await page.keyboard.type('Plant the bulbs');
  await page.keyboard.press('Enter');
  await expect(rowIn(gardenPane, 'Plant the bulbs')).toBeVisible();
  await expect(line).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(line).toHaveCount(0);
  await expectSelected(rowIn(gardenPane, 'Plant the bulbs'));
});

test('Insert item: its menu is accessible, and Create Box leaves the focus on the new box', async ({
  page,
}) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'keys-insert' });
  const home = await createBox(request, token, 'Home');
  await addTexts(request, token, home._id, ['Fix the tap']);
  await openPanes(request, token, [home._id]);
  await openAppSignedIn(page, token);
  await page.goto('/app/boxes');
  const homePane = pane(page, 'Home');
  await expect(rowIn(homePane, 'Fix the tap')).toBeVisible();

  const insert = homePane.getByRole('button', { name: 'Insert item' });
  await insert.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Box' })).toBeFocused();
  await expectAccessible(page, 'the Insert item menu');

  // Box → Create Box; Enter creates it, and its row has the focus once the dialog has gone.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Box' });
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await page.keyboard.type('Kitchen');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectSelected(rowIn(homePane, 'Kitchen'));

  // Cancelled, Create Box gives the focus back to Insert item.
  await insert.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Box' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(insert).toBeFocused();

  // Text → a new line after the last row; Escape hands the focus to the row above it.
  await page.keyboard.press('Enter');
  await menu.getByRole('menuitem', { name: 'Text' }).click();
  const line = homePane.getByRole('textbox', { name: 'Text', exact: true });
  await expect(line).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(line).toHaveCount(0);
  await expectSelected(rowIn(homePane, 'Kitchen'));
});

test('T opens Item settings with the date field in sight; a date picked keeps the focus in the dialog', async ({
  page,
}) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'keys-date' });
  const errands = await createBox(request, token, 'Errands');
  await addTexts(request, token, errands._id, ['Renew passport']);
  await openPanes(request, token, [errands._id]);
  // A short window: the date field is far enough down the dialog to need scrolling to.
  await page.setViewportSize({ width: 1280, height: 420 });
  await openAppSignedIn(page, token);
  await page.goto('/app/boxes');
  const row = rowIn(pane(page, 'Errands'), 'Renew passport');
  await expect(row).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expectSelected(row);

  await page.keyboard.press('t');
  const dialog = page.getByRole('dialog', { name: 'Renew passport' });
  const field = dialog.getByRole('button', { name: /^Target Date: / });
  await expect(field).toBeFocused();
  // In sight, below the dialog's sticky header rather than under it.
  const header = dialog.locator('.mantine-Modal-header');
  const headerBox = await header.boundingBox();
  const fieldBox = await field.boundingBox();
  expect(headerBox && fieldBox && fieldBox.y >= headerBox.y + headerBox.height).toBe(true);
  await expect(field).toBeInViewport();

  // A day picked from the calendar: the focus is back on the field, and Tab stays in the dialog.
  await page.keyboard.press('Enter');
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toBeVisible();
  await calendar.locator('button[data-today], table button:not([data-outside])').first().click();
  await expect(calendar).toBeHidden();
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await expectFocusOnSomething(page);
  expect(await holdsFocus(dialog)).toBe(true);
});

test('the palette: a text opened is selected, a move and Reminders leave the focus on something', async ({
  page,
}) => {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, { label: 'keys-palette' });
  const errands = await createBox(request, token, 'Errands');
  await addTexts(request, token, errands._id, ['Buy stamps', 'Renew passport', 'Book dentist']);
  const archive = await createBox(request, token, 'Paperwork');
  await openPanes(request, token, [errands._id]);
  await openAppSignedIn(page, token);
  await page.goto('/app/boxes');
  const errandsPane = pane(page, 'Errands');
  await expect(rowIn(errandsPane, 'Book dentist')).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Search and commands' });

  // A text found and opened: its row is the selection, with the focus.
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('renew passport');
  await expect(palette.getByRole('option', { name: /Renew passport/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expectSelected(rowIn(errandsPane, 'Renew passport'));

  // Move the selected item to… Paperwork: the row in its place takes the selection and the focus.
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('move the selected');
  await expect(palette.getByRole('option', { name: /Move the selected item/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  // The box finder starts with an empty field (Enter may wait for the answer to what was typed).
  await expect(palette.getByRole('combobox')).toHaveValue('');
  await page.keyboard.type('paperwork');
  await expect(palette.getByRole('option', { name: /Paperwork/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect
    .poll(async () => {
      const items = (
        await getAs<{ items: ServerItem[] }>(
          request,
          token,
          `/api/items/get-items-for-pane?itemId=${archive._id}`,
        )
      ).items;
      return items.map((item) => item.title);
    })
    .toEqual(['Renew passport']);
  await expect(rowIn(errandsPane, 'Renew passport')).toHaveCount(0);
  await expectSelected(rowIn(errandsPane, 'Book dentist'));

  // Reminders opened from the palette and closed: the focus is back on the selected row.
  const openReminders = async () => {
    await page.keyboard.press('Control+k');
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('open reminders');
    await expect(palette.getByRole('option', { name: /Open Reminders/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    const reminders = page.getByRole('dialog', { name: 'Reminders' });
    await expect(reminders).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(reminders).toBeHidden();
  };
  await openReminders();
  await expectSelected(rowIn(errandsPane, 'Book dentist'));

  // With nothing selected (Escape), the header's Reminders button takes the focus.
  await page.keyboard.press('Escape');
  await expect(errandsPane.locator('[aria-current="true"]')).toHaveCount(0);
  await openReminders();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Reminders' })).toBeFocused();
});
