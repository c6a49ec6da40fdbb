#!/usr/bin/env node
// `npm start`: builds whatever is missing or stale (server with tsc -b, web app with Vite),
// then runs the server in this process. A user never needs a separate build step. The
// script's `node` has the V8 flags the server runs with (package.json; docs/operations.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args, what) {
  console.log(`[nestbox] ${what}…`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[nestbox] ${what} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time of any file below these paths. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}

// tsc -b is incremental: a no-op when nothing changed.
run(['run', '--silent', 'build:server'], 'Building the server');

const webIndex = path.join(root, 'packages/web/dist/index.html');
const webSources = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/shared/src',
];
if (!existsSync(webIndex) || newest(webSources) > statSync(webIndex).mtimeMs) {
  run(['run', '--silent', 'build:web'], 'Building the web app');
}

// What `npm start` runs is the product, not a development server (connection.ts keeps its
// development-only checks out of it).
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'packages/server/dist/server.js')).href);
