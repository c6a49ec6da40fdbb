import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { STATED_NOW, type StatedDateOption } from './support/clock.js';
import { E2E_ADMIN, E2E_SLACK } from './support/e2e-env.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A free loopback port, chosen once and handed to the workers through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'nestbox-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

// Slack and admin journeys: the shared server knows a Slack app whose Web API is a
// stand-in the Slack spec starts on E2E_SLACK_API_PORT; re-seeding wipes every account, so
// that journey has a server and data directory of its own.
process.env.E2E_SLACK_API_PORT ??= String(await freePort());
process.env.E2E_RESEED_PORT ??= String(await freePort());
process.env.E2E_RESEED_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'nestbox-e2e-reseed-'));
// Journeys whose outcome depends on the calendar run against a server whose clock starts at
// one stated instant (support/clock.ts), with the browser's clock set to the server's.
process.env.E2E_DATED_PORT ??= String(await freePort());
process.env.E2E_DATED_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'nestbox-e2e-dated-'));
/**
 * The journeys' servers keep everything in their temporary folder: SQLite, and rate limits in
 * memory. Without this they would inherit DATABASE_URL / REDIS_URL from the shell (CI exports
 * REDIS_URL for the scale-out tests), and sign-up limits counted in a shared Redis would carry
 * over from one run to the next until they refuse sign-ups (429).
 */
const SELF_CONTAINED = { DATABASE_URL: '', REDIS_URL: '' };
const reseedBaseURL = `http://127.0.0.1:${process.env.E2E_RESEED_PORT}`;
const datedBaseURL = `http://127.0.0.1:${process.env.E2E_DATED_PORT}`;

/** The journeys that depend on the date: they run in the `dated` project. */
const DATED =
  /(calendar-feed|dark-mode|dates-in-sight|item-settings|keyboard-only|organizer|phone-swipe|quick-capture|recurring-items|reminder-opens-item|reminders|two-factor|upcoming)\.spec\.ts/;

/**
 * End-to-end journeys: the real built server (SQLite in a temporary data directory, the
 * e2e helpers mounted) driven through Debian's Chromium. Screenshots and traces are kept
 * for failures under e2e/test-results.
 */
export default defineConfig<StatedDateOption>({
  testDir: './specs',
  outputDir: './test-results',
  globalTeardown: './global-teardown.ts',
  // Ceilings, not waits: every step waits for the state that proves it, and a loaded 2-core
  // machine can take several times longer than a quiet one to get there (the longest journeys
  // walk a dozen screens, each checked by axe).
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // Two browsers at a time: every journey has its own accounts, and each waits for the state
  // that proves a step (never for a time), so a loaded machine only makes it slower.
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // Transitions end at once (the app respects the setting): axe never sees a half-faded screen.
    reducedMotion: 'reduce',
    // The app's service worker (installed once signed in) keeps the app shell for offline
    // use; it would also take requests out of reach of page.route. Only the offline journey
    // lets it in.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A trace snapshots the page at every action: worth its cost where someone can open it,
    // not in CI, which keeps only what the run printed.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: [/admin\.spec\.ts/, DATED],
    },
    // The calendar's journeys: their own server, started at the stated date (third webServer
    // below); the fixture in support/test.ts sets each page's clock to the server's.
    {
      name: 'dated',
      use: { browserName: 'chromium', baseURL: datedBaseURL, statedDate: true },
      testMatch: DATED,
    },
    // Re-seeding deletes every account: its own server (second webServer below).
    {
      name: 'reseed',
      use: { browserName: 'chromium', baseURL: reseedBaseURL },
      testMatch: /admin\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: 'node ../packages/server/dist/server.js',
      cwd: here,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        NESTBOX_DATA_DIR: process.env.E2E_DATA_DIR,
        ...SELF_CONTAINED,
        NESTBOX_E2E: '1',
        NESTBOX_APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        SLACK_CLIENT_ID: E2E_SLACK.clientId,
        SLACK_CLIENT_SECRET: E2E_SLACK.clientSecret,
        SLACK_SIGNING_SECRET: E2E_SLACK.signingSecret,
        SLACK_API_URL: `http://127.0.0.1:${process.env.E2E_SLACK_API_PORT}/api`,
      },
    },
    {
      command: 'node ../packages/server/dist/server.js',
      cwd: here,
      url: `${reseedBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(process.env.E2E_RESEED_PORT),
        HOST: '127.0.0.1',
        NESTBOX_DATA_DIR: process.env.E2E_RESEED_DATA_DIR,
        ...SELF_CONTAINED,
        NESTBOX_E2E: '1',
        NESTBOX_APP_URL: reseedBaseURL,
        LOG_LEVEL: 'warn',
        NESTBOX_ALLOW_RESEED: '1',
        NESTBOX_ADMIN_EMAIL: E2E_ADMIN.email,
        NESTBOX_ADMIN_PASSWORD: E2E_ADMIN.password,
      },
    },
    {
      command: 'node ../packages/server/dist/server.js',
      cwd: here,
      url: `${datedBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(process.env.E2E_DATED_PORT),
        HOST: '127.0.0.1',
        NESTBOX_DATA_DIR: process.env.E2E_DATED_DATA_DIR,
        ...SELF_CONTAINED,
        NESTBOX_E2E: '1',
        NESTBOX_E2E_NOW: STATED_NOW,
        NESTBOX_APP_URL: datedBaseURL,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
