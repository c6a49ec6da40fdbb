import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { api, remindADayBefore, rootBoxId } from '../support/api.js';
import { serverNow } from '../support/clock.js';
import { liveSocketConnected } from '../support/live.js';
import { expect, test } from '../support/test.js';

const DAY = 24 * 60 * 60_000;

test('a reminder opens its item at the Reminders section: one heading, and Add a Reminder in view', async ({
  page,
  request,
}) => {
  const me = await createLoggedInAccount(request, { label: 'reminder-opens' });
  const root = await rootBoxId(request, me.token);
  const item = await api<{ _id: string }>(request, me.token, 'POST', '/api/items/create-item', {
    parentItemId: root,
    itemType: 'todoText',
    title: 'Renew the passport',
  });
  const target = (await serverNow(request)) + DAY;
  await remindADayBefore(request, me.token, item._id, target);
  await putSessionToken(page, me.token);
  // The unread count arrives over the socket: the reminder fires once the page listens.
  const connected = liveSocketConnected(page);
  await page.goto('/app');
  await connected;
  await api(request, me.token, 'POST', '/e2e/reminders/run', { now: target, email: me.email });
  await expect(page.getByTestId('reminders-badge')).not.toHaveText('');

  await page.getByRole('button', { name: 'Reminders', exact: true }).click();
  const events = page.getByRole('dialog', { name: 'Reminders' }).getByTestId('reminder-event');
  await events.first().getByRole('button', { name: 'Open Renew the passport' }).click();

  const settings = page.getByRole('dialog', { name: 'Renew the passport' });
  const section = settings.getByRole('region', { name: 'Reminders' });
  await expect(section.getByRole('heading', { name: 'Reminders' })).toBeInViewport();
  await expect(section.getByRole('button', { name: 'Add a Reminder' })).toBeInViewport();
  await expect(settings.getByRole('heading', { name: 'Reminders', exact: true })).toHaveCount(1);
});
