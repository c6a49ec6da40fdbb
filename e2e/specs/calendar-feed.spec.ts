import type { APIRequestContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, pane, rootBoxId } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { expect, test } from '../support/test.js';

const DAY = 86_400_000;

/** The start of a day (yyyy-MM-dd) in London, as the date picker sends a date without a time. */
function londonMidnight(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const hourThere = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(utcMidnight);
  return utcMidnight - Number(hourThere) * 3_600_000;
}

async function openDataTab(page: Page, names = { settings: 'Application Settings', data: 'Data' }) {
  // Below 480 px the header keeps its settings in its Menu.
  if ((page.viewportSize()?.width ?? 1280) < 480) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: names.settings }).click();
  } else await page.getByRole('banner').getByRole('button', { name: names.settings }).click();
  const dialog = page.getByRole('dialog', { name: names.settings });
  await dialog.getByRole('tab', { name: names.data }).click();
  return dialog;
}

/** The feed at `url`, as a calendar app reads it: each event's summary, with its link and whether it is all-day. */
async function subscribe(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return new Map(
    calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return [
        event.summary,
        {
          url: String(vevent.getFirstPropertyValue('url')),
          description: event.description,
          allDay: event.startDate.isDate,
        },
      ] as const;
    }),
  );
}

test('subscribe to the calendar: the address from Data reads the dated items, and their links open them', async ({
  page,
  request,
}) => {
  const me = await createLoggedInAccount(request, { label: 'calendar' });
  const root = await rootBoxId(request, me.token);
  const create = (parentItemId: string, itemType: 'todoBox' | 'todoText', title: string) =>
    api<{ _id: string }>(request, me.token, 'POST', '/api/items/create-item', {
      parentItemId,
      itemType,
      title,
    });
  const home = await create(root, 'todoBox', 'Home');
  const kitchen = await create(home._id, 'todoBox', 'Kitchen');
  for (let i = 1; i <= 40; i++) await create(kitchen._id, 'todoText', `Shelf ${i}`);
  const bulbs = await create(kitchen._id, 'todoText', 'Buy bulbs');
  const plumber = await create(home._id, 'todoText', 'Call the plumber');
  await create(home._id, 'todoText', 'Someday, maybe');
  // A date picked without a time is the start of that day in the person's zone (London here).
  const tomorrow = new Date((await serverNow(request)) + DAY).toISOString().slice(0, 10);
  await api(request, me.token, 'PUT', '/api/items/update-item', {
    itemId: bulbs._id,
    priorityTargetDate: londonMidnight(tomorrow),
  });
  await api(request, me.token, 'PUT', '/api/items/update-item', {
    itemId: plumber._id,
    priorityTargetDate: londonMidnight(tomorrow) + DAY + 9.5 * 3_600_000,
  });

  await putSessionToken(page, me.token);
  await page.goto('/app/boxes');
  let dialog = await openDataTab(page);
  const section = dialog.getByRole('region', { name: 'Calendar feed' });
  await section.getByRole('button', { name: 'Create calendar address' }).click();
  const address = section.getByRole('textbox', { name: 'Calendar address' });
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(section.getByRole('button', { name: 'Copy address' })).toBeVisible();
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/calendar-feed.png` });
  const first = await address.inputValue();

  const events = await subscribe(request, first);
  expect([...events.keys()].sort()).toEqual(['Buy bulbs', 'Call the plumber']);
  expect(events.get('Buy bulbs')).toMatchObject({ allDay: true, description: 'Workspace › Home › Kitchen' });
  expect(events.get('Call the plumber')).toMatchObject({ allDay: false, description: 'Workspace › Home' });

  // Regenerating ends the old address at once.
  await section.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate the calendar address?' });
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect([...(await subscribe(request, second)).keys()].sort()).toEqual(['Buy bulbs', 'Call the plumber']);

  // Back later, only the hash is left: the tab says since when a feed is active.
  await page.reload();
  dialog = await openDataTab(page);
  await expect(dialog.getByText(/^A feed is active since /)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Calendar address' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A calendar app's link back opens the item in its box, marked, and leaves the address clean.
  const link = events.get('Buy bulbs')?.url ?? '';
  expect(link).toMatch(new RegExp(`/app/boxes\\?item=${bulbs._id}$`));
  await page.goto(link);
  // It is the selection there (its brief highlight aside), so the keyboard carries on from it.
  const revealed = pane(page, 'Kitchen').getByRole('listitem', { name: 'Buy bulbs', exact: true });
  await expect(revealed).toHaveAttribute('aria-current', 'true');
  await expect(revealed).toBeInViewport();
  await expect(page).toHaveURL(/\/app\/boxes$/);

  // Turning it off ends the address.
  dialog = await openDataTab(page);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off the calendar feed?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(dialog.getByRole('button', { name: 'Create calendar address' })).toBeVisible();
  expect((await request.get(second)).status()).toBe(404);
});

test('an item link to something not visible shows the Workspace and says so, in French too', async ({
  page,
  request,
}) => {
  const owner = await createLoggedInAccount(request, { label: 'calendar-owner' });
  const secret = await api<{ _id: string }>(request, owner.token, 'POST', '/api/items/create-item', {
    parentItemId: await rootBoxId(request, owner.token),
    itemType: 'todoText',
    title: 'Not yours',
  });
  const marie = await createLoggedInAccount(request, { label: 'calendar-fr', locale: 'fr', name: 'Marie' });
  await putSessionToken(page, marie.token);
  await page.goto(`/app/boxes?item=${secret._id}`);
  await expect(page.getByText('Cet élément n’est pas disponible.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ouvrir votre espace de travail' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/boxes$/);

  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openDataTab(page, { settings: 'Paramètres de l’application', data: 'Données' });
  const section = dialog.getByRole('region', { name: 'Flux de calendrier' });
  await section.getByRole('button', { name: 'Créer l’adresse du calendrier' }).click();
  await expect(section.getByRole('textbox', { name: 'Adresse du calendrier' })).toHaveValue(/\.ics$/);
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/calendar-feed-fr-390.png` });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
