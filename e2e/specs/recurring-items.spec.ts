import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createActivatedAccount, logIn } from '../support/accounts.js';
import { getAs } from '../support/api.js';
import { captureText } from '../support/capture.js';
import { serverNow } from '../support/clock.js';
import { openAppSignedIn } from '../support/keyboard.js';
import { expect, test } from '../support/test.js';

/**
 * Recurring items: a repeat typed in quick capture (English and French) sets the rule and the
 * first date, the pane's row shows the date with its repeat mark, completing it moves it to
 * the next occurrence, and Item settings lists the completion. Dates are checked in the
 * person's zone by Intl, not by the app's own rules.
 */

interface RecurringItem {
  _id: string;
  title: string;
  priorityTargetDate: number | null;
  recurrence: string | null;
  completed: boolean;
}

const DAY = 24 * 3_600_000;

/** 'yyyy-MM-dd' of an instant in a zone. */
const dayIn = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

/** The local day `days` after the day of `now` in a zone. */
function dayAfter(now: number, days: number, timeZone: string): string {
  const [year = 0, month = 1, day = 1] = dayIn(now, timeZone).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The next Monday from the day of `now` (that day when it is one), in a zone. */
function nextMonday(now: number, timeZone: string): string {
  const weekday = new Date(`${dayAfter(now, 0, timeZone)}T12:00:00Z`).getUTCDay();
  return dayAfter(now, (8 - weekday) % 7, timeZone);
}

const capture = (page: Page, field: Locator, text: string, recognised: RegExp) =>
  captureText<RecurringItem>(page, field, text, recognised);

const readItem = (request: APIRequestContext, token: string, id: string) =>
  getAs<RecurringItem>(request, token, `/api/items/get-item?itemId=${id}`);

test('English: "every Monday" by quick capture, the mark in the pane, completing moves it on', async ({
  page,
}) => {
  const zone = 'Europe/London';
  const account = await createActivatedAccount(page.request, {
    label: 'recur-en',
    name: 'Ada',
    timezone: zone,
  });
  const token = await logIn(page.request, account);
  await openAppSignedIn(page, token);
  // Today is the server's (the project's stated date), not the machine's.
  const now = await serverNow(page.request);

  await page.keyboard.press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  const field = dialog.getByRole('combobox', { name: 'What to capture' });
  const created = await capture(
    page,
    field,
    'Water the plants every Monday',
    /^Repeats: every Monday, from Monday /,
  );
  expect(created).toMatchObject({ title: 'Water the plants', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
  const monday = nextMonday(now, zone);
  expect(dayIn(created.priorityTargetDate ?? 0, zone)).toBe(monday);

  // Open the Inbox from the capture's own link: the row shows the date and the repeat mark.
  await dialog.getByRole('status').getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`[data-item-id="${created._id}"]`);
  await expect(row.getByRole('img', { name: 'Repeats every Monday' })).toBeVisible();
  await expect(row.locator('[data-target-date]')).toHaveAttribute('data-target-date', monday);

  // Done: it stays open and moves to the Monday after.
  const completed = page.waitForResponse(
    (response) => response.url().endsWith('/api/items/complete') && response.request().method() === 'PUT',
  );
  await row.getByRole('checkbox', { name: 'Mark as done' }).click();
  expect((await completed).status()).toBe(200);
  const following = dayIn(Date.parse(`${monday}T12:00:00Z`) + 7 * DAY, 'UTC');
  await expect(row.locator('[data-target-date]')).toHaveAttribute('data-target-date', following);
  await expect(row.getByRole('checkbox', { name: 'Mark as done' })).not.toBeChecked();
  const server = await readItem(page.request, token, created._id);
  expect(server.completed).toBe(false);
  expect(dayIn(server.priorityTargetDate ?? 0, zone)).toBe(following);

  // Item settings: the repeat, and the completion in its history.
  await row.hover();
  await page
    .locator(`[data-item-hover-menu="${created._id}"]`)
    .getByRole('button', { name: 'More options' })
    .click();
  const settings = page.getByRole('dialog', { name: 'Water the plants' });
  const repeat = settings.getByRole('region', { name: 'Repeat' });
  await expect(repeat.getByText('Repeats every Monday.')).toBeVisible();
  await expect(repeat.getByRole('combobox', { name: 'Repeats' })).toHaveValue('Every week on chosen days');
  await expect(repeat.locator('[data-completion-history] li')).toHaveText([
    /^Completed on \w+ \d+ \w+ \d{4}, \d\d:\d\d by Ada$/,
  ]);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('French: « le 1er de chaque mois » dates the 1st of next month, with the mark', async ({ page }) => {
    const zone = 'Europe/Paris';
    const account = await createActivatedAccount(page.request, {
      label: 'recur-fr',
      name: 'Camille Dubois',
      locale: 'fr',
      timezone: zone,
    });
    await openAppSignedIn(page, await logIn(page.request, account));
    await expect(page.getByRole('button', { name: 'Ouvrir votre espace de travail' })).toBeVisible();
    const now = await serverNow(page.request);

    await page.keyboard.press('q');
    const dialog = page.getByRole('dialog', { name: 'Capture rapide' });
    const field = dialog.getByRole('combobox', { name: 'À capturer' });
    const rent = await capture(
      page,
      field,
      'Payer le loyer le 1er de chaque mois',
      /^Se répète\s:\sle 1er de chaque mois, à partir du \S+ 1 \S+/,
    );
    expect(rent).toMatchObject({ title: 'Payer le loyer', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1' });
    const [year = 0, month = 1, day = 1] = dayAfter(now, 0, zone).split('-').map(Number);
    const first =
      day === 1 ? dayAfter(now, 0, zone) : new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    expect(dayIn(rent.priorityTargetDate ?? 0, zone)).toBe(first);

    await dialog.getByRole('status').getByRole('button', { name: 'Ouvrir' }).click();
    await expect(dialog).toBeHidden();
    const row = page.locator(`[data-item-id="${rent._id}"]`);
    await expect(row.getByRole('img', { name: 'Se répète le 1er de chaque mois' })).toBeVisible();
    await expect(row.locator('[data-target-date]')).toHaveAttribute('data-target-date', first);
  });
});
