import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Python, which has python3-caldav; the first python3 on PATH may not. */
const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./interop.py', import.meta.url));
const RADICALE = '/usr/bin/radicale';

/** A todo as interop.py reports it from either side (see `todo_fields` there). */
export interface InteropTodo {
  uid: string;
  /** The local file name, or the path on the server: the only field the two sides need not share. */
  href: string;
  summary: string | null;
  /** UTC with a Z (`2026-12-03T10:00:00Z`), floating without, or a date. */
  due: string | null;
  rrule: string | null;
  status: string | null;
  completed: string | null;
  categories: string[];
  description: string | null;
  x_props: Record<string, string>;
}

export interface InteropCollection {
  /** The collection's last path segment, which is also the local folder's name. */
  name: string;
  displayname: string | null;
  todos: InteropTodo[];
}

/** What each step of interop.py prints. */
export interface InteropAnswers {
  sync: { collections: InteropCollection[] };
  new: InteropTodo;
  done: { todo: InteropTodo; collection: InteropCollection };
  'server-read': { collections: (InteropCollection & { url: string })[] };
  'server-edit': InteropTodo;
}

export type InteropStep = keyof InteropAnswers;

/** The environment for a Python program: this process's, with `extra`. */
function pythonEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // Debian's Python must load Debian's modules, whatever a Python set-up around it says.
  delete env.PYTHONPATH;
  delete env.PYTHONHOME;
  // Under libfaketime (the calendar sweep) with the monotonic clock left real, Python's
  // time.sleep fails with EINVAL: it sleeps until an absolute instant of the monotonic clock,
  // which libfaketime shifts back as if that clock were faked. Faking it too keeps both in step;
  // it still runs at the real pace.
  if (env.FAKETIME !== undefined) env.FAKETIME_DONT_FAKE_MONOTONIC = '0';
  return env;
}

/**
 * Runs one step of interop.py with `env` (DAV_URL, DAV_USER, DAV_PASSWORD, WORK_DIR and the
 * step's own settings) and answers the JSON it prints; a failure carries the clients' log.
 */
export function runInterop<S extends InteropStep>(
  step: S,
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<InteropAnswers[S]> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [SCRIPT, step], { env: pythonEnv(env), timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`interop.py ${step} ended with ${code ?? signal}:\n${stderr}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as InteropAnswers[S]);
      } catch {
        reject(new Error(`interop.py ${step} printed no JSON:\n${stdout}\n${stderr}`));
      }
    });
  });
}

/** The Debian packages interop.py and Radicale need, with those missing on this machine. */
export const INTEROP_PACKAGES = ['python3-caldav', 'vdirsyncer', 'todoman', 'radicale'] as const;

export function missingInteropTools(): string[] {
  const hasCaldav =
    existsSync(PYTHON) &&
    spawnSync(PYTHON, ['-c', 'import caldav, icalendar'], { env: pythonEnv() }).status === 0;
  const present: Record<(typeof INTEROP_PACKAGES)[number], boolean> = {
    'python3-caldav': hasCaldav,
    vdirsyncer: existsSync('/usr/bin/vdirsyncer'),
    todoman: existsSync('/usr/bin/todoman'),
    radicale: existsSync(RADICALE),
  };
  return INTEROP_PACKAGES.filter((name) => !present[name]);
}

export function interopToolsPresent(): boolean {
  return missingInteropTools().length === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

export interface Radicale {
  /** The server's root, with a trailing slash. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's Radicale on a free loopback port, on a storage folder of its own, knowing one
 * account (a plain htpasswd file, so clients must send the right password) that may use only its
 * own collections; answers once it serves requests.
 */
export async function startRadicale(account: { user: string; password: string }): Promise<Radicale> {
  const folder = mkdtempSync(path.join(tmpdir(), 'nestbox-radicale-'));
  const users = path.join(folder, 'users');
  writeFileSync(users, `${account.user}:${account.password}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  // `-C ''` reads no config file (not /etc/radicale/config): everything is on the command line.
  const child: ChildProcess = spawn(
    RADICALE,
    [
      '-C',
      '',
      '--hosts',
      `127.0.0.1:${port}`,
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      users,
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--rights-type',
      'owner_only',
      '--storage-filesystem-folder',
      path.join(folder, 'collections'),
      '--web-type',
      'none',
      '--logging-level',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: pythonEnv() },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Radicale stopped at start-up:\n${log}`);
    }
    try {
      await fetch(url, { method: 'OPTIONS' });
      return { url, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`Radicale did not answer on ${url} within 20 s:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * MKCALENDAR of a VTODO calendar in the account's home, named `name` (shown to clients as its
 * displayname) at a path segment made of it; answers the collection's URL.
 */
export async function makeRadicaleCollection(
  url: string,
  user: string,
  password: string,
  name: string,
): Promise<string> {
  const segment = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const collection = new URL(`${encodeURIComponent(user)}/${segment}/`, url).href;
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const answer = await fetch(collection, {
    method: 'MKCALENDAR',
    headers: {
      Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      'Content-Type': 'application/xml; charset=utf-8',
    },
    body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${escaped}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`,
  });
  if (answer.status !== 201) {
    throw new Error(`MKCALENDAR ${collection} answered ${answer.status}: ${await answer.text()}`);
  }
  return collection;
}
