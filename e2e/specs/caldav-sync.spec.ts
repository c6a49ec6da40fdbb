import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  missingInteropTools,
  runInterop,
} from '../../packages/server/src/modules/caldav/interop/interop-runner.js';
import { createLoggedInAccount, putSessionToken } from '../support/accounts.js';
import { createBox, pane, readItem } from '../support/api.js';
import { liveSocketConnected } from '../support/live.js';
import { expect, expectAccessible, test } from '../support/test.js';
import { openPanes, rows } from '../support/workspace-setup.js';

/** Makes a write token with the Data tab's CalDAV shortcut; answers what it shows to sign in with. */
async function caldavSignIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Application Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Application Settings' });
  await dialog.getByRole('tab', { name: 'Data' }).click();
  await dialog.getByRole('button', { name: 'For a CalDAV app' }).click();
  const notice = dialog.getByRole('status').filter({ hasText: 'Sign in from your CalDAV app' });
  await expect(notice.getByRole('textbox', { name: 'Password' })).toHaveValue(/^nbx_/);
  const user = await notice.getByRole('textbox', { name: 'User name' }).inputValue();
  const password = await notice.getByRole('textbox', { name: 'Password' }).inputValue();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return { user, password };
}

test('a change made by todoman shows in an open Nestbox pane without a reload', async ({
  page,
  request,
  baseURL,
}) => {
  // Three runs of vdirsyncer (one with todoman), each a Python start-up and a full sync.
  test.setTimeout(240_000);
  // interop.py drives vdirsyncer, todoman and python3-caldav; Radicale is not needed here.
  const missing = missingInteropTools().filter((name) => name !== 'radicale');
  if (missing.length > 0)
    throw new Error(
      `This journey needs Debian's ${missing.join(', ')}: apt-get install ${missing.join(' ')}.`,
    );

  const me = await createLoggedInAccount(request, { label: 'caldav-sync', name: 'Gail Gardener' });
  const box = await createBox(request, me.token, 'Garden jobs');
  await openPanes(request, me.token, [box._id]);
  await putSessionToken(page, me.token);
  const connected = liveSocketConnected(page);
  await page.goto('/app/boxes');
  const garden = pane(page, 'Garden jobs');
  await expect(garden.getByText('This box is empty')).toBeVisible();
  await connected;

  const { user, password } = await caldavSignIn(page);
  // Gone if the page ever reloads: the rows below must come over the live socket.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  expect(user).toBe(me.email);
  const workDir = mkdtempSync(path.join(tmpdir(), 'nestbox-e2e-caldav-'));
  const env = {
    DAV_URL: `${baseURL}/`,
    DAV_USER: user,
    DAV_PASSWORD: password,
    WORK_DIR: workDir,
    // todoman reads DUE in the machine's zone: UTC makes it the same on every machine.
    TZ: 'UTC',
  };
  try {
    // The box is a task list named by its path; todoman adds a weekly task to it.
    const synced = await runInterop('sync', env);
    expect(synced.collections.map((c) => c.displayname)).toContain('Workspace › Garden jobs');
    const created = await runInterop('new', {
      ...env,
      LIST: 'Workspace › Garden jobs',
      SUMMARY: 'Water the plants',
      DUE: '2030-06-03 10:00',
      RRULE: 'FREQ=WEEKLY',
    });

    // The open pane shows it.
    const watering = rows(page, 'Garden jobs').filter({ hasText: 'Water the plants' });
    await expect(watering).toHaveCount(1);
    await expect(watering).toBeVisible();
    const firstId = String(await watering.getAttribute('data-item-id'));

    // Done in todoman: this occurrence is completed (the box hides completed texts) and
    // todoman's next one, a week on, takes its place.
    const done = await runInterop('done', { ...env, UID: created.uid });
    expect(done.todo.status).toBe('COMPLETED');
    await expect(garden.locator(`[data-item-id="${firstId}"]`)).toHaveCount(0);
    expect((await readItem<{ completed: boolean }>(request, me.token, firstId)).completed).toBe(true);
    await expect(watering).toHaveCount(1);
    await expect(watering).not.toHaveAttribute('data-item-id', firstId);
    expect(await page.evaluate(() => 'sameDocument' in window), 'the page was not reloaded').toBe(true);
    await expectAccessible(page, 'a box pane updated by a CalDAV client');
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
});
