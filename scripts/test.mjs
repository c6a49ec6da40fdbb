#!/usr/bin/env node
// `npm test`: every layer, in order — typecheck, lint, unit, integration on SQLite and (when
// TEST_DATABASE_URL is set) on PostgreSQL, the calendar sweep (in CI), build, the first load's
// byte budgets and end-to-end in Debian's Chromium — then a summary. Every step runs even when an earlier one failed, so one run shows everything;
// the exit code is non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.vitest-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];

function exec(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function step(name, run) {
  console.log(`\n━━ ${name} ━━`);
  const outcome = run();
  results.push({ name, ...outcome });
  return outcome.ok;
}

function vitest(name, project, env = {}) {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  return step(name, () => {
    const { ok, seconds } = exec(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        project,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ],
      env,
    );
    const report = readJson(file);
    return {
      ok: ok && report !== undefined && report.numTotalTests > 0,
      seconds,
      passed: report?.numPassedTests ?? 0,
      failed: report ? report.numFailedTests + (ok ? 0 : report.numFailedTests === 0 ? 1 : 0) : 1,
      skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    };
  });
}

/** Chromium for the end-to-end tests: Debian's package, installed here if it is missing. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's 'chromium' package (or set CHROMIUM_PATH).`,
    );
    return false;
  }
  console.log("Installing Debian's chromium for the end-to-end tests…");
  return (
    exec('apt-get', ['update', '-qq']).ok &&
    exec('apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' }).ok &&
    existsSync(CHROMIUM)
  );
}

/** Where each Debian package the CalDAV interop tests drive (modules/caldav/interop) puts itself. */
const INTEROP_TOOLS = {
  'python3-caldav': '/usr/lib/python3/dist-packages/caldav',
  vdirsyncer: '/usr/bin/vdirsyncer',
  todoman: '/usr/bin/todoman',
  radicale: '/usr/bin/radicale',
};

/**
 * The CalDAV clients and server the interop tests run, Debian's packages, installed here when
 * missing and we may. Without them those tests fail, saying what to install.
 */
function ensureInteropTools() {
  const missing = Object.keys(INTEROP_TOOLS).filter((name) => !existsSync(INTEROP_TOOLS[name]));
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(`The CalDAV interop tests need Debian's ${missing.join(', ')}: install them.`);
    return false;
  }
  console.log(`Installing Debian's ${missing.join(', ')} for the CalDAV interop tests…`);
  return (
    exec('apt-get', ['update', '-qq']).ok &&
    exec('apt-get', ['install', '-y', '-qq', ...missing], { DEBIAN_FRONTEND: 'noninteractive' }).ok
  );
}

step('typecheck', () => exec('npm', ['run', '--silent', 'typecheck']));
step('lint', () => exec('npm', ['run', '--silent', 'lint']));
vitest('unit', 'unit');
ensureInteropTools();
vitest('integration (SQLite)', 'integration*', { TEST_DB_ENGINE: 'sqlite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('integration (PostgreSQL)', 'integration*', { TEST_DB_ENGINE: 'postgres' });
} else {
  results.push({
    name: 'integration (PostgreSQL)',
    ok: true,
    skippedLayer: true,
    note: 'not run: set TEST_DATABASE_URL to run it',
  });
}
// The unit and integration suites again on hard calendar days (scripts/calendar-sweep.mjs):
// always in CI; elsewhere when NESTBOX_CALENDAR_SWEEP=1, as it adds several minutes.
if (process.env.CI || process.env.NESTBOX_CALENDAR_SWEEP === '1') {
  step('calendar sweep (SQLite)', () => exec('node', ['scripts/calendar-sweep.mjs']));
} else {
  results.push({
    name: 'calendar sweep (SQLite)',
    ok: true,
    skippedLayer: true,
    note: 'not run: CI runs it, or set NESTBOX_CALENDAR_SWEEP=1',
  });
}
const built = step('build', () => exec('npm', ['run', '--silent', 'build']));
const e2eReport = path.join(reports, 'e2e.json');
if (!built) {
  results.push({ name: 'end-to-end (Chromium)', ok: false, failed: 1, note: 'not run: the build failed' });
} else if (!ensureChromium()) {
  results.push({ name: 'end-to-end (Chromium)', ok: false, failed: 1, note: 'not run: no Chromium' });
} else {
  // The first load's byte budgets (bench/first-load.bench.ts), a gate like any test: its
  // report goes to a scratch folder, not over the committed one.
  step('first-load budget (Chromium)', () =>
    exec('npm', ['run', '--silent', 'bench', '-w', '@nestbox/bench', '--', 'first-load'], {
      BENCH_REPORTS_DIR: path.join(reports, 'bench'),
      CHROMIUM_PATH: CHROMIUM,
    }),
  );
  step('end-to-end (Chromium)', () => {
    const { ok, seconds } = exec(
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
      {
        PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport,
        CHROMIUM_PATH: CHROMIUM,
      },
    );
    const stats = readJson(e2eReport)?.stats;
    const total = stats ? stats.expected + stats.unexpected + stats.flaky : 0;
    return {
      ok: ok && total > 0,
      seconds,
      passed: stats?.expected ?? 0,
      failed: (stats?.unexpected ?? 0) + (stats?.flaky ?? 0) + (ok || stats?.unexpected ? 0 : 1),
      skipped: stats?.skipped ?? 0,
    };
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n━━ summary ━━');
for (const r of results) {
  const counts =
    r.passed === undefined ? '' : `  ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
  const time = r.seconds === undefined ? '' : `  (${r.seconds.toFixed(1)} s)`;
  const status = r.skippedLayer ? 'SKIP' : r.ok ? 'PASS' : 'FAIL';
  console.log(`${status}  ${r.name}${counts}${time}${r.note ? `  — ${r.note}` : ''}`);
  passed += r.passed ?? 0;
  failed += r.failed ?? (r.ok ? 0 : 1);
  skipped += r.skipped ?? 0;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
