import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Attachment } from '@nestbox/shared/attachments/attachments.schema';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/connection.js';
import { createWriteRunner } from '../../db/run-write.js';
import { createDomainEvents } from '../../events/domain-events.js';
import { createUser, rootBoxOf, tokenFor } from '../../test/factories.js';
import { newTestSchemaName, testDatabaseUrl, testEngine } from '../../test/test-database.js';
import { createAccessService } from '../access/access.service.js';
import { createDiskStore } from './attachment-store.js';
import { createAttachmentsService, SWEEP_AFTER_MS } from './attachments.service.js';

const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));
const SECRET = 'attachments-process-secret-attachments-process';
const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = '----nestbox-process-boundary';
const LARGE = 48 * MB;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** The resident memory of a process, in bytes (Linux). */
const residentBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/**
 * A multipart body of `size` bytes sent a chunk at a time, never held whole here either;
 * `pause` waits between chunks, and `stopAfter` stops sending (the request stays open).
 */
function slowBody(size: number, { pause = 0, stopAfter = Number.POSITIVE_INFINITY } = {}) {
  let sent = 0;
  const chunk = Buffer.alloc(CHUNK, 0x5a);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
      );
    },
    async pull(controller) {
      if (sent >= stopAfter) return new Promise<void>(() => {});
      if (sent >= size) {
        controller.enqueue(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
        return controller.close();
      }
      if (pause) await sleep(pause);
      const part = chunk.subarray(0, Math.min(CHUNK, size - sent));
      sent += part.length;
      controller.enqueue(new Uint8Array(part));
    },
  });
}

/**
 * A real server process on the engine of this run and a data directory of its own: memory
 * stays bounded while a large file goes up and down (the bytes stream, never held whole), and
 * a `kill -9` in the middle of an upload leaves no row and only an unfinished `.part` file,
 * which the sweep removes an hour on.
 */
describe(`attachments in a server process on ${testEngine}`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-attach-proc-'));
  const store = path.join(dataDir, 'attachments');
  let child: ChildProcess;
  let url = '';
  let database: DatabaseHandle;
  let token = '';
  let root = '';
  const output: string[] = [];

  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (testEngine === 'postgres') {
      const schema = newTestSchemaName();
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const base = testDatabaseUrl();
      env.DATABASE_URL = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      database = openDatabase({ databaseUrl: base, pgSchema: schema, pgPoolSize: 2 });
    } else database = openDatabase({ sqliteFile: path.join(dataDir, 'nestbox.sqlite') });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', '--no-warnings', serverEntry],
      {
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          NESTBOX_JWT_SECRET: SECRET,
          NESTBOX_DATA_DIR: dataDir,
          NESTBOX_ATTACHMENT_MAX_MB: '64',
          LOG_LEVEL: 'warn',
          REDIS_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${url}/api/health`).catch(() => undefined))?.ok) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no server:\n${output.join('')}`);
      await sleep(200);
    }
    const user = await createUser(database.db);
    root = await rootBoxOf(database.db, user.id);
    token = await tokenFor(SECRET, user);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (body: ReadableStream<Uint8Array>, signal?: AbortSignal) =>
    fetch(`${url}/api/items/${root}/attachments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body,
      duplex: 'half',
      signal,
    } as RequestInit);

  // 48 MB, more than the 20 MB a server must bear so: a file held whole could not pass.
  it('keeps its memory within 64 MB above idle while 48 MB go up and come down', async () => {
    const pid = child.pid as number;
    // Everything an upload loads, loaded: then the process is idle.
    expect((await upload(slowBody(CHUNK))).status).toBe(201);
    await sleep(500);
    const idle = residentBytes(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 20);
    try {
      const res = await upload(slowBody(LARGE, { pause: 1 }));
      expect(res.status, await res.clone().text()).toBe(201);
      const stored = (await res.json()) as Attachment;
      expect(stored.size).toBe(LARGE);
      const download = await fetch(`${url}/api/attachments/${stored.id}/content`, {
        headers: { authorization: `Bearer ${token}` },
      });
      let received = 0;
      for await (const part of download.body as unknown as AsyncIterable<Uint8Array>) {
        received += part.length;
        // A slow reader: the server must wait for it rather than queue the file in memory.
        if (received % (2 * MB) < part.length) await sleep(20);
      }
      expect(received).toBe(LARGE);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - idle, `idle ${idle}, peak ${peak}`).toBeLessThan(64 * MB);
  }, 60_000);

  it('leaves no row and only a .part file when killed mid-upload, and the sweep clears it', async () => {
    const rowsBefore = await database.db.selectFrom('attachments').select('id').execute();
    const filesBefore = readdirSync(store).filter((name) => !name.endsWith('.part'));
    const aborted = new AbortController();
    const pending = upload(slowBody(20 * MB, { stopAfter: 8 * MB }), aborted.signal).catch(() => undefined);
    const parts = () => readdirSync(store).filter((name) => name.endsWith('.part'));
    const deadline = Date.now() + 20_000;
    while (!parts().some((name) => statSync(path.join(store, name)).size >= 4 * MB)) {
      if (Date.now() > deadline) throw new Error('the upload never reached the disk');
      await sleep(50);
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    aborted.abort();
    await pending;

    expect(await database.db.selectFrom('attachments').select('id').execute()).toEqual(rowsBefore);
    const left = readdirSync(store);
    expect(left.filter((name) => !name.endsWith('.part'))).toEqual(filesBefore);
    expect(parts().length).toBe(1);

    const sweeper = createAttachmentsService({
      db: database.db,
      runWrite: createWriteRunner({ db: database.db, events: createDomainEvents() }),
      access: createAccessService({ db: database.db }),
      store: createDiskStore(store),
      now: () => Date.now(),
      limits: { maxFileBytes: 64 * MB, quotaBytes: 1024 * MB },
      recordHistory: async () => {},
    });
    // An hour on, the unfinished write goes; the stored files keep their rows and stay.
    expect(await sweeper.sweep(Date.now() + SWEEP_AFTER_MS + 1_000)).toBe(1);
    expect(readdirSync(store)).toEqual(filesBefore);
  }, 60_000);
});
