#!/usr/bin/env node
// `npm run dev`: the server with live reload (tsx watch, TypeScript sources) and Vite's dev
// server with hot reload, which proxies API and socket calls to the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=source', 'packages/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NESTBOX_APP_URL: process.env.NESTBOX_APP_URL ?? 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@nestbox/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
