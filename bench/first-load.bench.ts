/// <reference lib="dom" />
import { type Browser, chromium } from 'playwright-core';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { seedUserWithPanes } from './lib/bench-user.js';
import type { Benchmark } from './lib/benchmark.js';
import { startBuiltApp } from './lib/built-app.js';

const BUDGET_KB = { login: 170, boxes: 350 };
const PANES = 3;
/** Chunks of signed-in code: none of them may load on a logged-out page. */
const SIGNED_IN_CHUNKS = /^(app-layout|boxes|organiser|vendor-app|mantine-app|app-settings|share-section)-/;

interface Transfer {
  files: { name: string; type: string; bytes: number; encoding: string }[];
  total: number;
}

/**
 * Loads `pathname` in a fresh context (empty cache) and sums the bytes of every script and
 * style sheet as they came over the wire (compressed), once the page is still.
 */
async function transferOf(browser: Browser, url: string, token?: string): Promise<Transfer> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  if (token) await context.addInitScript((value) => localStorage.setItem('nestbox.token', value), token);
  const page = await context.newPage();
  const pending: Promise<Transfer['files'][number] | undefined>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          name: new URL(request.url()).pathname.replace('/assets/', ''),
          type,
          bytes: sizes.responseBodySize,
          encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'none',
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (token) await page.locator('section[data-pane-id] [data-item-id]').first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((file) => file !== undefined);
  await context.close();
  return { files, total: files.reduce((sum, file) => sum + file.bytes, 0) };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function details(label: string, transfer: Transfer): string {
  const rows = [...transfer.files]
    .sort((a, b) => b.bytes - a.bytes)
    .map((file) => `| ${file.name} | ${file.type} | ${file.encoding} | ${kb(file.bytes)} |`);
  return [`**${label}**`, '', '| file | type | encoding | kB |', '|---|---|---|---:|', ...rows].join('\n');
}

/**
 * The first load as a person meets it, in Debian's Chromium against the built app: what
 * `/login` and a signed-in `/app/boxes` (three panes) transfer in scripts and styles.
 */
const benchmark: Benchmark = {
  title: 'First load: compressed JS and CSS transferred for /login and /app/boxes',
  async run() {
    const server = await startBuiltApp('first-load', (database) =>
      seedUserWithPanes(database.db, 'bench-first-load@example.test', { panes: PANES, texts: 50 }),
    );
    const userId = server.seeded;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const { base, secrets } = server;
      const token = await signSessionToken(secrets.jwtSecret, { userId, tokenVersion: 0, rememberMe: false });
      const login = await transferOf(browser, `${base}/login`);
      const boxes = await transferOf(browser, `${base}/app/boxes`, token);
      const signedInOnLogin = login.files
        .filter((file) => SIGNED_IN_CHUNKS.test(file.name))
        .map((f) => f.name);
      const uncompressed = [...login.files, ...boxes.files].filter((file) => file.encoding === 'none');
      const within = (bytes: number, budgetKb: number) => bytes <= budgetKb * 1000;
      const verdict = (bytes: number, budgetKb: number) => (within(bytes, budgetKb) ? 'within' : '**over**');
      // The budgets are a gate (npm test runs this bench after the build): a miss fails the run.
      if (
        !within(login.total, BUDGET_KB.login) ||
        !within(boxes.total, BUDGET_KB.boxes) ||
        signedInOnLogin.length > 0
      ) {
        console.error(
          `first-load over budget: /login ${kb(login.total)} of ${BUDGET_KB.login} kB, /app/boxes ${kb(boxes.total)} of ${BUDGET_KB.boxes} kB, signed-in chunks on /login: ${signedInOnLogin.join(', ') || 'none'}`,
        );
        process.exitCode = 1;
      }
      return [
        '| page | scripts + styles, compressed (kB) | files | budget (kB) | verdict |',
        '|---|---:|---:|---:|---|',
        `| /login | ${kb(login.total)} | ${login.files.length} | ${BUDGET_KB.login} | ${verdict(login.total, BUDGET_KB.login)} |`,
        `| /app/boxes, three panes of 50 | ${kb(boxes.total)} | ${boxes.files.length} | ${BUDGET_KB.boxes} | ${verdict(boxes.total, BUDGET_KB.boxes)} |`,
        '',
        `Signed-in chunks loaded by /login: ${signedInOnLogin.length === 0 ? 'none' : signedInOnLogin.join(', ')}. Files sent uncompressed: ${uncompressed.length === 0 ? 'none' : uncompressed.map((f) => f.name).join(', ')}.`,
        '',
        `Each page is loaded once in a fresh browser context (empty cache) at 1440 × 900 until the network is idle (and, for /app/boxes, the panes show rows); bytes are the response bodies as sent (Playwright's request sizes), brotli where Chromium asks for it. Server: the built app on SQLite in the same process; browser: ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}.`,
        '',
        details('/login', login),
        '',
        details('/app/boxes', boxes),
      ].join('\n');
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

export default benchmark;
