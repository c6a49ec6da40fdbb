import { SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import type { Page } from '@playwright/test';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, createBox, remindADayBefore, rootBoxId, userIdOf } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { gate } from '../support/held-requests.js';
import { holdLiveSocket, liveEventReceived, liveSocketConnected } from '../support/live.js';
import { expect, test } from '../support/test.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/**
 * Reminders. The first reminder is fired by the server's own scheduler (every 10 s),
 * in real time; later occurrences a minute or more away are fired through the e2e-only
 * `/e2e/reminders/run {now, email}` (the same job, at a chosen clock, for this journey's account
 * only), so the journey needs no waiting.
 */
test.describe.configure({ mode: 'serial' });

const badge = (page: Page) => page.getByTestId('reminders-badge');
const remindersButton = (page: Page) => page.getByRole('button', { name: 'Reminders', exact: true });
const modal = (page: Page) => page.getByRole('dialog', { name: 'Reminders' });

test('a reminder reaches the badge live, the modal lists it, closing clears it; a repeat stops with Dismiss All', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await createLoggedInAccount(request, { label: 'reminders', name: 'Rita Reminder' });
  const root = await rootBoxId(request, me.token);
  const text = (title: string) =>
    api<{ _id: string }>(request, me.token, 'POST', '/api/items/create-item', {
      parentItemId: root,
      itemType: 'todoText',
      title,
    });
  const setTarget = (itemId: string, priorityTargetDate: number) =>
    api(request, me.token, 'PUT', '/api/items/update-item', { itemId, priorityTargetDate });
  const addReminder = (itemId: string, query: string) =>
    api<{ data: string }>(
      request,
      me.token,
      'POST',
      `/api/reminders/create-item-reminder?itemId=${itemId}&${query}`,
    );
  const runAt = (now: number) =>
    api<{ fired: number }>(request, me.token, 'POST', '/e2e/reminders/run', { now, email: me.email });

  // Target date 80 s ahead, reminder 1 minute before: due in about 20 s, once the page listens.
  const plumber = await text('Call the plumber');
  const target = (await serverNow(request)) + 80_000;
  await setTarget(plumber._id, target);
  await addReminder(plumber._id, 'numberOf=1&unit=minutes&beforeAfterOn=before');
  const due = target - MIN;

  await putSessionToken(page, me.token);
  const connected = liveSocketConnected(page);
  await page.goto('/app');
  await expect(remindersButton(page)).toBeVisible();
  await connected;
  await expect(badge(page)).toHaveText('');
  // The scheduler fires it (an unread event on the server: on a loaded machine its tick may run
  // late), and the badge shows it without reloading.
  const unread = async () =>
    (await api<{ count: number }>(request, me.token, 'GET', '/api/reminders/unread-count')).count;
  await expect.poll(unread, { timeout: due - (await serverNow(request)) + 90_000 }).toBe(1);
  await expect(badge(page)).toHaveText('1');
  await expect(remindersButton(page)).toHaveAccessibleDescription('1 unread reminder');

  await remindersButton(page).click();
  const row = modal(page).getByTestId('reminder-event');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Open Call the plumber' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
  // When it fired: the weekday and date, and the time.
  await expect(row).toContainText(/[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d/);
  await expect(row.getByRole('button', { name: 'Dismiss All' })).toHaveCount(0);
  // Completing the item stops its 'on' reminder (the target date's own) from firing.
  await api(request, me.token, 'PUT', '/api/items/complete', { itemId: plumber._id });
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(badge(page)).toHaveText('');
  await page.reload();
  await expect(remindersButton(page)).toBeVisible();
  await expect(badge(page)).toHaveText('');

  // A repeating 'on' reminder, every minute from a target date tomorrow.
  const plants = await text('Water the plants');
  const tomorrow = (await serverNow(request)) + DAY;
  await setTarget(plants._id, tomorrow);
  await addReminder(plants._id, 'numberOf=1&unit=minutes&beforeAfterOn=on&repeat=true');
  await runAt(tomorrow + 1_000); // the repeating one and the target date's own
  await expect(badge(page)).toHaveText('2');
  await expect(remindersButton(page)).toHaveAccessibleDescription('2 unread reminders');
  await remindersButton(page).click();
  await expect(modal(page).getByTestId('reminder-event')).toHaveCount(3);
  const marked = page.waitForResponse('**/api/reminders/mark-events-read');
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(badge(page)).toHaveText('');
  await marked;

  expect((await runAt(tomorrow + MIN + 1_000)).fired).toBeGreaterThanOrEqual(1);
  await expect(badge(page)).toHaveText('1');
  await remindersButton(page).click();
  const newest = modal(page).getByTestId('reminder-event').first();
  await expect(newest).toContainText('Water the plants');
  await expect(newest).toContainText('On the target date, then every minute');
  await expect(newest.getByRole('img', { name: 'Unread' })).toBeVisible();
  await newest.getByRole('button', { name: 'Dismiss All' }).click();
  await expect(modal(page).getByRole('button', { name: 'Dismiss All' })).toHaveCount(0);
  await expect(modal(page).getByTestId('reminder-event')).toHaveCount(4);
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(badge(page)).toHaveText('');

  // No more repeats after Dismiss All.
  await runAt(tomorrow + 5 * MIN);
  const page1 = await api<{ events: unknown[] }>(
    request,
    me.token,
    'POST',
    '/api/reminders/get-reminder-events',
    {},
  );
  expect(page1.events).toHaveLength(4);
  await expect(badge(page)).toHaveText('');
});

test('the Reminders modal loads the next page while scrolling, and shows an empty state first', async ({
  page,
  request,
}) => {
  const me = await createLoggedInAccount(request, { label: 'reminders-scroll', name: 'Sam Scroll' });
  await putSessionToken(page, me.token);
  await page.goto('/app');
  await remindersButton(page).click();
  await expect(modal(page).getByText('You have no reminders yet.')).toBeVisible();
  await modal(page).getByRole('button', { name: 'Close' }).click();

  const root = await rootBoxId(request, me.token);
  const item = await api<{ _id: string }>(request, me.token, 'POST', '/api/items/create-item', {
    parentItemId: root,
    itemType: 'todoText',
    title: 'Many reminders',
  });
  const target = (await serverNow(request)) + 3 * DAY;
  await api(request, me.token, 'PUT', '/api/items/update-item', {
    itemId: item._id,
    priorityTargetDate: target,
  });
  for (let i = 1; i <= 34; i++)
    await api(
      request,
      me.token,
      'POST',
      `/api/reminders/create-item-reminder?itemId=${item._id}&numberOf=${i}&unit=minutes&beforeAfterOn=after`,
    );
  await api(request, me.token, 'POST', '/e2e/reminders/run', { now: target + DAY, email: me.email });
  await expect(badge(page)).toHaveText('35');

  await remindersButton(page).click();
  const rows = modal(page).getByTestId('reminder-event');
  await expect(rows).toHaveCount(25);
  await modal(page)
    .getByTestId('reminders-scroll')
    .evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
  await expect(rows).toHaveCount(35);
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(badge(page)).toHaveText('');
});

test("a fired reminder of an item no longer shared keeps its row, but not the item's title nor a way to it", async ({
  page,
  request,
}) => {
  const owner = await createLoggedInAccount(request, { label: 'reminders-owner', name: 'Olga Owner' });
  const member = await createLoggedInAccount(request, { label: 'reminders-member', name: 'Max Member' });
  const box = await createBox(request, owner.token, 'Lent things');
  const ladder = await api<{ _id: string }>(request, owner.token, 'POST', '/api/items/create-item', {
    parentItemId: box._id,
    itemType: 'todoText',
    title: 'Borrowed ladder',
  });
  await api(request, owner.token, 'PUT', '/api/items/associate-user', {
    itemId: box._id,
    userId: await userIdOf(request, member.token),
    ownershipId: 'editor',
  });
  const target = (await serverNow(request)) + 3 * DAY;
  await remindADayBefore(request, owner.token, ladder._id, target, member.token);
  await api(request, member.token, 'POST', '/e2e/reminders/run', {
    now: target - DAY + MIN,
    email: member.email,
  });
  await api(
    request,
    owner.token,
    'DELETE',
    `/api/items/remove-association?itemId=${box._id}&userId=${await userIdOf(request, member.token)}`,
  );

  await putSessionToken(page, member.token);
  await page.goto('/app');
  await expect(badge(page)).toHaveText('1');
  await remindersButton(page).click();
  const row = modal(page).getByTestId('reminder-event');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('An item you no longer have access to');
  await expect(row).not.toContainText('Borrowed ladder');
  await expect(row.getByRole('button')).toHaveCount(0);
});

test('a count told live while an older read of it is on its way is the one the badge keeps', async ({
  page,
  request,
}) => {
  const me = await createLoggedInAccount(request, { label: 'reminders-count-race' });
  const item = await api<{ _id: string }>(request, me.token, 'POST', '/api/items/create-item', {
    parentItemId: await rootBoxId(request, me.token),
    itemType: 'todoText',
    title: 'Renew the passport',
  });
  // Due in a day: only this journey's run fires it.
  const target = (await serverNow(request)) + 2 * DAY;
  await remindADayBefore(request, me.token, item._id, target);

  // The count is read at load; the socket joins after that, and the count is read again. The
  // server answers that second read at once (nothing unread yet), but the answer reaches the
  // page only once the count of a reminder fired meanwhile has come over the socket.
  const releaseSocket = await holdLiveSocket(page);
  const secondRead = gate();
  const secondAnswer = gate();
  let reads = 0;
  await page.route('**/api/reminders/unread-count', async (route) => {
    reads += 1;
    const response = await route.fetch();
    if (reads === 1) return route.fulfill({ response });
    secondRead.release();
    await secondAnswer.released;
    // The page may have dropped that read by now.
    await route.fulfill({ response }).catch(() => {});
  });
  await putSessionToken(page, me.token);
  const connected = liveSocketConnected(page);
  const told = liveEventReceived(page, SOCKET_EVENTS.remindersUnreadCount);
  const firstRead = page.waitForResponse('**/api/reminders/unread-count');
  await page.goto('/app');
  await firstRead;
  await expect(badge(page)).toHaveText('');
  releaseSocket();
  await connected;
  await secondRead.released;

  const dropped = page.waitForEvent('requestfailed', {
    predicate: (failed) => failed.url().endsWith('/api/reminders/unread-count'),
    timeout: 15_000,
  });
  const { fired } = await api<{ fired: number }>(request, me.token, 'POST', '/e2e/reminders/run', {
    now: target - DAY,
    email: me.email,
  });
  expect(fired).toBe(1);
  await told;
  await expect(badge(page)).toHaveText('1');
  // The older read is dropped, not let through to replace the count.
  await dropped;
  secondAnswer.release();
  await expect(badge(page)).toHaveText('1');
});
