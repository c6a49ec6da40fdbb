import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { type InteropCollection, type InteropTodo, runInterop } from './interop-runner.js';

/** A todo as the server's own API (not CalDAV) knows it. */
export interface ServerTodo {
  summary: string | null;
  /** UTC with a Z, as interop.py writes it: `2026-12-10T10:00:00Z`. */
  due: string | null;
  completed: boolean;
}

/** The server under test, as the scenario needs it. */
export interface InteropServer {
  /** The server's root, with a trailing slash: clients find the rest through /.well-known/caldav. */
  url: string;
  user: string;
  password: string;
  /** Two VTODO collections the account has, by their displayname (else their path segment). */
  collections: [string, string];
  /** Changes a todo on the server, not through CalDAV where the server has another way. */
  edit(uid: string, change: { summary: string; due: string }): Promise<void>;
  read(uid: string): Promise<ServerTodo>;
}

const SUMMARY = 'Water the plants';
/** A comma and a semicolon, which iCalendar text escapes. */
const DESCRIPTION = 'Both balconies, then the fern; rainwater only';

function named(collections: InteropCollection[], name: string): InteropCollection {
  const found = collections.find((c) => (c.displayname ?? c.name) === name);
  expect(
    found,
    `a collection named ${name} among ${JSON.stringify(collections.map((c) => c.displayname ?? c.name))}`,
  ).toBeDefined();
  return found as InteropCollection;
}

/** Every field but href, which is the file name locally and the resource's path on the server. */
function fields({ href: _href, ...rest }: InteropTodo) {
  return rest;
}

function byUid(todos: InteropTodo[]) {
  return todos.map(fields).sort((a, b) => a.uid.localeCompare(b.uid));
}

/**
 * vdirsyncer, todoman and python-caldav against `server`, each step checked on both sides:
 * discovery of both collections; a new repeating todo (due, repeat, categories, description
 * and an unknown X- property) written by todoman reaches the server intact; todoman's "done"
 * reaches the server; an edit made on the server reaches the client; and after every sync the
 * client's folder and the server hold the same todos, field by field.
 */
export async function runInteropScenario(server: InteropServer): Promise<void> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'nestbox-interop-'));
  const env = {
    DAV_URL: server.url,
    DAV_USER: server.user,
    DAV_PASSWORD: server.password,
    WORK_DIR: workDir,
    // todoman reads DUE in the machine's zone; UTC makes the instant it writes known here.
    TZ: 'UTC',
  };
  const [nameA, nameB] = server.collections;

  /** Syncs, then expects the server's copy of both collections to match the local one. */
  async function syncAndCompare() {
    const local = await runInterop('sync', env);
    const remote = await runInterop('server-read', env);
    for (const name of server.collections) {
      expect(
        byUid(named(local.collections, name).todos),
        `${name}: the client's copy against the server's`,
      ).toEqual(byUid(named(remote.collections, name).todos));
    }
    return { local: named(local.collections, nameA).todos, remote: named(remote.collections, nameA).todos };
  }

  try {
    // Discovery finds both collections, and the first sync brings down what they hold.
    const before = await syncAndCompare();
    const ownTodos = (todos: InteropTodo[]) =>
      todos.filter((t) => !before.local.some((existing) => existing.uid === t.uid));

    // A new repeating todo, written by todoman and synced up.
    const created = await runInterop('new', {
      ...env,
      LIST: nameA,
      SUMMARY,
      DUE: '2026-12-03 10:00',
      RRULE: 'FREQ=WEEKLY',
      CATEGORIES: 'home,garden',
      DESCRIPTION,
    });
    expect(fields(created)).toEqual({
      uid: created.uid,
      summary: SUMMARY,
      due: '2026-12-03T10:00:00Z',
      rrule: 'FREQ=WEEKLY',
      status: 'NEEDS-ACTION',
      completed: null,
      categories: ['home', 'garden'],
      description: DESCRIPTION,
      x_props: { 'X-INTEROP-TEST': 'kept' },
    });
    const afterNew = await runInterop('server-read', env);
    const onServer = named(afterNew.collections, nameA).todos.find((t) => t.uid === created.uid);
    expect(onServer && fields(onServer), 'the new todo as the server serves it').toEqual(fields(created));
    expect(named(afterNew.collections, nameB).todos.some((t) => t.uid === created.uid)).toBe(false);
    expect(await server.read(created.uid)).toEqual({
      summary: SUMMARY,
      due: '2026-12-03T10:00:00Z',
      completed: false,
    });

    // todoman's "done". For a repeating todo, todoman 4.1 completes this one (dropping its
    // RRULE) and writes the next occurrence as a new todo; a server may also advance the series
    // itself. So the outcome is read from the server after a further sync, not assumed.
    const done = await runInterop('done', { ...env, UID: created.uid });
    expect(done.todo.status).toBe('COMPLETED');
    expect(done.todo.completed).not.toBeNull();
    const afterDone = await syncAndCompare();
    const series = ownTodos(afterDone.remote).filter((t) => t.summary === SUMMARY);
    const open = series.filter((t) => t.status !== 'COMPLETED');
    const completed = series.filter((t) => t.status === 'COMPLETED');
    expect(open, 'one open occurrence remains, the next one').toHaveLength(1);
    const next = open[0] as InteropTodo;
    expect(next).toMatchObject({ due: '2026-12-10T10:00:00Z', description: DESCRIPTION, completed: null });
    expect(next.rrule).toMatch(/FREQ=WEEKLY/);
    expect(completed.length, 'the occurrence done is kept as completed').toBeGreaterThanOrEqual(1);
    for (const todo of completed) expect(todo.completed).not.toBeNull();
    expect(await server.read(next.uid)).toEqual({ summary: SUMMARY, due: next.due, completed: false });
    const doneOne = completed[0] as InteropTodo;
    expect((await server.read(doneOne.uid)).completed).toBe(true);

    // An edit made on the server reaches the client; nothing else of the todo changes.
    const change = { summary: 'Water the plants and the fern', due: '2026-12-11T15:30:00Z' };
    await server.edit(next.uid, change);
    expect(await server.read(next.uid)).toEqual({ ...change, completed: false });
    const afterEdit = await syncAndCompare();
    const edited = afterEdit.local.find((t) => t.uid === next.uid);
    expect(edited && fields(edited), 'the edited todo in the client').toEqual({ ...fields(next), ...change });
    expect(byUid(afterEdit.local.filter((t) => t.uid !== next.uid))).toEqual(
      byUid(afterDone.local.filter((t) => t.uid !== next.uid)),
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
