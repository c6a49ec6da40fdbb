#!/usr/bin/env node
// `npm run dev`: the server with live reload (tsx watch, TypeScript sources) on port 3000 and
// Vite's dev server with hot reload on http://localhost:5173, which proxies API and socket
// calls to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--conditions=source', 'packages/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      PORT: '3000',
      NESTBOX_APP_URL: process.env.NESTBOX_APP_URL ?? 'http://localhost:5173',
    },
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'packages/web'), stdio: 'inherit', detached: true }),
];

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // Each child leads its own process group: stop the whole group (tsx's and Vite's workers too).
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode ||= code ?? 0;
  });
}
