import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './packages/web/catalogue-parts.js';

/** Imports of `@nestbox/shared/<path>` resolve to its TypeScript sources, so tests need no build. */
const sharedSource = {
  find: /^@nestbox\/shared\/(.*)$/,
  replacement: fileURLToPath(new URL('./packages/shared/src/$1.ts', import.meta.url)),
};

/**
 * Integration files that time the server under load (event-loop stalls, cancellations) or
 * hold it to a deadline (a silent push service given up within 5 s, a session ended on
 * another instance within a second, instances restarted one after the other).
 */
const TIMED = [
  'packages/server/src/db/statement-timeout.test.ts',
  'packages/server/src/metrics/metrics.test.ts',
  'packages/server/src/modules/auth/sessions.test.ts',
  'packages/server/src/modules/push/push.test.ts',
  'packages/server/src/realtime/scale-out.test.ts',
  'packages/server/src/modules/calendar/calendar-serving.test.ts',
  'packages/server/src/modules/data/export-stall.test.ts',
  'packages/server/src/modules/data/import-stall.test.ts',
  'packages/server/src/modules/items/large-subtree.test.ts',
  'packages/server/src/modules/items/recurrence-cost.test.ts',
  'packages/server/src/modules/items/tree-concurrency.test.ts',
  'packages/server/src/modules/attachments/attachments-process.test.ts',
];

/**
 * Files that depend on no calendar day, left out of the calendar sweep's runs
 * (`NESTBOX_CALENDAR_DAY`); each runs once per engine in the integration step: the CalDAV
 * interop scenario, which drives outside clients on dates it states itself, and the timed
 * files that measure the event loop, a killed upload or concurrent writes on undated items or
 * on a clock of their own.
 */
const DATELESS = [
  'packages/server/src/modules/caldav/interop/**',
  'packages/server/src/db/statement-timeout.test.ts',
  'packages/server/src/metrics/metrics.test.ts',
  'packages/server/src/modules/attachments/attachments-process.test.ts',
  'packages/server/src/modules/data/export-stall.test.ts',
  'packages/server/src/modules/data/import-stall.test.ts',
  'packages/server/src/modules/items/large-subtree.test.ts',
  'packages/server/src/modules/items/tree-concurrency.test.ts',
];

/** The server's suites: real HTTP and sockets on a fresh database per file. */
const integration = {
  environment: 'node' as const,
  globalSetup: ['packages/server/src/test/global-setup.ts'],
  // Each file builds its own app on its own database, so the files share their workers'
  // loaded modules instead of loading every module again per file: the suite runs in well
  // under half the time.
  isolate: false,
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  resolve: { alias: [sharedSource] },
  test: {
    reporters: ['default'],
    // Three workers on two cores: integration files spend most of their time waiting on the
    // database, sockets and child processes, so a third worker fills the waits.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias: [sharedSource] },
        // The web app's texts come in parts (packages/web/catalogue-parts.ts).
        plugins: [catalogueParts()],
        test: {
          name: 'unit',
          environment: 'node',
          sequence: { groupOrder: 0 },
          include: [
            'packages/shared/src/**/*.test.ts',
            'packages/web/src/**/*.test.{ts,tsx}',
            'deploy/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias: [sharedSource] },
        test: {
          ...integration,
          name: 'integration',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [...TIMED, ...(process.env.NESTBOX_CALENDAR_DAY ? DATELESS : [])],
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias: [sharedSource] },
        test: {
          ...integration,
          // After the others, one file at a time: these measure how long the event loop is
          // held, and another file's work on the same two cores would count in.
          name: 'integration-timed',
          include: TIMED,
          exclude: process.env.NESTBOX_CALENDAR_DAY ? DATELESS : [],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
