#!/usr/bin/env node
// Runs after every `npm install` (root postinstall). The registry this project is built
// against does not serve every platform build of native tools (Biome's macOS, Windows and
// musl binaries, for example), so npm leaves them out of package-lock.json — and `npm ci`
// then refuses the lock file as out of sync. This adds a lock entry for each missing
// platform package (version, os, cpu, libc read from its name), so `npm ci` works here and
// installs the right binary on any other machine.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
  'aix',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
let added = 0;

for (const [location, entry] of Object.entries(lock.packages ?? {})) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const tokens = name.split('/').pop().split('-');
    const os = tokens.find((t) => OS.includes(t));
    const cpu = tokens.find((t) => CPU.includes(t));
    if (!os || !cpu) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(tokens.includes('musl') ? { libc: ['musl'] } : tokens.includes('gnu') ? { libc: ['glibc'] } : {}),
    };
    added++;
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `complete-lockfile: added ${added} platform package entr${added === 1 ? 'y' : 'ies'} to package-lock.json`,
  );
}
