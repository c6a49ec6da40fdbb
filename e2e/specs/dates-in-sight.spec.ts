import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, pane, readItem } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { expectSelected } from '../support/keyboard.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { addTexts, openPanes } from '../support/workspace-setup.js';

/**
 * Dates in sight: a dated row shows its date (and its time) the same way in a pane, in search
 * results and in the Organizer, overdue ones in red and said so, repeating ones with their
 * mark; Item settings edits the time, and picking the day again keeps it; P ranks an
 * Unprioritized row and Alt+↑ / Alt+↓ move it, without the drag grip. In English (London)
 * and French (Paris), at 1280 and 390 px. The stated date is Saturday 31 July 2027, 23:00 in
 * London, already Sunday 1 August in Paris; expected dates are worked out by Intl, not by the
 * app's rules.
 */

interface DatedItem {
  _id: string;
  title: string;
  priority: number | null;
  priorityTargetDate: number | null;
  targetHasTime: boolean | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The calendar day (yyyy-MM-dd) of an instant in a zone. */
const localDay = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

/** The instant a zone's clock shows `time` on `day`: searched minute by minute from a close guess. */
function wallClock(day: string, time: string, timeZone: string): number {
  const clock = (instant: number) =>
    `${localDay(instant, timeZone)} ${new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant)}`;
  const wanted = `${day} ${time}`;
  let instant = Date.parse(`${day}T${time}:00Z`) - 14 * HOUR;
  while (clock(instant) !== wanted) instant += MINUTE;
  return instant;
}

interface Language {
  locale: 'en-GB' | 'fr';
  zone: string;
  today: string;
  titles: {
    dentist: string;
    passport: string;
    plants: string;
    lease: string;
    plumber: string;
    receipts: string;
  };
  box: string;
  words: {
    search: string;
    searchTitles: string;
    moreOptions: string;
    targetDate: string;
    hours: string;
    minutes: string;
    prioritized: string;
    unprioritized: string;
    overdue: string;
    repeats: string;
    movedToPrioritized: (title: string) => string;
  };
  chips: { dentist: string; passport: string; plants: string; dentistMoved: string };
  longDate: { dentist: string; dentistMoved: string; plantsHeading: string };
  /** The day button of the date picker for the 3rd of August 2027. */
  third: string;
}

const ENGLISH: Language = {
  locale: 'en-GB',
  zone: 'Europe/London',
  today: '2027-07-31',
  titles: {
    dentist: 'Dentist',
    passport: 'Renew passport',
    plants: 'Water the plants',
    lease: 'Read the lease',
    plumber: 'Book a plumber',
    receipts: 'Sort receipts',
  },
  box: 'Errands',
  words: {
    search: 'Search',
    searchTitles: 'Search titles',
    moreOptions: 'More options',
    targetDate: 'Target Date',
    hours: 'Target time, hours',
    minutes: 'Target time, minutes',
    prioritized: 'Prioritized',
    unprioritized: 'Unprioritized',
    overdue: 'overdue',
    repeats: 'Repeats every Monday',
    movedToPrioritized: (title) => `“${title}” is in your Prioritized list now.`,
  },
  chips: {
    dentist: 'Tomorrow 10:00',
    passport: 'Wed 28 Jul (overdue)',
    plants: 'Monday',
    dentistMoved: 'Tuesday 00:00',
  },
  longDate: {
    dentist: 'Sunday 1 August 2027',
    dentistMoved: 'Tuesday 3 August 2027',
    plantsHeading: 'Monday 2 August 2027',
  },
  third: '3 August 2027',
};

const FRENCH: Language = {
  locale: 'fr',
  zone: 'Europe/Paris',
  today: '2027-08-01',
  titles: {
    dentist: 'Dentiste',
    passport: 'Renouveler le passeport',
    plants: 'Arroser les plantes',
    lease: 'Lire le bail',
    plumber: 'Appeler un plombier',
    receipts: 'Classer les reçus',
  },
  box: 'Courses',
  words: {
    search: 'Rechercher',
    searchTitles: 'Rechercher dans les titres',
    moreOptions: 'Plus d’options',
    targetDate: 'Date cible',
    hours: 'Heure cible, heures',
    minutes: 'Heure cible, minutes',
    prioritized: 'Prioritaires',
    unprioritized: 'Non prioritaires',
    overdue: 'en retard',
    repeats: 'Se répète tous les lundis',
    movedToPrioritized: (title) => `«\u00a0${title}\u00a0» est désormais dans la liste Prioritaires.`,
  },
  chips: {
    dentist: 'Demain 10:00',
    passport: 'Jeu. 29 juil. (en retard)',
    plants: 'Demain',
    dentistMoved: 'Mardi 00:00',
  },
  longDate: {
    dentist: 'Lundi 2 août 2027',
    dentistMoved: 'Mardi 3 août 2027',
    plantsHeading: 'Lundi 2 août 2027',
  },
  third: '3 août 2027',
};

/** The dated items, ranked as the journey needs, in a box open in a pane. */
async function setUp(page: Page, language: Language) {
  const { request } = page;
  const { token } = await createLoggedInAccount(request, {
    label: `dates-${language.locale}`,
    locale: language.locale,
    timezone: language.zone,
  });
  // The stated date: still Saturday in London, already Sunday in Paris.
  expect(localDay(await serverNow(request), language.zone)).toBe(language.today);
  const box = await createBox(request, token, language.box);
  const t = language.titles;
  await addTexts(request, token, box._id, [t.dentist, t.passport, t.plants, t.lease, t.plumber, t.receipts]);
  const { items } = await api<{ items: DatedItem[] }>(
    request,
    token,
    'GET',
    `/api/items/get-items-for-pane?itemId=${box._id}`,
  );
  const id = (title: string) => items.find((item) => item.title === title)?._id ?? '';
  const dayAfterToday = (days: number) =>
    new Date(Date.parse(`${language.today}T12:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);
  const dates: [string, number][] = [
    [t.dentist, wallClock(dayAfterToday(1), '10:00', language.zone)],
    [t.passport, wallClock(dayAfterToday(-3), '00:00', language.zone)],
    [t.plants, wallClock('2027-08-02', '00:00', language.zone)],
  ];
  for (const [title, at] of dates)
    await api(request, token, 'PUT', '/api/items/update-item', { itemId: id(title), priorityTargetDate: at });
  await api(request, token, 'PUT', '/api/items/set-recurrence', {
    itemId: id(t.plants),
    rule: 'FREQ=WEEKLY;BYDAY=MO',
  });
  // Ranked: everything but the receipts, which wait in the Unprioritized list.
  for (const [rank, title] of [t.passport, t.dentist, t.plants, t.lease, t.plumber].entries()) {
    await api(request, token, 'PUT', '/api/items/update-priority', {
      itemId: id(title),
      priority: (rank + 1) * 1000,
    });
  }
  await api(request, token, 'PUT', '/api/items/update-item', { itemId: id(t.receipts), prioritizable: true });
  await openPanes(request, token, [box._id]);
  await putSessionToken(page, token);
  return { token, id };
}

/** The words of a row's date (the repeat mark's own name aside). */
const chipOf = (row: Locator) => row.locator('[data-target-date] [data-date-text]');

/** A name that begins with these words. */
const startingWith = (words: string) => new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/dates-${name}.png`, fullPage: false });
}

/** Titles of the Prioritized list's rows in one group, top to bottom. */
const titlesInGroup = (list: Locator, group: string) =>
  list.locator(`[data-item-row][data-group="${group}"]`).evaluateAll((elements) =>
    elements
      .map((element) => ({
        top: element.getBoundingClientRect().top,
        title: element.querySelector('[data-title]')?.textContent ?? '',
      }))
      .sort((a, b) => a.top - b.top)
      .map(({ title }) => title),
  );

for (const language of [ENGLISH, FRENCH]) {
  test.describe(language.locale, () => {
    test.use({
      locale: language.locale === 'fr' ? 'fr-FR' : 'en-GB',
      timezoneId: language.zone,
    });

    test.setTimeout(240_000);

    test(`${language.locale}: dated rows in a pane, search and the Organizer; the time kept; keyboard ranking`, async ({
      page,
    }) => {
      const { token, id } = await setUp(page, language);
      const t = language.titles;
      const w = language.words;
      const zone = language.zone;

      // The pane: each dated row shows its date, overdue in red and said so, the repeat mark.
      await page.goto('/app/boxes');
      const box = pane(page, language.box);
      const paneRow = (title: string) => box.locator(`[data-item-id="${id(title)}"]`);
      // A ceiling, not a wait: on a loaded machine the first screen can take a while.
      await expect(box.getByRole('heading', { name: language.box })).toBeVisible({ timeout: 60_000 });
      await expect(chipOf(paneRow(t.dentist))).toHaveText(language.chips.dentist);
      await expect(chipOf(paneRow(t.passport))).toHaveText(language.chips.passport);
      await expect(paneRow(t.passport).locator('[data-target-date]')).toHaveAttribute('data-overdue', 'true');
      await expect(chipOf(paneRow(t.plants))).toHaveText(language.chips.plants);
      await expect(paneRow(t.plants).getByRole('img', { name: w.repeats })).toBeVisible();
      await expect(chipOf(paneRow(t.lease))).toHaveCount(0);
      await screenshot(page, `${language.locale}-1280-pane`);

      // Item settings: the long date and its time; a new time, then a new day that keeps it.
      await paneRow(t.dentist).hover();
      await page
        .locator(`[data-item-hover-menu="${id(t.dentist)}"]`)
        .getByRole('button', { name: w.moreOptions })
        .click();
      const settings = page.getByRole('dialog', { name: t.dentist });
      const dateField = settings.getByRole('button', { name: startingWith(`${w.targetDate}: `) });
      await expect(dateField).toHaveText(language.longDate.dentist);
      const hours = settings.getByRole('spinbutton', { name: w.hours });
      const minutes = settings.getByRole('spinbutton', { name: w.minutes });
      await expect(hours).toHaveValue('10');
      await expect(minutes).toHaveValue('00');
      const saved = () =>
        page.waitForResponse(
          (r) => r.url().endsWith('/api/items/update-item') && r.request().method() === 'PUT',
        );
      let response = saved();
      await hours.click();
      await page.keyboard.type('0930');
      await expect(minutes).toHaveValue('30');
      await page.keyboard.press('Enter');
      expect((await response).status()).toBe(200);
      const tomorrow = localDay(wallClock(language.today, '12:00', zone) + 24 * HOUR, zone);
      expect((await readItem<DatedItem>(page.request, token, id(t.dentist))).priorityTargetDate).toBe(
        wallClock(tomorrow, '09:30', zone),
      );
      await screenshot(page, `${language.locale}-1280-settings`);

      response = saved();
      await dateField.click();
      await page.getByRole('button', { name: language.third, exact: true }).click();
      expect((await response).status()).toBe(200);
      await expect(dateField).toHaveText(language.longDate.dentistMoved);
      await expect(hours).toHaveValue('09');
      await expect(minutes).toHaveValue('30');
      expect((await readItem<DatedItem>(page.request, token, id(t.dentist))).priorityTargetDate).toBe(
        wallClock('2027-08-03', '09:30', zone),
      );
      // 00:00 is a time like any other: it stays one, on every row that shows the date.
      response = saved();
      await hours.click();
      await page.keyboard.type('0000');
      await expect(minutes).toHaveValue('00');
      await page.keyboard.press('Enter');
      expect((await response).status()).toBe(200);
      await expect(hours).toHaveValue('00');
      expect(await readItem<DatedItem>(page.request, token, id(t.dentist))).toMatchObject({
        priorityTargetDate: wallClock('2027-08-03', '00:00', zone),
        targetHasTime: true,
      });
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();
      await expect(chipOf(paneRow(t.dentist))).toHaveText(language.chips.dentistMoved);

      // Search results show the same date and mark.
      await box.getByRole('button', { name: w.search, exact: true }).click();
      const search = page.locator('section[data-pane-type="search"]');
      await search.getByRole('textbox', { name: w.searchTitles }).fill(t.dentist);
      const result = search.locator(`[data-item-id="${id(t.dentist)}"]`);
      await expect(chipOf(result)).toHaveText(language.chips.dentistMoved);
      await search.getByRole('textbox', { name: w.searchTitles }).fill(t.plants);
      const plantsResult = search.locator(`[data-item-id="${id(t.plants)}"]`);
      await expect(chipOf(plantsResult)).toHaveText(language.chips.plants);
      await expect(plantsResult.getByRole('img', { name: w.repeats })).toBeVisible();
      await screenshot(page, `${language.locale}-1280-search`);
      // With reduced motion the list never fades back in: fresh results are at full contrast.
      await expect(search.locator('ul').first()).toHaveCSS('transition-duration', '0s');
      await expectAccessible(page, 'search results with dates');

      // The Organizer: the same chips, the long date over each day.
      await page.goto('/app/organiser');
      const ranked = page.getByRole('group', { name: w.prioritized, exact: true });
      const organizerRow = (title: string) => ranked.locator(`[data-item-row="${id(title)}"]`);
      await expect(
        organizerRow(t.dentist).getByRole('button', { name: startingWith(language.chips.dentistMoved) }),
      ).toBeVisible();
      await expect(organizerRow(t.passport)).toHaveAttribute('data-overdue', 'true');
      await expect(
        organizerRow(t.passport).getByRole('button', { name: startingWith(language.chips.passport) }),
      ).toBeVisible();
      await expect(organizerRow(t.plants).getByRole('img', { name: w.repeats })).toBeVisible();
      await expect(ranked.getByRole('heading', { name: language.longDate.plantsHeading })).toBeVisible();
      await expect(ranked.getByRole('heading', { name: language.longDate.dentistMoved })).toBeVisible();

      // P ranks the Unprioritized row at the end of its group; Alt+↑ / Alt+↓ move it.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      const waiting = page.getByRole('group', { name: w.unprioritized, exact: true });
      await expectSelected(waiting.locator(`[data-item-row="${id(t.receipts)}"]`));
      let ranking = page.waitForResponse((r) => r.url().endsWith('/api/items/update-priority'));
      await page.keyboard.press('p');
      expect((await ranking).status()).toBe(200);
      await expect(page.getByText(w.movedToPrioritized(t.receipts))).toBeVisible();
      await expectSelected(organizerRow(t.receipts));
      await expect.poll(() => titlesInGroup(ranked, 'undated')).toEqual([t.lease, t.plumber, t.receipts]);

      for (const [key, order] of [
        ['Alt+ArrowUp', [t.lease, t.receipts, t.plumber]],
        ['Alt+ArrowUp', [t.receipts, t.lease, t.plumber]],
        ['Alt+ArrowDown', [t.lease, t.receipts, t.plumber]],
      ] as const) {
        ranking = page.waitForResponse((r) => r.url().endsWith('/api/items/update-priority'));
        await page.keyboard.press(key);
        expect((await ranking).status()).toBe(200);
        await expect.poll(() => titlesInGroup(ranked, 'undated')).toEqual([...order]);
        await expectSelected(organizerRow(t.receipts));
      }
      // The server holds the same order.
      const priorities = await Promise.all(
        [t.lease, t.receipts, t.plumber].map(
          async (title) => (await readItem<DatedItem>(page.request, token, id(title))).priority ?? 0,
        ),
      );
      expect([...priorities].sort((a, b) => a - b)).toEqual(priorities);
      // P on a ranked row never takes it out.
      await page.keyboard.press('p');
      await expect(organizerRow(t.receipts)).toBeVisible();
      expect((await readItem<DatedItem>(page.request, token, id(t.receipts))).priority).not.toBeNull();
      await screenshot(page, `${language.locale}-1280-organizer`);
      await expectAccessible(page, 'the Organizer with dates');

      // A phone: the same dates, still readable.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(
        organizerRow(t.dentist).getByRole('button', { name: startingWith(language.chips.dentistMoved) }),
      ).toBeVisible();
      await screenshot(page, `${language.locale}-390-organizer`);
      await expectAccessible(page, 'the Organizer with dates on a phone');
      await page.goto('/app/boxes');
      await expect(chipOf(paneRow(t.dentist))).toHaveText(language.chips.dentistMoved);
      await expect(chipOf(paneRow(t.passport))).toHaveText(language.chips.passport);
      await screenshot(page, `${language.locale}-390-pane`);
      await expectAccessible(page, 'a pane with dates on a phone');
    });
  });
}
