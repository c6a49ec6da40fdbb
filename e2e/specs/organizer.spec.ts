import type { Locator, Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { expectSelected } from '../support/keyboard.js';
import { withoutLiveSocket } from '../support/live.js';
import { expect, test } from '../support/test.js';

/**
 * The Organizer journeys: prioritising by drag and drop, Today, target dates,
 * the Unprioritized order and the user's time zone deciding what 'today' is.
 */

type Token = string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LONDON = 'Europe/London';
const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';

/** The calendar day (yyyy-MM-dd) of an instant in a zone, by Intl: an oracle independent of the app. */
function localDay(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The first minute of a local day: searched minute by minute backwards from a close guess. */
function startOfLocalDay(day: string, timeZone: string): number {
  let instant = Date.parse(`${day}T12:00:00Z`);
  while (localDay(instant, timeZone) !== day) instant += localDay(instant, timeZone) < day ? HOUR : -HOUR;
  while (localDay(instant - HOUR, timeZone) === day) instant -= HOUR;
  while (localDay(instant - MINUTE, timeZone) === day) instant -= MINUTE;
  return instant;
}

/** A date as the British English page writes it, in London. */
function formatted(instant: number, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, ...options }).format(instant);
}

async function textItems(page: Page, token: Token, boxTitle: string, titles: string[]) {
  const box = await createBox(page.request, token, boxTitle);
  const ids: Record<string, string> = {};
  for (const title of titles) {
    const item = await api<{ _id: string }>(page.request, token, 'POST', '/api/items/create-item', {
      parentItemId: box._id,
      itemType: 'todoText',
      title,
    });
    ids[title] = item._id;
  }
  return { boxId: box._id, ids };
}

const prioritizedList = (page: Page) => page.getByRole('group', { name: 'Prioritized', exact: true });
const unprioritizedList = (page: Page) => page.getByRole('group', { name: 'Unprioritized', exact: true });
/** An item's row: not a control itself, it holds the title's button (which opens the item). */
const row = (list: Locator, title: string) =>
  list
    .locator('[data-item-row]')
    .filter({ has: list.page().getByRole('button', { name: title, exact: true }) });
/** The grip that the keyboard drags a row by. */
const grip = (list: Locator, title: string) => row(list, title).getByRole('button', { name: 'Drag to move' });

/** The titles of a list's rows, top to bottom. */
async function titlesIn(list: Locator): Promise<string[]> {
  const rows = await list.locator('[data-item-row]').evaluateAll((elements) =>
    elements
      .map((element) => ({
        top: element.getBoundingClientRect().top,
        title: element.querySelector('[data-title]')?.textContent ?? '',
      }))
      .sort((a, b) => a.top - b.top)
      .map(({ title }) => title),
  );
  return rows;
}

/** A mouse drag as a person does it: press, move past the drag threshold, glide, release. */
async function drag(
  page: Page,
  from: Locator,
  to: Locator,
  where: 'top' | 'middle' | 'bottom' | 'below' = 'bottom',
) {
  const source = await from.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error('drag: an end is not on screen');
  await page.mouse.move(source.x + 30, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + 30, source.y + source.height / 2 + 12, { steps: 4 });
  const y =
    where === 'top'
      ? target.y + 6
      : where === 'below'
        ? target.y + target.height + 24
        : target.y + target.height - 6;
  await page.mouse.move(target.x + 30, y, { steps: 16 });
  await page.mouse.move(target.x + 32, y, { steps: 2 });
  await page.mouse.up();
}

async function openOrganizer(page: Page, token: Token) {
  await putSessionToken(page, token);
  await page.goto('/app/organiser');
  await expect(prioritizedList(page)).toBeVisible();
}

test('prioritise three items by dragging them into order; the order survives a reload', async ({ page }) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-drag' });
  const { ids } = await textItems(page, token, 'Errands', ['Buy stamps', 'Renew passport', 'Book dentist']);
  for (const id of Object.values(ids)) {
    await api(page.request, token, 'PUT', '/api/items/update-item', { itemId: id, prioritizable: true });
  }
  await openOrganizer(page, token);
  const waiting = unprioritizedList(page);
  const ranked = prioritizedList(page);
  await expect(row(waiting, 'Book dentist')).toBeVisible();
  expect(await titlesIn(ranked)).toEqual([]);

  // Into Undated, one under the other, then the last one to the top of Undated.
  await drag(page, row(waiting, 'Renew passport'), ranked.locator('[data-group="undated"]'), 'below');
  await expect(row(ranked, 'Renew passport')).toHaveAttribute('data-group', 'undated');
  await drag(page, row(waiting, 'Buy stamps'), row(ranked, 'Renew passport'), 'below');
  await expect(row(ranked, 'Buy stamps')).toBeVisible();
  await expect.poll(() => titlesIn(ranked)).toEqual(['Renew passport', 'Buy stamps']);
  await drag(page, row(waiting, 'Book dentist'), row(ranked, 'Renew passport'), 'top');
  await expect.poll(() => titlesIn(ranked)).toEqual(['Book dentist', 'Renew passport', 'Buy stamps']);
  expect(await titlesIn(waiting)).toEqual([]);

  // Within the list: Buy stamps to the top.
  await drag(page, row(ranked, 'Buy stamps'), row(ranked, 'Book dentist'), 'top');
  await expect.poll(() => titlesIn(ranked)).toEqual(['Buy stamps', 'Book dentist', 'Renew passport']);

  await page.reload();
  await expect
    .poll(() => titlesIn(prioritizedList(page)))
    .toEqual(['Buy stamps', 'Book dentist', 'Renew passport']);

  // And back out: unprioritised again.
  await drag(page, row(prioritizedList(page), 'Book dentist'), unprioritizedList(page).locator('..'));
  await expect(row(unprioritizedList(page), 'Book dentist')).toBeVisible();
  await page.reload();
  await expect(row(unprioritizedList(page), 'Book dentist')).toBeVisible();
  await expect.poll(() => titlesIn(prioritizedList(page))).toEqual(['Buy stamps', 'Renew passport']);
});

test('pin to Today, give a target date tomorrow from the cell, clear it back to Undated', async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-dates' });
  const { ids } = await textItems(page, token, 'Home', ['Water the plants', 'Pay council tax']);
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Water the plants'],
    priority: 1,
  });
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Pay council tax'],
    priority: 2,
  });
  await openOrganizer(page, token);
  const ranked = prioritizedList(page);

  const plants = row(ranked, 'Water the plants');
  await expect(plants).toHaveAttribute('data-group', 'undated');
  await plants.getByRole('button', { name: 'Pin to Today' }).click();
  await expect(plants).toHaveAttribute('data-group', 'today');
  await expect(plants.getByRole('button', { name: 'Unpin from Today' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(row(prioritizedList(page), 'Water the plants')).toHaveAttribute('data-group', 'today');

  // Tomorrow in the user's zone (Europe/London), by Intl rather than by the app's own rules,
  // from the server's today (the project's stated date).
  const today = localDay(await serverNow(page.request), LONDON);
  const tomorrowNoon = startOfLocalDay(today, LONDON) + 36 * HOUR;
  const tomorrow = localDay(tomorrowNoon, LONDON);
  const tax = row(prioritizedList(page), 'Pay council tax');
  await tax.getByRole('button', { name: /Target date of Pay council tax/ }).click();
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) {
    await page.locator('.mantine-DatePicker-calendarHeaderControl[data-direction="next"]').click();
  }
  await page
    .getByRole('button', {
      name: formatted(tomorrowNoon, { day: 'numeric', month: 'long', year: 'numeric' }),
      exact: true,
    })
    .click();
  await expect(tax).toHaveAttribute('data-group', `day:${tomorrow}`);
  const header = prioritizedList(page).getByRole('heading', {
    // The long date as the app writes it: Intl's, without its comma.
    name: formatted(tomorrowNoon, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).replace(',', ''),
  });
  await expect(header).toBeVisible();
  await page.reload();
  await expect(row(prioritizedList(page), 'Pay council tax')).toHaveAttribute(
    'data-group',
    `day:${tomorrow}`,
  );

  await row(prioritizedList(page), 'Pay council tax')
    .getByRole('button', { name: /Target date of Pay council tax/ })
    .click();
  await page.getByRole('button', { name: 'Clear the date' }).click();
  await expect(row(prioritizedList(page), 'Pay council tax')).toHaveAttribute('data-group', 'undated');
  await expect(header).toHaveCount(0);
  await page.reload();
  await expect(row(prioritizedList(page), 'Pay council tax')).toHaveAttribute('data-group', 'undated');
});

test('the Unprioritized order follows the column headers and is kept', async ({ page }) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-order' });
  const { ids } = await textItems(page, token, 'Garden', ['Mulch', 'Compost', 'Prune roses']);
  for (const title of ['Mulch', 'Compost', 'Prune roses']) {
    await api(page.request, token, 'PUT', '/api/items/update-item', {
      itemId: ids[title],
      prioritizable: true,
    });
  }
  await openOrganizer(page, token);
  const waiting = unprioritizedList(page);
  // Default: created date, newest first.
  await expect.poll(() => titlesIn(waiting)).toEqual(['Prune roses', 'Compost', 'Mulch']);
  await page.getByRole('button', { name: 'Order by Item' }).click();
  await expect.poll(() => titlesIn(waiting)).toEqual(['Compost', 'Mulch', 'Prune roses']);
  await page.getByRole('button', { name: 'Order by Item' }).click();
  await expect.poll(() => titlesIn(waiting)).toEqual(['Prune roses', 'Mulch', 'Compost']);
  await expect(page.getByRole('button', { name: 'Order by Item' })).toHaveAttribute('data-dir', 'desc');
  await page.reload();
  await expect.poll(() => titlesIn(unprioritizedList(page))).toEqual(['Prune roses', 'Mulch', 'Compost']);
  await expect(page.getByRole('button', { name: 'Order by Item' })).toHaveAttribute('aria-pressed', 'true');
});

test("changing the time zone changes what 'today' is", async ({ page }) => {
  const account = await createLoggedInAccount(page.request, { label: 'organizer-zone' });
  // D is today in Auckland; one item at 23:59 on D there, one at 00:01 on D + 1.
  const now = await serverNow(page.request);
  const day = localDay(now, AUCKLAND);
  const nextMidnight = startOfLocalDay(
    localDay(startOfLocalDay(day, AUCKLAND) + 36 * HOUR, AUCKLAND),
    AUCKLAND,
  );
  const { ids } = await textItems(page, account.token, 'Travel', ['Pack the bags', 'Check in online']);
  await api(page.request, account.token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Pack the bags'],
    priority: 1,
    priorityTargetDate: nextMidnight - MINUTE,
  });
  await api(page.request, account.token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Check in online'],
    priority: 2,
    priorityTargetDate: nextMidnight + MINUTE,
  });
  const moveTo = async (timezone: string) => {
    await api(page.request, account.token, 'PUT', '/api/admin/users/save-profile', {
      name: account.name,
      email: account.email,
      timezone,
      locale: 'en-GB',
    });
    await page.reload();
  };

  await openOrganizer(page, account.token);
  await moveTo(AUCKLAND);
  const ranked = prioritizedList(page);
  await expect(row(ranked, 'Pack the bags')).toHaveAttribute('data-group', 'today');
  await expect(row(ranked, 'Check in online')).toHaveAttribute(
    'data-group',
    `day:${localDay(nextMidnight, AUCKLAND)}`,
  );

  // In Los Angeles both instants fall on the same local day: today there, or tomorrow.
  await moveTo(LOS_ANGELES);
  const there = localDay(nextMidnight, LOS_ANGELES);
  const expected = there === localDay(await serverNow(page.request), LOS_ANGELES) ? 'today' : `day:${there}`;
  await expect(row(prioritizedList(page), 'Check in online')).toHaveAttribute('data-group', expected);
  await expect(row(prioritizedList(page), 'Pack the bags')).toHaveAttribute('data-group', expected);
});

test('the split between the lists moves with the keyboard and is kept; shift-click dives down', async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-split' });
  const { ids } = await textItems(page, token, 'Projects', ['Draft the plan']);
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Draft the plan'],
    priority: 1,
  });
  await openOrganizer(page, token);
  const handle = page.getByRole('separator', { name: 'Resize the two lists' });
  await expect(handle).toHaveAttribute('aria-valuenow', '55');
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', '60');
  await page.reload();
  await expect(page.getByRole('separator', { name: 'Resize the two lists' })).toHaveAttribute(
    'aria-valuenow',
    '60',
  );

  await row(prioritizedList(page), 'Draft the plan').click({ modifiers: ['Shift'] });
  // The row is marked for a moment, so the eye finds it.
  await expect(page.locator('[data-item-id][data-revealed]')).toHaveText('Draft the plan');
  await expect(page).toHaveURL(/\/app\/boxes$/);
  const pane = page
    .locator('section[data-pane-id]')
    .filter({ has: page.getByRole('heading', { name: 'Projects' }) });
  await expect(pane).toBeVisible();
  await expect(pane.getByText('Draft the plan')).toBeInViewport();
});

test("a drop between two too-close priorities re-indexes: 'Re-indexing items...' shows, then the order is kept", async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-reindex' });
  const { ids } = await textItems(page, token, 'Chores', ['Dust shelves', 'Sweep floor', 'Wash windows']);
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Dust shelves'],
    priority: 1,
  });
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Sweep floor'],
    priority: 1 + 1e-13,
  });
  await api(page.request, token, 'PUT', '/api/items/update-item', {
    itemId: ids['Wash windows'],
    prioritizable: true,
  });
  await openOrganizer(page, token);
  const ranked = prioritizedList(page);
  await expect.poll(() => titlesIn(ranked)).toEqual(['Dust shelves', 'Sweep floor']);

  await drag(page, row(unprioritizedList(page), 'Wash windows'), row(ranked, 'Sweep floor'), 'top');
  await expect(page.getByRole('status').filter({ hasText: 'Re-indexing items...' })).toBeVisible();
  await expect.poll(() => titlesIn(ranked)).toEqual(['Dust shelves', 'Wash windows', 'Sweep floor']);
  const priorities = async () => {
    const response = await page.request.get('/api/items/get-prioritized-items', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { title: string; priority: number }[]).map((i) => [
      i.title,
      i.priority,
    ]);
  };
  await expect.poll(priorities).toEqual([
    ['Dust shelves', 16384],
    ['Wash windows', 32768],
    ['Sweep floor', 49152],
  ]);
  await expect(page.getByText('Re-indexing items...')).toHaveCount(0);
  await page.reload();
  await expect
    .poll(() => titlesIn(prioritizedList(page)))
    .toEqual(['Dust shelves', 'Wash windows', 'Sweep floor']);
});

test('rows move with the keyboard too: Space lifts, arrows move, Space drops', async ({ page }) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-keys' });
  const { ids } = await textItems(page, token, 'Desk', ['Tidy cables', 'File receipts']);
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Tidy cables'],
    priority: 1,
  });
  await api(page.request, token, 'PUT', '/api/items/update-item', {
    itemId: ids['File receipts'],
    prioritizable: true,
  });
  await openOrganizer(page, token);

  await grip(unprioritizedList(page), 'File receipts').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Space');
  await expect(row(prioritizedList(page), 'File receipts')).toBeVisible();
  await page.reload();
  await expect(row(prioritizedList(page), 'File receipts')).toBeVisible();
  expect(await titlesIn(unprioritizedList(page))).toEqual([]);
});

test('ranking from the keyboard, without the grip: P prioritises, Alt+↑ / Alt+↓ move, the order is kept', async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-rank-keys' });
  const { ids } = await textItems(page, token, 'Desk', ['Tidy cables', 'Pay the bill', 'File receipts']);
  for (const [title, priority] of [
    ['Tidy cables', 1],
    ['Pay the bill', 2],
  ] as const) {
    await api(page.request, token, 'PUT', '/api/items/update-priority', { itemId: ids[title], priority });
  }
  await api(page.request, token, 'PUT', '/api/items/update-item', {
    itemId: ids['File receipts'],
    prioritizable: true,
  });
  await openOrganizer(page, token);
  const ranked = prioritizedList(page);
  const waiting = unprioritizedList(page);
  await expect(row(waiting, 'File receipts')).toBeVisible();

  // ↓ enters the rows, → goes to the Unprioritized list.
  await page.keyboard.press('ArrowDown');
  await expectSelected(row(ranked, 'Tidy cables'));
  await page.keyboard.press('ArrowRight');
  await expectSelected(row(waiting, 'File receipts'));

  const saved = () =>
    page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/items/update-priority') && response.request().method() === 'PUT',
    );
  // P: to the end of the Prioritized list; the row keeps the focus in its new list.
  let saving = saved();
  await page.keyboard.press('p');
  expect((await saving).ok()).toBe(true);
  await expect.poll(() => titlesIn(ranked)).toEqual(['Tidy cables', 'Pay the bill', 'File receipts']);
  await expectSelected(row(ranked, 'File receipts'));
  expect(await titlesIn(waiting)).toEqual([]);

  // Alt+↑ and Alt+↓: one place up or down, the focus staying on the row moved.
  for (const [key, order] of [
    ['Alt+ArrowUp', ['Tidy cables', 'File receipts', 'Pay the bill']],
    ['Alt+ArrowUp', ['File receipts', 'Tidy cables', 'Pay the bill']],
    ['Alt+ArrowDown', ['Tidy cables', 'File receipts', 'Pay the bill']],
  ] as const) {
    saving = saved();
    await page.keyboard.press(key);
    expect((await saving).ok()).toBe(true);
    await expect.poll(() => titlesIn(ranked)).toEqual([...order]);
    await expectSelected(row(ranked, 'File receipts'));
  }

  await page.reload();
  await expect(row(ranked, 'File receipts')).toBeVisible();
  await expect.poll(() => titlesIn(ranked)).toEqual(['Tidy cables', 'File receipts', 'Pay the bill']);
  expect(await titlesIn(waiting)).toEqual([]);
});

test('a change the server refuses is put back, with a notification', async ({ page }) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-rollback' });
  const { ids } = await textItems(page, token, 'Errands', ['Post the parcel']);
  await api(page.request, token, 'PUT', '/api/items/update-priority', {
    itemId: ids['Post the parcel'],
    priority: 1,
  });
  await openOrganizer(page, token);
  const parcel = row(prioritizedList(page), 'Post the parcel');
  await expect(parcel).toHaveAttribute('data-group', 'undated');

  await page.route('**/api/items/update-priority', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'error.generic', message: 'Service unavailable' } }),
    }),
  );
  await parcel.getByRole('button', { name: 'Pin to Today' }).click();
  await expect(page.getByText('A problem occurred trying to perform this action.')).toBeVisible();
  await expect(parcel).toHaveAttribute('data-group', 'undated');
  await expect(parcel.getByRole('button', { name: 'Pin to Today' })).toHaveAttribute('aria-pressed', 'false');
});

test('a long Organizer draws its first screen from the first page and loads the rest behind it', async ({
  page,
}) => {
  const { token } = await createLoggedInAccount(page.request, { label: 'organizer-long' });
  const titles = Array.from({ length: 130 }, (_, i) => `Chore ${String(i + 1).padStart(3, '0')}`);
  const { ids } = await textItems(page, token, 'Chores', titles);
  for (const title of titles)
    await api(page.request, token, 'PUT', '/api/items/update-item', {
      itemId: ids[title],
      prioritizable: true,
    });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/items/get-organizer')) asked.push(new URL(request.url()).search);
  });
  // The second page fails (and its automatic retries too): the first screen stays, and the
  // rest can be asked for again. Every request is counted, so the page runs without its live
  // socket (whose connect reads the Organizer again).
  await withoutLiveSocket(page);
  let failing = true;
  await page.route('**/api/items/get-organizer?*unprioritizedOffset=100*', (route) =>
    failing ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await openOrganizer(page, token);
  const waiting = unprioritizedList(page);
  // Newest first; the first page holds 100, the oldest 30 come with the next one.
  await expect.poll(() => titlesIn(waiting).then((shown) => shown[0])).toBe('Chore 130');
  await expect(page.getByText('The rest of your Organiser could not be loaded.')).toBeVisible({
    timeout: 15_000,
  });
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('The rest of your Organiser could not be loaded.')).toHaveCount(0);
  await waiting.evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
  await expect(row(waiting, 'Chore 001')).toBeVisible();
  // Scrolled far from it, the row holding the list's Tab stop (its first) is still drawn:
  // Tab from the column headers reaches the list there.
  const first = row(waiting, 'Chore 130');
  await expect(first).not.toBeInViewport();
  await expect(first).toHaveAttribute('tabindex', '0');
  await page.getByRole('button', { name: 'Order by Created' }).focus();
  await page.keyboard.press('Tab');
  await expectSelected(first);
  expect(asked[0]).toContain('limit=100');
  // Three tries (the first and two automatic retries), then the one asked for.
  expect(asked.filter((query) => query.includes('unprioritizedOffset=100'))).toHaveLength(4);
  await expect(page.getByRole('status', { name: 'Loading the rest of your Organiser…' })).toHaveCount(0);
});
