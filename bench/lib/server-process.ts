import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenDatabaseOptions } from '../../packages/server/dist/db/connection.js';

const SERVER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/server/dist/server.js',
);

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The server's resident memory now (VmRSS, bytes), from Linux's /proc. */
export function rssOf(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** The CPU time the server has used so far (user + system, seconds; Linux counts 100 ticks a second). */
export function cpuSecondsOf(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

/**
 * Runs `during` while the server's resident memory is sampled every 10 ms; answers what it
 * answered, the memory just before (`baseline`) and the highest seen (`peak`), in bytes.
 */
export async function peakRssDuring<T>(child: ChildProcess, during: () => Promise<T>) {
  const baseline = rssOf(child);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(child));
  }, 10);
  try {
    const result = await during();
    return { result, baseline, peak: Math.max(peak, rssOf(child)) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The `DATABASE_URL` a server process needs for a bench's database: none for SQLite (the file
 * in its data folder), the URL for PostgreSQL, with the schema as its search path when given.
 */
export function serverDatabaseUrl(options: OpenDatabaseOptions): string | undefined {
  if (!options.databaseUrl) return undefined;
  const url = new URL(options.databaseUrl);
  if (options.pgSchema) url.searchParams.set('options', `-c search_path=${options.pgSchema}`);
  return url.toString();
}

/** The built server as production runs it, in a process of its own, so its memory is its own. */
export async function startServer(dataDir: string, databaseUrl: string | undefined) {
  const port = await freePort();
  // With the V8 flag `npm start` and the container image give it (docs/operations.md).
  const child = spawn(process.execPath, ['--max-semi-space-size=4', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      NESTBOX_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      DATABASE_STATEMENT_TIMEOUT_MS: '60000',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (tries > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** A server process that `startServer` started. */
export type ServerProcess = Awaited<ReturnType<typeof startServer>>;

/** A fresh server process at rest after one small call of `token`'s: its memory then is the baseline of what follows. */
export async function startRestingServer(dataDir: string, databaseUrl: string | undefined, token: string) {
  const server = await startServer(dataDir, databaseUrl);
  await fetch(`${server.url}/api/admin/users/get-user`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((res) => res.text());
  await new Promise((resolve) => setTimeout(resolve, 500));
  return server;
}

/**
 * `GET /api/export?format=…` read to its last byte, each piece handed to `onPiece` as it comes,
 * while the server's memory is sampled: the status, the time to the last byte, and the
 * server's memory before and at its peak (bytes).
 */
export async function readExport(
  server: ServerProcess,
  format: string,
  headers: Record<string, string>,
  onPiece: (piece: Uint8Array) => unknown,
) {
  const started = performance.now();
  const {
    result: status,
    baseline,
    peak,
  } = await peakRssDuring(server.child, async () => {
    const res = await fetch(`${server.url}/api/export?format=${format}`, { headers });
    const reader = res.body?.getReader();
    for (;;) {
      const read = await reader?.read();
      if (!read || read.done) break;
      await onPiece(read.value);
    }
    return res.status;
  });
  return { status, ms: performance.now() - started, baseline, peak };
}
