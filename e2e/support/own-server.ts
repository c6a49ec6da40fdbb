import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../packages/server/dist/server.js', import.meta.url));

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A Nestbox server of a journey's own (the built server, SQLite in its own folder, the e2e
 * helpers mounted), for a journey that stops and starts it: the shared server serves the other
 * journeys meanwhile. `restart` stops it as a deploy does (SIGTERM) and starts it again on the
 * same address and data. `env` adds to the server's environment (single sign-on's variables, say).
 */
export async function ownServer({
  port: given,
  env = {},
}: {
  port?: number;
  env?: Record<string, string>;
} = {}) {
  const port = given ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-e2e-own-'));
  let child: ChildProcess | undefined;

  const start = async () => {
    const output: string[] = [];
    child = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NESTBOX_DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        NESTBOX_E2E: '1',
        NESTBOX_APP_URL: url,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const started = child;
    started.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the server exited:\n${output.join('')}`);
      const res = await fetch(`${url}/api/health`).catch(() => undefined);
      if (res?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
  };
}
