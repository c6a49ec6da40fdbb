import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLIENT_ID_HEADER } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import { type ServerToClientEvents, SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { loadSecrets } from '../packages/server/dist/config/secrets.js';
import {
  type DatabaseHandle,
  type OpenDatabaseOptions,
  openDatabase,
} from '../packages/server/dist/db/connection.js';
import { newId } from '../packages/server/dist/db/ids.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { runBaseSeed } from '../packages/server/dist/db/seeds/base-seed.js';
import { signSessionToken } from '../packages/server/dist/modules/auth/auth.service.js';
import { POSITION_STEP } from '../packages/server/dist/modules/items/items.contract.js';
import { type AppWorkerStats, startAppInWorker } from './lib/app-in-worker.js';
import { type BenchItem, gatherStatistics, insertBenchItems, insertBenchUser } from './lib/bench-user.js';
import { type Benchmark, percentile } from './lib/benchmark.js';
import { seededRandom } from './lib/random.js';

const USERS = 200;
const BOXES_PER_USER = 3;
const TEXTS_PER_BOX = 20;
/** Seconds of load when BENCH_DURATION does not say otherwise. */
const DEFAULT_SECONDS = 60;
/**
 * A person's pause between two actions, drawn evenly from this range (ms): one action a
 * second on average, a person working briskly (a pane read, a text saved, a drag).
 */
const THINK_MS = [500, 1_500] as const;
/** How long after the load stops the sockets may still receive the events owed to them. */
const EVENT_DEADLINE_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
/** Panes a person keeps open: they open one only below the most, close one only above the fewest. */
const MOST_PANES = 6;
const FEWEST_PANES = 1;
const BUDGET = { readP99Ms: 100, writeP99Ms: 200 };
const KEPT_ERRORS = 5;

/** What a person does next, and how often (weights). */
const MIX = [
  ['read a pane', 30],
  ['reload the workspace', 8],
  ['open a pane', 5],
  ['close a pane', 5],
  ['create a text', 12],
  ['type into a text', 20],
  ['reorder a text', 10],
  ['complete or uncomplete a text', 10],
] as const;
type Action = (typeof MIX)[number][0];

function pick<T>(next: () => number, list: readonly T[]): T {
  const value = list[Math.floor(next() * list.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

function pickAction(next: () => number): Action {
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let at = next() * total;
  for (const [action, weight] of MIX) {
    at -= weight;
    if (at < 0) return action;
  }
  return MIX[0][0];
}

/** One seeded person: their Workspace, their boxes (the first shared with their partner) and texts. */
interface SeededUser {
  userId: string;
  rootId: string;
  boxes: string[];
  texts: string[][];
}

/** A person driving the app: their session, socket, and what they know of their boxes. */
interface VirtualUser {
  index: number;
  seeded: SeededUser;
  partner: SeededUser;
  token: string;
  clientId: string;
  next: () => number;
  /** Text ids per box they work in (their own boxes and the box their partner shares). */
  texts: Map<string, string[]>;
  /** Texts this person completed and has not taken back. */
  completed: Set<string>;
  /** Their panes in order, as the last workspace answer showed them. */
  panes: { paneId: string; itemId: string | null }[];
  socket: Socket<ServerToClientEvents> | undefined;
  /** Texts made and edits typed so far, for titles of their own. */
  made: number;
}

/** Latencies and failures per route, split into reads (GET) and writes. */
class Recorder {
  readonly routes = new Map<string, { write: boolean; ms: number[]; errors: number }>();
  /** Latencies by slice of the run (by when the answer came), to tell a slow start from a slow run. */
  readonly slices: { reads: number[]; writes: number[] }[] = [];
  readonly firstErrors: string[] = [];
  errors = 0;
  startedAt = performance.now();

  constructor(readonly sliceSeconds = Number.POSITIVE_INFINITY) {}

  record(route: string, write: boolean, ms: number, answeredAt: number, error: string | undefined) {
    let entry = this.routes.get(route);
    if (!entry) {
      entry = { write, ms: [], errors: 0 };
      this.routes.set(route, entry);
    }
    entry.ms.push(ms);
    const index = Math.max(0, Math.floor((answeredAt - this.startedAt) / 1000 / this.sliceSeconds));
    for (let i = this.slices.length; i <= index; i++) this.slices.push({ reads: [], writes: [] });
    this.slices[index]?.[write ? 'writes' : 'reads'].push(ms);
    if (error === undefined) return;
    entry.errors++;
    this.errors++;
    if (this.firstErrors.length < KEPT_ERRORS) this.firstErrors.push(error);
  }

  samples(write: boolean) {
    const all = [...this.routes.values()].filter((r) => r.write === write);
    return {
      ms: all.flatMap((r) => r.ms).sort((a, b) => a - b),
      errors: all.reduce((sum, r) => sum + r.errors, 0),
    };
  }
}

/**
 * The live events each socket is owed, and those it got. A write that answered 2xx owes an event
 * to every person who sees the item (the writer's own socket, tagged with their client id, and,
 * in a shared box, the partner's socket, untagged); events are matched on recipient, name,
 * item and tag. An event may arrive before its write's answer: it waits here for its match.
 */
class EventLedger {
  private readonly owed = new Map<string, { at: number; label: string }[]>();
  private readonly early = new Map<string, number[]>();
  readonly perLabel = new Map<string, { expected: number; received: number; ms: number[] }>();
  outstanding = 0;
  private settled: (() => void) | undefined;

  private static key(recipient: number, event: string, itemId: string, clientId: string | undefined) {
    return `${recipient}|${event}|${itemId}|${clientId ?? ''}`;
  }

  private labelled(label: string) {
    let entry = this.perLabel.get(label);
    if (!entry) {
      entry = { expected: 0, received: 0, ms: [] };
      this.perLabel.set(label, entry);
    }
    return entry;
  }

  /** `answeredAt`: when the write's answer arrived; the event's latency is counted from then. */
  expect(
    recipient: number,
    event: string,
    itemId: string,
    clientId: string | undefined,
    label: string,
    answeredAt: number,
  ) {
    const key = EventLedger.key(recipient, event, itemId, clientId);
    this.labelled(label).expected++;
    const arrived = this.early.get(key);
    const at = arrived?.shift();
    if (at !== undefined) {
      if (arrived?.length === 0) this.early.delete(key);
      this.met(label, Math.max(0, at - answeredAt));
      return;
    }
    this.outstanding++;
    const list = this.owed.get(key) ?? [];
    list.push({ at: answeredAt, label });
    this.owed.set(key, list);
  }

  receive(recipient: number, event: string, itemId: string, clientId: string | undefined) {
    const at = performance.now();
    const key = EventLedger.key(recipient, event, itemId, clientId);
    const list = this.owed.get(key);
    const owed = list?.shift();
    if (owed) {
      if (list?.length === 0) this.owed.delete(key);
      this.outstanding--;
      this.met(owed.label, Math.max(0, at - owed.at));
      if (this.outstanding === 0) this.settled?.();
      return;
    }
    const arrived = this.early.get(key) ?? [];
    arrived.push(at);
    this.early.set(key, arrived);
  }

  private met(label: string, ms: number) {
    const entry = this.labelled(label);
    entry.received++;
    entry.ms.push(ms);
  }

  /** Resolves once every owed event arrived, or at the deadline, whichever comes first. */
  async settle(deadlineMs: number): Promise<void> {
    if (this.outstanding === 0) return;
    const all = new Promise<void>((resolve) => {
      this.settled = resolve;
    });
    const timeout = new AbortController();
    await Promise.race([all, sleep(deadlineMs, undefined, { signal: timeout.signal }).catch(() => {})]);
    timeout.abort();
    this.settled = undefined;
  }

  /** Events that arrived with no write owing them (a few kept as `recipient|event|item|tag`). */
  leftOver(): { count: number; first: string[] } {
    const keys = [...this.early.entries()].flatMap(([key, times]) => times.map(() => key));
    return { count: keys.length, first: keys.slice(0, KEPT_ERRORS) };
  }

  missing(): { count: number; first: string[] } {
    const keys = [...this.owed.entries()].flatMap(([key, list]) =>
      list.map(({ label }) => `${label}: ${key}`),
    );
    return { count: keys.length, first: keys.slice(0, KEPT_ERRORS) };
  }
}

/** 200 people, in pairs; each has a Workspace with three boxes of 20 texts, three panes open. */
async function seed(database: DatabaseHandle): Promise<SeededUser[]> {
  const { db } = database;
  await migrateToLatest(db);
  await runBaseSeed(db);
  const users: SeededUser[] = [];
  for (let u = 0; u < USERS; u++) {
    const { userId, rootId } = await insertBenchUser(db, `load${u}@example.test`, `Load ${u}`);
    const rows: BenchItem[] = [];
    const boxes: string[] = [];
    const texts: string[][] = [];
    for (let b = 0; b < BOXES_PER_USER; b++) {
      const boxId = newId();
      boxes.push(boxId);
      rows.push({
        id: boxId,
        type: 'todoBox',
        title: `Box ${u}.${b}`,
        parent_id: rootId,
        position: (b + 1) * POSITION_STEP,
      });
      const inBox: string[] = [];
      for (let t = 0; t < TEXTS_PER_BOX; t++) {
        const id = newId();
        inBox.push(id);
        rows.push({
          id,
          type: 'todoText',
          title: `Text ${u}.${b}.${t}`,
          parent_id: boxId,
          position: (t + 1) * POSITION_STEP,
        });
      }
      texts.push(inBox);
    }
    await insertBenchItems(db, userId, rows, [rootId, ...boxes.slice(0, 2)]);
    users.push({ userId, rootId, boxes, texts });
  }
  await gatherStatistics(database);
  return users;
}

const partnerOf = (index: number) => (index % 2 === 0 ? index + 1 : index - 1);
const sharedBoxOf = (user: SeededUser) => user.boxes[0] ?? '';

async function measureEngine(label: string, options: OpenDatabaseOptions, dataDir: string, seconds: number) {
  const database = openDatabase(options);
  const seeded = await seed(database);
  await database.close();
  const secrets = loadSecrets(dataDir);
  const app = await startAppInWorker(dataDir, options, { unlimited: true, watch: true });
  const arrival = new Recorder();
  const recorder = new Recorder(Math.max(1, Math.round(seconds / 6)));
  /** Where calls are recorded: nowhere while setting up (a failure stops the bench), then by phase. */
  let phase: Recorder | undefined;
  const ledger = new EventLedger();
  let disconnects = 0;
  const users: VirtualUser[] = [];
  try {
    const base = app.url;
    for (const [index, user] of seeded.entries()) {
      const partner = seeded[partnerOf(index)];
      if (!partner) throw new Error('an odd number of users');
      const texts = new Map<string, string[]>();
      user.boxes.forEach((box, b) => {
        texts.set(box, [...(user.texts[b] ?? [])]);
      });
      texts.set(sharedBoxOf(partner), [...(partner.texts[0] ?? [])]);
      users.push({
        index,
        seeded: user,
        partner,
        token: await signSessionToken(secrets.jwtSecret, {
          userId: user.userId,
          tokenVersion: 0,
          rememberMe: false,
        }),
        clientId: `load-${index}`,
        next: seededRandom(index + 1),
        texts,
        completed: new Set(),
        panes: [],
        socket: undefined,
        made: 0,
      });
    }

    /** One HTTP call as the web app makes it; recorded in the current phase and answered parsed on 2xx. */
    const call = async <T>(
      user: VirtualUser,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      route: string,
      url: string,
      body?: unknown,
    ): Promise<{ data: T; answeredAt: number; undoId: string | null } | undefined> => {
      const started = performance.now();
      let status = 0;
      let text = '';
      let undoId: string | null = null;
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${user.token}`,
            [CLIENT_ID_HEADER]: user.clientId,
            'accept-encoding': 'br, gzip',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = res.status;
        undoId = res.headers.get('x-undo-id');
        text = await res.text();
      } catch (error) {
        text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      const answeredAt = performance.now();
      const ok = status >= 200 && status < 300;
      const error = ok ? undefined : `${method} ${url} → ${status || 'no answer'}: ${text.slice(0, 300)}`;
      if (phase) phase.record(route, method !== 'GET', answeredAt - started, answeredAt, error);
      else if (error) throw new Error(`set-up call failed: ${error}`);
      return ok ? { data: JSON.parse(text) as T, answeredAt, undoId } : undefined;
    };

    // Each person shares their first box with their partner, as editor, the way the app does.
    for (let i = 0; i < users.length; i += 20)
      await Promise.all(
        users.slice(i, i + 20).map((user) =>
          call(user, 'PUT', 'associate-user', '/api/items/associate-user', {
            itemId: sharedBoxOf(user.seeded),
            userId: user.partner.userId,
            ownershipId: 'editor',
          }),
        ),
      );

    // Every socket listens before it connects, so nothing sent to it once connected is missed.
    const connect = (user: VirtualUser) =>
      new Promise<void>((resolve, reject) => {
        const socket: Socket<ServerToClientEvents> = io(base, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: user.token },
          forceNew: true,
          reconnection: false,
          timeout: SOCKET_CONNECT_TIMEOUT_MS,
        });
        user.socket = socket;
        socket.on(SOCKET_EVENTS.addItem, (event) => {
          ledger.receive(user.index, SOCKET_EVENTS.addItem, event.item._id, event.clientId);
          // A text the partner made in a shared box: this person may work on it too.
          const known = event.parentItemId ? user.texts.get(event.parentItemId) : undefined;
          if (known && event.item.itemType === 'todoText' && !known.includes(event.item._id))
            known.push(event.item._id);
        });
        socket.on(SOCKET_EVENTS.updateItem, (event) => {
          ledger.receive(user.index, SOCKET_EVENTS.updateItem, event.itemId, event.clientId);
        });
        socket.once('connect', () => {
          socket.on('disconnect', () => {
            disconnects++;
          });
          resolve();
        });
        socket.once('connect_error', reject);
      });
    for (let i = 0; i < users.length; i += 20) await Promise.all(users.slice(i, i + 20).map(connect));

    const everyoneWhoSees = (user: VirtualUser, boxId: string) =>
      boxId === sharedBoxOf(user.seeded) || boxId === sharedBoxOf(user.partner)
        ? [user.index, partnerOf(user.index)]
        : [user.index];

    /** The events a write in `boxId` owes: to the writer (tagged with their client id) and to whoever else sees it. */
    const owe = (
      user: VirtualUser,
      boxId: string,
      event: string,
      itemId: string,
      cause: string,
      at: number,
    ) => {
      for (const recipient of everyoneWhoSees(user, boxId)) {
        const own = recipient === user.index;
        ledger.expect(
          recipient,
          event,
          itemId,
          own ? user.clientId : undefined,
          `${event} (${cause}) → ${own ? "writer's own socket" : "partner's socket"}`,
          at,
        );
      }
    };

    const showPanes = (user: VirtualUser, workspace: Workspace) => {
      user.panes = workspace.panesIndex.map((paneId) => ({
        paneId,
        itemId: workspace.panes[paneId]?.itemId ?? null,
      }));
    };

    /** Half the time a shared box (their own shared one or their partner's), else one of their private boxes. */
    const workBox = (user: VirtualUser) =>
      user.next() < 0.5
        ? pick(user.next, [sharedBoxOf(user.seeded), sharedBoxOf(user.partner)])
        : pick(user.next, user.seeded.boxes.slice(1));

    /** A box's pane: the texts in it the person did not know of yet are theirs to work on too. */
    const readPane = async (user: VirtualUser, boxId: string) => {
      const answer = await call<{ items: Item[] }>(
        user,
        'GET',
        'GET get-items-for-pane',
        `/api/items/get-items-for-pane?itemId=${boxId}`,
      );
      const known = user.texts.get(boxId);
      if (answer && known)
        for (const item of answer.data.items)
          if (item.itemType === 'todoText' && !known.includes(item._id)) known.push(item._id);
    };

    const loadWorkspace = async (user: VirtualUser) => {
      const answer = await call<Workspace>(
        user,
        'GET',
        'GET get-workspace-items',
        '/api/items/get-workspace-items',
      );
      if (answer) showPanes(user, answer.data);
    };

    /** The texts of a box the person still sees (those they completed are hidden, as in the app). */
    const shownTexts = (user: VirtualUser, boxId: string) => {
      const known = user.texts.get(boxId) ?? [];
      const shown = known.filter((id) => !user.completed.has(id));
      return shown.length > 0 ? shown : known;
    };

    const act = async (user: VirtualUser, action: Action): Promise<void> => {
      const { next } = user;
      switch (action) {
        case 'read a pane': {
          const open = user.panes.flatMap((p) => (p.itemId ? [p.itemId] : []));
          return readPane(user, pick(next, open.length > 0 ? open : [user.seeded.rootId]));
        }
        case 'reload the workspace':
          return loadWorkspace(user);
        case 'open a pane': {
          if (user.panes.length >= MOST_PANES) return act(user, 'close a pane');
          const boxId = pick(next, [user.seeded.rootId, ...user.seeded.boxes, sharedBoxOf(user.partner)]);
          const answer = await call<Workspace>(user, 'POST', 'POST create-pane', '/api/items/create-pane', {
            pos: Math.floor(next() * (user.panes.length + 1)),
            itemId: boxId,
            type: 'box',
          });
          if (answer) showPanes(user, answer.data);
          return;
        }
        case 'close a pane': {
          if (user.panes.length <= FEWEST_PANES) return act(user, 'open a pane');
          const { paneId } = pick(next, user.panes);
          const answer = await call(
            user,
            'DELETE',
            'DELETE workspace/pane',
            `/api/workspace/pane?paneId=${paneId}`,
          );
          if (answer) user.panes = user.panes.filter((p) => p.paneId !== paneId);
          return;
        }
        case 'create a text': {
          const boxId = workBox(user);
          const known = user.texts.get(boxId) ?? [];
          // Half the time Enter after a text, else at the end of the box.
          const after = known.length > 0 && next() < 0.5 ? pick(next, known) : undefined;
          user.made++;
          const answer = await call<Item>(user, 'POST', 'POST create-item', '/api/items/create-item', {
            parentItemId: boxId,
            itemType: 'todoText',
            title: `New ${user.index}.${user.made}`,
            ...(after ? { beforeAfterReplace: 'after', relativeToItemId: after } : {}),
          });
          if (!answer) return;
          if (!known.includes(answer.data._id)) known.push(answer.data._id);
          owe(user, boxId, SOCKET_EVENTS.addItem, answer.data._id, 'create-item', answer.answeredAt);
          return;
        }
        case 'type into a text': {
          const boxId = workBox(user);
          const itemId = pick(next, shownTexts(user, boxId));
          user.made++;
          const answer = await call(user, 'POST', 'POST save-text-item', '/api/items/save-text-item', {
            itemId,
            title: `Typed by ${user.index}, version ${user.made}`,
          });
          if (answer) owe(user, boxId, SOCKET_EVENTS.updateItem, itemId, 'save-text-item', answer.answeredAt);
          return;
        }
        case 'reorder a text': {
          const boxId = workBox(user);
          const known = shownTexts(user, boxId);
          if (known.length < 2) return act(user, 'create a text');
          const itemId = pick(next, known);
          const anchor = pick(
            next,
            known.filter((id) => id !== itemId),
          );
          const answer = await call(user, 'PUT', 'PUT move-within-pane', '/api/items/move-within-pane', {
            droppableItemId: boxId,
            draggableItemId: itemId,
            itemIdAdjacentToDrop: anchor,
            beforeAfter: next() < 0.5 ? 'before' : 'after',
          });
          if (answer)
            owe(user, boxId, SOCKET_EVENTS.updateItem, itemId, 'move-within-pane', answer.answeredAt);
          return;
        }
        case 'complete or uncomplete a text': {
          const boxId = workBox(user);
          const known = user.texts.get(boxId) ?? [];
          // As often as not, take back a completion this person made here, when there is one.
          const done = known.filter((id) => user.completed.has(id));
          const itemId = done.length > 0 && next() < 0.5 ? pick(next, done) : pick(next, known);
          const name = user.completed.has(itemId) ? 'uncomplete' : 'complete';
          const answer = await call(user, 'PUT', `PUT ${name}`, `/api/items/${name}`, { itemId });
          if (!answer) return;
          if (name === 'complete') user.completed.add(itemId);
          else user.completed.delete(itemId);
          // A text the partner completed meanwhile stays as it was: nothing changed, nothing is
          // told. A completion that changed something can be undone, so it carries an undo id.
          if (name === 'complete' && !answer.undoId) return;
          owe(user, boxId, SOCKET_EVENTS.updateItem, itemId, name, answer.answeredAt);
          return;
        }
      }
    };

    const think = (user: VirtualUser) => sleep(THINK_MS[0] + user.next() * (THINK_MS[1] - THINK_MS[0]));

    // Arrival, before the clock starts: people open the app over one think time (not all in the
    // same millisecond), which loads their workspace, then every pane in it at once.
    phase = arrival;
    arrival.startedAt = performance.now();
    await Promise.all(
      users.map(async (user) => {
        await sleep(user.next() * THINK_MS[1]);
        await loadWorkspace(user);
        await Promise.all(user.panes.flatMap((p) => (p.itemId ? [readPane(user, p.itemId)] : [])));
      }),
    );
    const arrivalSeconds = (performance.now() - arrival.startedAt) / 1000;

    const loadAtStart = loadavg()[0] ?? Number.NaN;
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    await app.stats(); // the server thread's figures count from here
    clientLoop.enable();
    const clientBusySince = performance.eventLoopUtilization();
    const cpuSince = process.cpuUsage();
    phase = recorder;
    const started = performance.now();
    recorder.startedAt = started;
    const deadline = started + seconds * 1000;
    await Promise.all(
      users.map(async (user) => {
        while (performance.now() < deadline) {
          await think(user);
          if (performance.now() >= deadline) break;
          await act(user, pickAction(user.next));
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const clientBusy = performance.eventLoopUtilization(clientBusySince).utilization;
    const cpu = process.cpuUsage(cpuSince);
    const coresUsed = (cpu.user + cpu.system) / 1e6 / elapsed;
    clientLoop.disable();
    const server = await app.stats();
    const loadAtEnd = loadavg()[0] ?? Number.NaN;
    const settleStarted = performance.now();
    await ledger.settle(EVENT_DEADLINE_MS);
    const settledMs = performance.now() - settleStarted;
    const connectedAtEnd = users.filter((u) => u.socket?.connected).length;

    return report({
      label,
      elapsed,
      recorder,
      arrival: { recorder: arrival, seconds: arrivalSeconds },
      ledger,
      settledMs,
      server,
      client: {
        utilization: clientBusy,
        loopDelayP99Ms: clientLoop.percentile(99) / 1e6,
        loopDelayMaxMs: clientLoop.max / 1e6,
      },
      sockets: { connectedAtEnd, disconnects },
      load: [loadAtStart, loadAtEnd],
      coresUsed,
    });
  } finally {
    for (const user of users) user.socket?.close();
    await app.close();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const count = (value: number) => value.toLocaleString('en-GB');
const verdict = (within: boolean) => (within ? 'within' : '**over**');

function latencyRow(name: string, samples: number[], errors: number, elapsed: number) {
  return `| ${name} | ${count(samples.length)} | ${Math.round(samples.length / elapsed).toLocaleString('en-GB')} | ${count(errors)} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${ms(percentile(samples, 99))} | ${ms(samples.at(-1) ?? Number.NaN)} |`;
}

function report(run: {
  label: string;
  elapsed: number;
  recorder: Recorder;
  arrival: { recorder: Recorder; seconds: number };
  ledger: EventLedger;
  settledMs: number;
  server: AppWorkerStats;
  client: { utilization: number; loopDelayP99Ms: number; loopDelayMaxMs: number };
  sockets: { connectedAtEnd: number; disconnects: number };
  load: [number, number];
  /** CPU time of this whole process (server and clients) per second of load. */
  coresUsed: number;
}) {
  const { label, elapsed, recorder, ledger, server, client, sockets } = run;
  const reads = recorder.samples(false);
  const writes = recorder.samples(true);
  const requests = reads.ms.length + writes.ms.length;
  const readP99 = percentile(reads.ms, 99);
  const writeP99 = percentile(writes.ms, 99);
  const labels = [...ledger.perLabel.entries()].sort(([a], [b]) => a.localeCompare(b));
  const expected = labels.reduce((sum, [, e]) => sum + e.expected, 0);
  const received = labels.reduce((sum, [, e]) => sum + e.received, 0);
  const toPartner = labels.filter(([name]) => name.endsWith("partner's socket"));
  const partnerExpected = toPartner.reduce((sum, [, e]) => sum + e.expected, 0);
  const allLatencies = labels.flatMap(([, e]) => e.ms).sort((a, b) => a - b);
  const missing = ledger.missing();
  const leftOver = ledger.leftOver();
  const delivered = expected === received;
  // Arrival's calls count towards the errors budget, not the latency ones (see the notes).
  const errors = recorder.errors + run.arrival.recorder.errors;
  const firstErrors = [...run.arrival.recorder.firstErrors, ...recorder.firstErrors].slice(0, KEPT_ERRORS);
  const arrivalReads = run.arrival.recorder.samples(false);

  const summary = `| ${label} | ${count(requests)} | ${Math.round(requests / elapsed).toLocaleString('en-GB')} | ${count(errors)} | ${ms(readP99)} | ${ms(writeP99)} | ${count(received)} / ${count(expected)} | ${
    [errors === 0, readP99 < BUDGET.readP99Ms, writeP99 < BUDGET.writeP99Ms, delivered].every(Boolean)
      ? 'within'
      : '**over**'
  } |`;

  const routes = [...recorder.routes.entries()]
    .map(([name, r]) => ({ name, write: r.write, errors: r.errors, ms: [...r.ms].sort((a, b) => a - b) }))
    .sort((a, b) => percentile(b.ms, 99) - percentile(a.ms, 99));

  const section = [
    `### ${label}`,
    '',
    '| budget | measured | verdict |',
    '|---|---|---|',
    `| zero errors | ${count(errors)} in ${count(requests + arrivalReads.ms.length)} requests | ${verdict(errors === 0)} |`,
    `| reads p99 < ${BUDGET.readP99Ms} ms | ${ms(readP99)} ms | ${verdict(readP99 < BUDGET.readP99Ms)} |`,
    `| writes p99 < ${BUDGET.writeP99Ms} ms | ${ms(writeP99)} ms | ${verdict(writeP99 < BUDGET.writeP99Ms)} |`,
    `| every socket gets every event meant for it | ${count(received)} of ${count(expected)} (${count(partnerExpected)} to partners' sockets), missing ${count(expected - received)} | ${verdict(delivered)} |`,
    '',
    '| requests | count | req/s | errors | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    latencyRow('reads (GET)', reads.ms, reads.errors, elapsed),
    latencyRow('writes (POST, PUT, DELETE)', writes.ms, writes.errors, elapsed),
    latencyRow(
      `arrival, before the clock: workspace, then its panes (${run.arrival.seconds.toFixed(1)} s)`,
      arrivalReads.ms,
      arrivalReads.errors,
      run.arrival.seconds,
    ),
    '',
    `Over the run, ${recorder.sliceSeconds} s at a time (by when the answer came):`,
    '',
    '| from s | reads | reads p50 ms | reads p99 ms | writes | writes p50 ms | writes p99 ms |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...recorder.slices.map(({ reads: r, writes: w }, i) => {
      const [sr, sw] = [[...r].sort((a, b) => a - b), [...w].sort((a, b) => a - b)];
      return `| ${i * recorder.sliceSeconds} | ${count(sr.length)} | ${ms(percentile(sr, 50))} | ${ms(percentile(sr, 99))} | ${count(sw.length)} | ${ms(percentile(sw, 50))} | ${ms(percentile(sw, 99))} |`;
    }),
    '',
    'Per route, slowest p99 first:',
    '',
    '| route | count | req/s | errors | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...routes.map((r) => latencyRow(`${r.name} (${r.write ? 'write' : 'read'})`, r.ms, r.errors, elapsed)),
    '',
    `Live events, each counted from its write's answer (0 when it came first): ${
      delivered
        ? `all ${count(expected)} had arrived ${ms(run.settledMs)} ms after the load stopped`
        : `${count(received)} of ${count(expected)} had arrived at the deadline, ${EVENT_DEADLINE_MS / 1000} s after the load stopped`
    }; p50 ${ms(percentile(allLatencies, 50))} ms, p99 ${ms(percentile(allLatencies, 99))} ms over all of them:`,
    '',
    '| event (cause) → socket | expected | received | missing | p50 ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...labels.map(([name, e]) => {
      const sorted = [...e.ms].sort((a, b) => a - b);
      return `| ${name} | ${count(e.expected)} | ${count(e.received)} | ${count(e.expected - e.received)} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} |`;
    }),
    '',
    `Events no write owed (duplicates, or events of writes that failed): ${count(leftOver.count)}.`,
    ...(leftOver.count > 0 ? ['', ...leftOver.first.map((key) => `- \`${key}\``)] : []),
    ...(missing.count > 0
      ? ['', 'First missing events:', '', ...missing.first.map((key) => `- \`${key}\``)]
      : []),
    ...(firstErrors.length > 0
      ? ['', 'First errors:', '', ...firstErrors.map((e) => `- \`${e.replaceAll('`', "'")}\``)]
      : []),
    '',
    `Conditions: ${USERS} sockets connected, ${sockets.connectedAtEnd} still connected at the end (${sockets.disconnects} dropped during the run); ` +
      `server thread busy ${Math.round(server.utilization * 100)} % of the run, its event loop late by up to ${ms(server.loopDelayP99Ms)} ms (p99), ${ms(server.loopDelayMaxMs)} ms (max); ` +
      `client thread busy ${Math.round(client.utilization * 100)} %, late by up to ${ms(client.loopDelayP99Ms)} ms (p99), ${ms(client.loopDelayMaxMs)} ms (max); ` +
      `this process (server and clients) used ${run.coresUsed.toFixed(2)} of ${cpus().length} cores; load average ${run.load[0].toFixed(2)} at the start, ${run.load[1].toFixed(2)} at the end; ${elapsed.toFixed(1)} s of load. ` +
      `The server logged ${server.logged.errors} errors and ${server.logged.warnings} warnings.`,
    ...(server.logged.lines.length > 0
      ? [
          '',
          'First server log lines:',
          '',
          ...server.logged.lines.map((line) => `- \`${line.slice(0, 400)}\``),
        ]
      : []),
  ].join('\n');
  return { summary, section };
}

/**
 * The budgets: 200 signed-in people at once, for 60 s, on one SQLite instance, each opening
 * and closing panes, reading them, typing, creating, reordering and completing texts with
 * their live socket connected: no errors, reads p99 < 100 ms, writes p99 < 200 ms, and every
 * socket gets every event meant for it. The same run on PostgreSQL when BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL) is set.
 */
const benchmark: Benchmark = {
  title: '200 people at once: reads, writes and live events under load',
  async run({ durationSeconds }) {
    const seconds = process.env.BENCH_DURATION ? durationSeconds : DEFAULT_SECONDS;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestbox-bench-'));
    const runs: { summary: string; section: string }[] = [];
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    try {
      runs.push(
        await measureEngine('SQLite', { sqliteFile: path.join(dataDir, 'nestbox.sqlite') }, dataDir, seconds),
      );
      if (pgUrl) {
        // A schema of its own, dropped afterwards: nothing else in that database is touched.
        const schema = `bench_load_${Date.now().toString(36)}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        try {
          runs.push(
            await measureEngine('PostgreSQL', { databaseUrl: pgUrl, pgSchema: schema }, dataDir, seconds),
          );
        } finally {
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const mix = MIX.map(([action, weight]) => `${action} ${weight} %`).join(', ');
    return [
      '| engine | requests | req/s | errors (arrival too) | reads p99 ms | writes p99 ms | events received / expected | verdict |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...runs.map((r) => r.summary),
      '',
      `Budgets: zero errors, reads p99 under ${BUDGET.readP99Ms} ms, writes p99 under ${BUDGET.writeP99Ms} ms, every socket gets every event meant for it (within ${EVENT_DEADLINE_MS / 1000} s of the load stopping).`,
      '',
      `${USERS} people signed in at once for ${seconds} s, each with a socket.io socket (websocket) and an \`X-Client-Id\`, ` +
        'in pairs: both share their first box with the other as editor (through associate-user, before the load). ' +
        `Everyone starts with a Workspace of ${BOXES_PER_USER} boxes of ${TEXTS_PER_BOX} texts and three panes open (the Workspace and two boxes). ` +
        `They arrive over ${THINK_MS[1]} ms, each loading their workspace, then its panes at once (the arrival row, before the clock: its errors count, its latencies are not budgeted); ` +
        `then, for ${seconds} s, after a pause of ${THINK_MS[0]}–${THINK_MS[1]} ms between actions, each does one of: ${mix}. ` +
        "Item writes go half the time to a shared box (their own or their partner's), else to one of their private boxes; " +
        `panes are kept between ${FEWEST_PANES} and ${MOST_PANES}. A write that answered 2xx owes an event to the writer's own socket (tagged with its client id) and, in a shared box, to the partner's (untagged). ` +
        'The server runs in a worker thread of its own (as `npm start` runs it: NODE_ENV=production), its rate limiter never refusing; the people are driven from the main thread (Node fetch, keep-alive, brotli or gzip accepted), all on this machine. ' +
        `Errors: any answer not 2xx, or no answer within ${REQUEST_TIMEOUT_MS / 1000} s.`,
      pgUrl ? '' : '\nPostgreSQL not measured: set BENCH_DATABASE_URL=postgres://… to add it.',
      ...runs.map((r) => `\n${r.section}`),
    ].join('\n');
  },
};

export default benchmark;
