#!/usr/bin/env node
// `npm run test:calendar`: the unit and integration suites (SQLite) once per hard day, with
// the machine's clock moved there by libfaketime and its time zone set to match. A test that
// reads today's date or the machine's zone instead of stating its own fails on one of them.
// Every day runs even when an earlier one failed; the exit code says whether all passed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each day: the instant the clock starts at, and the machine's time zone meanwhile. */
export const SWEEP_DAYS = [
  {
    // A Saturday just after midnight UTC and a new year there, while New York is still on
    // Friday 31 December (décembre, a month whose French name takes an accent).
    name: 'New Year just after midnight UTC, a Saturday (still Friday 31 December in New York)',
    at: '2028-01-01T00:05:00Z',
    zone: 'America/New_York',
  },
  {
    name: 'spring forward in Paris (01:59, a minute before the hour is skipped)',
    at: '2027-03-28T00:59:00Z',
    zone: 'Europe/Paris',
  },
  {
    name: 'fall back in Paris (02:59, a minute before the hour repeats)',
    at: '2027-10-31T00:59:00Z',
    zone: 'Europe/Paris',
  },
  // February (février) and December (décembre) are months whose French names take an accent.
  {
    name: '29 February 2028, 23:00 in Sydney (février)',
    at: '2028-02-29T12:00:00Z',
    zone: 'Australia/Sydney',
  },
];

const FAKETIME = '/usr/bin/faketime';

/** Debian's faketime, installed here when it is missing and we may. */
function ensureFaketime() {
  if (existsSync(FAKETIME)) return true;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error("faketime is missing: install Debian's 'faketime' package.");
    return false;
  }
  const run = (args) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['update', '-qq']);
  run(['install', '-y', '-qq', 'faketime']);
  return existsSync(FAKETIME);
}

function runDay({ name, at, zone }) {
  // A relative offset, not a fixed start: every process of the run (the vitest workers too)
  // then reads one and the same clock, which moves at the usual pace from the stated instant.
  const offsetSeconds = Math.round((Date.parse(at) - Date.now()) / 1000);
  console.log(`\n── ${name}: ${at} (TZ=${zone}) ──`);
  const started = Date.now();
  const result = spawnSync(
    FAKETIME,
    [
      // The thread-safe library (Node has threads of its own) and the advanced format.
      '-m',
      '-f',
      `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`,
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--project',
      'integration*',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        TZ: zone,
        // Timers and elapsed times keep the real pace; only the calendar moves.
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
        TEST_DB_ENGINE: 'sqlite',
        // Leaves out the files that depend on no calendar day (vitest.config.ts).
        NESTBOX_CALENDAR_DAY: name,
        TEST_DATABASE_URL: '',
        REDIS_URL: '',
      },
    },
  );
  return { name, at, zone, ok: result.status === 0, seconds: (Date.now() - started) / 1000 };
}

if (!ensureFaketime()) process.exit(1);
const only = process.argv[2];
const days = only ? SWEEP_DAYS.filter((day) => day.at.startsWith(only)) : SWEEP_DAYS;
const results = days.map(runDay);
console.log('\n── calendar sweep ──');
for (const r of results)
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.at} ${r.zone}: ${r.name}  (${r.seconds.toFixed(1)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
