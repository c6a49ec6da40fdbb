import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createActivatedAccount, logIn } from '../support/accounts.js';
import { api, createBox, getAs, pane } from '../support/api.js';
import { captureText } from '../support/capture.js';
import { serverNow } from '../support/clock.js';
import { openAppSignedIn } from '../support/keyboard.js';
import { expect, expectAccessible, test } from '../support/test.js';

/**
 * Quick capture, by keyboard only: Q opens it anywhere, what is typed is read as it is typed
 * (dates in English and French, `#box`, `!today`), Enter saves into the Inbox and clears the
 * field for the next one; a line typed in a pane takes its date as its target date. Every step
 * is checked on the server, dates in the person's zone by Intl (not by the app's own rules).
 */

interface CapturedItem {
  _id: string;
  title: string;
  recurrence: string | null;
  parentItemId: string | null;
  priorityTargetDate: number | null;
  markedAsForToday: boolean;
  priority: number | null;
}

const HOUR = 3_600_000;

/** 'yyyy-MM-dd HH:mm' of an instant in a zone. */
function localDateTime(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The local day `days` after the day of `now` in a zone ('yyyy-MM-dd'), counted in calendar days. */
function dayAfter(now: number, days: number, timeZone: string): string {
  const today = localDateTime(now, timeZone).slice(0, 10);
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** What the server holds: the item, and the titles in its box in order. */
async function onServer(request: APIRequestContext, token: string, itemId: string) {
  const item = await getAs<CapturedItem>(request, token, `/api/items/get-item?itemId=${itemId}`);
  const box = await getAs<{ item: { title: string }; items: CapturedItem[] }>(
    request,
    token,
    `/api/items/get-items-for-pane?itemId=${item.parentItemId}`,
  );
  return { item, boxTitle: box.item.title, titles: box.items.map((child) => child.title) };
}

/** Types a capture and saves it with Enter; answers what the server created. */
const capture = (page: Page, field: Locator, text: string, recognised: RegExp) =>
  captureText<CapturedItem>(page, field, text, recognised);

test('English: Q, three dated captures into the Inbox, and !today lands in Today', async ({ page }) => {
  const zone = 'Europe/London';
  const account = await createActivatedAccount(page.request, { label: 'capture-en', timezone: zone });
  const token = await logIn(page.request, account);
  await openAppSignedIn(page, token);
  // Today is the server's (the project's stated date), not the machine's.
  const now = await serverNow(page.request);

  await page.keyboard.press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  const field = dialog.getByRole('combobox', { name: 'What to capture' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(/Add a date, #box, ##tag, !today or !p/);

  const milk = await capture(page, field, 'Buy milk tomorrow 9am', /^Date: \w+ \d+ \w+, 09:00 Click/);
  await expect(dialog.getByRole('status')).toHaveText('Added to Inbox. Open');
  let server = await onServer(page.request, token, milk._id);
  expect(server.item.title).toBe('Buy milk');
  expect(server.boxTitle).toBe('Inbox');
  expect(localDateTime(server.item.priorityTargetDate ?? 0, zone)).toBe(`${dayAfter(now, 1, zone)} 09:00`);

  const rent = await capture(page, field, 'Pay rent in 3 days', /^Date: \w+ \d+ \w+ Click/);
  server = await onServer(page.request, token, rent._id);
  expect(server.item.title).toBe('Pay rent');
  expect(localDateTime(server.item.priorityTargetDate ?? 0, zone)).toBe(`${dayAfter(now, 3, zone)} 00:00`);

  // A day and month written out, ten days on (this year, or next January's).
  const inTen = dayAfter(now, 10, zone);
  const written = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${inTen}T12:00:00Z`),
  );
  const passport = await capture(page, field, `Renew passport on ${written}`, /^Date: /);
  server = await onServer(page.request, token, passport._id);
  expect(server.item.title).toBe('Renew passport');
  expect(localDateTime(server.item.priorityTargetDate ?? 0, zone)).toBe(`${inTen} 00:00`);
  // Newest first, all three in the one Inbox.
  expect(server.titles).toEqual(['Renew passport', 'Pay rent', 'Buy milk']);
  expect(new Set([milk.parentItemId, rent.parentItemId, passport.parentItemId]).size).toBe(1);

  // Text with no date stays as typed.
  const kids = await capture(page, field, 'Call Anna about the 3 kids', /Add a date/);
  server = await onServer(page.request, token, kids._id);
  expect(server.item).toMatchObject({ title: 'Call Anna about the 3 kids', priorityTargetDate: null });

  // Backspace right after a recognised date keeps it as text (and deletes nothing).
  await field.pressSequentially('Read Monday');
  await expect(field).toHaveAccessibleDescription(/^Date: Monday /);
  await page.keyboard.press('Backspace');
  await expect(field).toHaveValue('Read Monday');
  const monday = await capture(page, field, '', /Add a date/);
  server = await onServer(page.request, token, monday._id);
  expect(server.item).toMatchObject({ title: 'Read Monday', priorityTargetDate: null });

  const plants = await capture(page, field, 'Water the plants !today', /^Pinned to Today Click/);
  server = await onServer(page.request, token, plants._id);
  expect(server.item).toMatchObject({ title: 'Water the plants', markedAsForToday: true });
  expect(server.item.priority).not.toBeNull();

  // Escape closes it; the Organizer shows the text under Today.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Organiser' }).press('Enter');
  const today = page
    .getByRole('group', { name: 'Prioritized', exact: true })
    .locator('[data-item-row]')
    .filter({ has: page.getByRole('button', { name: 'Water the plants', exact: true }) });
  await expect(today).toHaveAttribute('data-group', 'today');
});

test.describe('in French', () => {
  // The browser's own zone is not the person's: dates are read in the person's (Paris).
  test.use({ locale: 'fr-FR', timezoneId: 'Asia/Tokyo' });

  test('French: three captures in French land in « Boîte de réception », and a line typed in a pane gets its date', async ({
    page,
  }) => {
    const zone = 'Europe/Paris';
    const account = await createActivatedAccount(page.request, {
      label: 'capture-fr',
      name: 'Camille Dubois',
      locale: 'fr',
      timezone: zone,
    });
    const token = await logIn(page.request, account);
    await openAppSignedIn(page, token);
    await expect(page.getByRole('button', { name: 'Ouvrir votre espace de travail' })).toBeVisible();
    const now = await serverNow(page.request);

    await page.keyboard.press('q');
    const dialog = page.getByRole('dialog', { name: 'Capture rapide' });
    const field = dialog.getByRole('combobox', { name: 'À capturer' });
    await expect(field).toBeFocused();

    const garage = await capture(
      page,
      field,
      'Appeler le garage demain 9h',
      /^Date\s:\s\S+ \d+ \S+ à 09:00 Cliquez/,
    );
    await expect(dialog.getByRole('status')).toHaveText('Ajouté à la boîte de réception. Ouvrir');
    let server = await onServer(page.request, token, garage._id);
    expect(server.item.title).toBe('Appeler le garage');
    expect(server.boxTitle).toBe('Boîte de réception');
    expect(localDateTime(server.item.priorityTargetDate ?? 0, zone)).toBe(`${dayAfter(now, 1, zone)} 09:00`);

    const rent = await capture(
      page,
      field,
      'Payer le loyer vendredi prochain',
      /^Date\s:\svendredi \d+ \S+ Cliquez/,
    );
    server = await onServer(page.request, token, rent._id);
    expect(server.item.title).toBe('Payer le loyer');
    const friday = localDateTime(server.item.priorityTargetDate ?? 0, zone);
    expect(friday.endsWith(' 00:00')).toBe(true);
    const fridayNoon = Date.parse(`${friday.slice(0, 10)}T12:00:00Z`);
    expect(new Date(fridayNoon).getUTCDay()).toBe(5);
    const daysAhead = Math.round(
      (fridayNoon - Date.parse(`${dayAfter(now, 0, zone)}T12:00:00Z`)) / (24 * HOUR),
    );
    expect(daysAhead).toBeGreaterThanOrEqual(1);
    expect(daysAhead).toBeLessThanOrEqual(13);

    const plants = await capture(
      page,
      field,
      'Arroser les plantes dans 3 jours',
      /^Date\s:\s\S+ \d+ \S+ Cliquez/,
    );
    server = await onServer(page.request, token, plants._id);
    expect(server.item.title).toBe('Arroser les plantes');
    expect(localDateTime(server.item.priorityTargetDate ?? 0, zone)).toBe(`${dayAfter(now, 3, zone)} 00:00`);
    expect(server.titles).toEqual(['Arroser les plantes', 'Payer le loyer', 'Appeler le garage']);

    // The Inbox sits at the top of the Workspace.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Ouvrir votre espace de travail' }).press('Enter');
    const workspace = pane(page, 'Espace de travail');
    await expect(workspace.locator('[data-item-id]').first()).toHaveText('Boîte de réception');

    // A line typed in a pane (the Inbox's, opened from the Workspace; Enter on a text edits it,
    // Enter again opens a new line below it): the date becomes its target date, the text keeps
    // the rest.
    await workspace.getByRole('button', { name: 'Boîte de réception' }).press('Enter');
    const inbox = pane(page, 'Boîte de réception');
    await inbox.getByRole('button', { name: 'Arroser les plantes', exact: true }).press('Enter');
    await expect(inbox.getByRole('textbox', { name: 'Texte' })).toHaveValue('Arroser les plantes');
    await page.keyboard.press('Enter');
    const line = inbox.getByRole('textbox', { name: 'Texte' });
    await expect(line).toHaveValue('');
    await expect(line).toBeFocused();
    await page.keyboard.type('Appeler Anna demain');
    await expect(line).toHaveAccessibleDescription(/^Date\s:\s\S+ \d+ \S+$/);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/items/quick-capture') && response.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    const created = (await (await saved).json()) as CapturedItem;
    const row = inbox.locator(`[data-item-id="${created._id}"]`);
    // The title without its date words; the row shows the date beside it.
    await expect(row).toHaveText(/^Appeler Anna\s*Demain$/);
    server = await onServer(page.request, token, created._id);
    expect(server.item.title).toBe('Appeler Anna');
    expect(localDateTime(server.item.priorityTargetDate ?? 0, zone)).toBe(`${dayAfter(now, 1, zone)} 00:00`);
    // Right below the text it was opened from.
    expect(server.titles).toEqual([
      'Arroser les plantes',
      'Appeler Anna',
      'Payer le loyer',
      'Appeler le garage',
    ]);

    // "Keep as typed" puts the line back as it was typed, without a date.
    const restored = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/items/update-item') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Garder tel quel' }).press('Enter');
    expect((await restored).ok()).toBe(true);
    await expect(row).toHaveText('Appeler Anna demain');
    server = await onServer(page.request, token, created._id);
    expect(server.item).toMatchObject({ title: 'Appeler Anna demain', priorityTargetDate: null });
  });
});

test('#: the boxes offered as one types, and the text lands in the one chosen', async ({ page }) => {
  const account = await createActivatedAccount(page.request, { label: 'capture-box' });
  const token = await logIn(page.request, account);
  const kitchen = await createBox(page.request, token, 'Kitchen');
  await openAppSignedIn(page, token);

  await page.keyboard.press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  const field = dialog.getByRole('combobox', { name: 'What to capture' });
  await field.pressSequentially('Buy bulbs tomorrow #Kit');
  await expect(dialog.getByRole('option', { name: /Kitchen/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('Buy bulbs tomorrow #Kitchen ');
  const item = await capture(page, field, '', /Box: Kitchen/);
  await expect(dialog.getByRole('status')).toHaveText('Added to Kitchen. Open');
  const server = await onServer(page.request, token, item._id);
  expect(server.item).toMatchObject({ title: 'Buy bulbs', parentItemId: kitchen._id });

  // The box archived meanwhile: the server's refusal says so, and the text stays to try again.
  await field.pressSequentially('Fix the tap #Kit');
  await expect(dialog.getByRole('option', { name: /Kitchen/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await api(page.request, token, 'DELETE', `/api/items/archive?itemId=${kitchen._id}`);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('This box is archived: nothing can be added to it.');
  await expect(field).toHaveValue('Fix the tap #Kitchen ');
});

test('a click on a tinted part keeps it as text', async ({ page }) => {
  const account = await createActivatedAccount(page.request, { label: 'capture-click' });
  const token = await logIn(page.request, account);
  await openAppSignedIn(page, token);
  await page.getByRole('button', { name: 'Quick capture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick capture' });
  const field = dialog.getByRole('combobox', { name: 'What to capture' });
  await field.pressSequentially('Dentist next Friday');
  await expect(field).toHaveAccessibleDescription(/^Date: Friday /);
  const tint = dialog.locator('[data-kind="date"]');
  const box = await tint.boundingBox();
  if (!box) throw new Error('no tint over the date');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(tint).toHaveCount(0);
  const item = await capture(page, field, '', /Add a date/);
  const server = await onServer(page.request, token, item._id);
  expect(server.item).toMatchObject({ title: 'Dentist next Friday', priorityTargetDate: null });
});

/** The first Wednesday from the day of `now` in a zone on, that day included ('yyyy-MM-dd'). */
function comingWednesday(now: number, timeZone: string): string {
  const today = Date.parse(`${dayAfter(now, 0, timeZone)}T12:00:00Z`);
  return dayAfter(now, (3 - new Date(today).getUTCDay() + 7) % 7, timeZone);
}

/** Saves a screenshot of the page when E2E_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

/** Phrases, expected words and texts of one language for the journey below. */
interface TitleDates {
  locale: 'en-GB' | 'fr';
  zone: string;
  dialog: string;
  field: string;
  /** A title holding a date's words, the words read, and what the field's description says of them. */
  title: string;
  read: string;
  offered: RegExp;
  /** A checkbox's name, for a reading in the text. */
  readAs: (text: string) => RegExp;
  /** A phrase whose date stands alone, and that date's words. */
  dated: string;
  date: string;
  recognised: RegExp;
  repeat: string;
}

const TITLE_DATES: TitleDates[] = [
  {
    locale: 'en-GB',
    zone: 'Europe/London',
    dialog: 'Quick capture',
    field: 'What to capture',
    title: 'Watch Friday Night Lights',
    read: 'Friday Night',
    offered: /“Friday Night” may be part of a title, so it stays text/,
    readAs: (text) => new RegExp(`^Read “${text}” as `),
    dated: 'Pay rent tomorrow',
    date: 'tomorrow',
    recognised: /^Date: /,
    repeat: 'Bins every other Wednesday',
  },
  {
    locale: 'fr',
    zone: 'Europe/Paris',
    dialog: 'Capture rapide',
    field: 'À capturer',
    title: 'Regarder Vendredi 13',
    read: 'Vendredi 13',
    offered: /«\s*Vendredi 13\s*» fait peut-être partie d’un titre/,
    readAs: (text) => new RegExp(`^Lire «\\s*${text}\\s*» comme `),
    dated: 'Payer le loyer demain',
    date: 'demain',
    recognised: /^Date\s:\s/,
    repeat: 'Poubelles un mercredi sur deux',
  },
];

for (const words of TITLE_DATES)
  test.describe(`a date in a title (${words.locale})`, () => {
    if (words.locale === 'fr') test.use({ locale: 'fr-FR' });

    test(`${words.locale}: a title's date is offered, not taken; a date is kept as text by keyboard; a repeat starts on the coming Wednesday`, async ({
      page,
    }) => {
      // Two widths, each checked with axe.
      test.slow();
      const account = await createActivatedAccount(page.request, {
        label: `capture-title-${words.locale}`,
        locale: words.locale,
        timezone: words.zone,
      });
      const token = await logIn(page.request, account);
      await page.setViewportSize({ width: 1280, height: 800 });
      await openAppSignedIn(page, token);
      const now = await serverNow(page.request);
      await page.keyboard.press('q');
      const dialog = page.getByRole('dialog', { name: words.dialog });
      const field = dialog.getByRole('combobox', { name: words.field });
      await expect(field).toBeFocused();

      // The title's date is shown, outlined and unticked, and the title is kept whole.
      await field.pressSequentially(words.title);
      await expect(field).toHaveAccessibleDescription(words.offered);
      const offered = dialog.getByRole('checkbox', { name: words.readAs(words.read) });
      await expect(offered).not.toBeChecked();
      await expect(dialog.locator('[data-kind="offered"]')).toHaveCount(1);
      await expectAccessible(page, `quick capture offering a date (${words.locale}, 1280 px)`);
      await screenshot(page, `capture-offered-${words.locale}-1280`);

      // Tab reaches it and Space takes it; Space again leaves it, the focus staying on it.
      await page.keyboard.press('Tab');
      await expect(offered).toBeFocused();
      await page.keyboard.press('Space');
      await expect(offered).toBeChecked();
      await expect(field).toHaveAccessibleDescription(words.recognised);
      await page.keyboard.press('Space');
      await expect(offered).not.toBeChecked();
      await expect(offered).toBeFocused();
      await field.focus();
      const whole = await capture(page, field, '', words.offered);
      let server = await onServer(page.request, token, whole._id);
      expect(server.item).toMatchObject({ title: words.title, priorityTargetDate: null });

      // A date standing alone is taken, and unticked by keyboard it stays text.
      await field.pressSequentially(words.dated);
      await expect(field).toHaveAccessibleDescription(words.recognised);
      const dated = dialog.getByRole('checkbox', { name: words.readAs(words.date) });
      await expect(dated).toBeChecked();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(dated).not.toBeChecked();
      await field.focus();
      const kept = await capture(page, field, '', /./);
      server = await onServer(page.request, token, kept._id);
      expect(server.item).toMatchObject({ title: words.dated, priorityTargetDate: null });

      // Every other Wednesday starts on the coming one, and keeps its interval.
      const bins = await capture(page, field, words.repeat, /./);
      server = await onServer(page.request, token, bins._id);
      expect(server.item.recurrence).toMatch(/INTERVAL=2/);
      expect(localDateTime(server.item.priorityTargetDate ?? 0, words.zone)).toBe(
        `${comingWednesday(now, words.zone)} 00:00`,
      );

      // On a phone's width.
      await page.setViewportSize({ width: 390, height: 844 });
      await field.pressSequentially(words.title);
      await expect(field).toHaveAccessibleDescription(words.offered);
      await expect(offered).not.toBeChecked();
      await expectAccessible(page, `quick capture offering a date (${words.locale}, 390 px)`);
      await screenshot(page, `capture-offered-${words.locale}-390`);
    });
  });
