/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { seedUserWithPanes } from './lib/bench-user.js';
import type { Benchmark } from './lib/benchmark.js';
import { startBuiltApp } from './lib/built-app.js';

const ROW = 'section[data-pane-id] [data-item-id]';

interface InstallabilityError {
  errorId: string;
  errorArguments: { name: string; value: string }[];
}

/**
 * Installability, as Chromium itself judges it (the checks behind its install prompt, which
 * Lighthouse 12 no longer audits): the manifest's errors and Chromium's installability errors
 * on a signed-in `/app/boxes`, once its service worker is active; then the same page reloaded
 * with no network, and how long its first rows take to show from the offline copy.
 */
const benchmark: Benchmark = {
  title: 'Installable app and offline shell: Chromium’s installability checks and an offline reload',
  async run() {
    const server = await startBuiltApp('pwa', (database) =>
      seedUserWithPanes(database.db, 'bench-pwa@example.test', { panes: 3, texts: 50 }),
    );
    // A profile of its own: Chromium never offers installing from an incognito context.
    const profile = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      viewport: { width: 412, height: 823 },
      locale: 'en-GB',
    });
    try {
      const token = await signSessionToken(server.secrets.jwtSecret, {
        userId: server.seeded,
        tokenVersion: 0,
        rememberMe: false,
      });
      // Chromium only offers installing a page served over HTTPS or from localhost.
      const origin = server.base.replace('127.0.0.1', 'localhost');
      await context.addInitScript((value) => localStorage.setItem('nestbox.token', value), token);
      const page = await context.newPage();
      await page.goto(`${origin}/app/boxes`);
      await page.locator(ROW).first().waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const precached = await page.evaluate(async () => {
        const names = await caches.keys();
        let entries = 0;
        for (const name of names) entries += (await (await caches.open(name)).keys()).length;
        return entries;
      });
      // The offline copy is written at most once a second after the screens change.
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('nestbox-offline');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('cache')) return resolve(false);
              const read = db.transaction('cache').objectStore('cache').get('queries');
              read.onsuccess = () =>
                resolve(typeof read.result === 'string' && read.result.includes('items-for-pane'));
              read.onerror = () => resolve(false);
            };
          }),
      );

      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string; critical: number }[];
      };
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: InstallabilityError[];
      };

      await context.setOffline(true);
      const started = Date.now();
      await page.reload();
      await page.locator(ROW).first().waitFor();
      const offlineFirstRowsMs = Date.now() - started;
      const offlineRows = await page.locator(ROW).count();
      const offlineNotice = await page.getByRole('status').filter({ hasText: 'Offline' }).textContent();

      const describe = (error: InstallabilityError) =>
        `${error.errorId}${error.errorArguments.length ? ` (${error.errorArguments.map((a) => `${a.name}: ${a.value}`).join(', ')})` : ''}`;
      const verdict = (ok: boolean) => (ok ? 'pass' : '**fail**');
      return [
        '| check | result | verdict |',
        '|---|---|---|',
        `| manifest (${new URL(manifest.url).pathname}) parse errors | ${manifest.errors.length === 0 ? 'none' : manifest.errors.map((e) => e.message).join('; ')} | ${verdict(manifest.errors.length === 0)} |`,
        `| Chromium installability errors | ${installabilityErrors.length === 0 ? 'none' : installabilityErrors.map(describe).join('; ')} | ${verdict(installabilityErrors.length === 0)} |`,
        `| service worker active, files kept for offline use | ${precached} | ${verdict(precached > 0)} |`,
        `| reload with no network: rows shown | ${offlineRows} | ${verdict(offlineRows > 0)} |`,
        `| reload with no network: first rows after | ${offlineFirstRowsMs} ms | |`,
        `| offline notice | ${offlineNotice ?? 'none'} | ${verdict(Boolean(offlineNotice))} |`,
        '',
        `A signed-in person with three panes of 50 texts opens \`/app/boxes\` in a fresh Chromium profile (never incognito, where Chromium offers no install) at 412 × 823 on \`localhost\` (Chromium offers installing only on HTTPS or localhost), waits until the service worker is active and the offline copy holds the panes, then asks Chromium (DevTools protocol: \`Page.getAppManifest\`, \`Page.getInstallabilityErrors\`, the checks behind its install prompt; Lighthouse 12 dropped its PWA audits). Then the network goes off (\`context.setOffline\`; in a persistent profile Chromium still says \`navigator.onLine\`, so this is also the case of a network that only pretends) and the page reloads: the first rows come from the offline copy once the first request has failed. Server: the built app on SQLite in the same process; browser: ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}.`,
      ].join('\n');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      await server.close();
    }
  },
};

export default benchmark;
