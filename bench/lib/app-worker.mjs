// The server under measurement, in a thread of its own: the bench's client then never
// competes with it for the event loop, as a browser on another machine would not.
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../../packages/server/dist/app.js';
import { loadConfig } from '../../packages/server/dist/config/env.js';
import { loadSecrets } from '../../packages/server/dist/config/secrets.js';
import { openDatabase } from '../../packages/server/dist/db/connection.js';

const { dataDir, database: options, withWebApp, unlimited, watch, metrics } = workerData;
// Measured as it runs in production (connection.ts keeps development-only checks out of it).
process.env.NODE_ENV = 'production';
const KEPT_LOG_LINES = 10;

/**
 * With `watch`, the server's warnings and errors are counted (and the first few kept) on their
 * way to stdout, and this thread's event loop is watched, for `stats` to answer.
 */
const logged = { warnings: 0, errors: 0, lines: [] };
const logStream = {
  write(line) {
    process.stdout.write(line);
    let level = 0;
    try {
      level = JSON.parse(line).level;
    } catch {
      // Not a log record: passed on, not counted.
    }
    if (level >= 50) logged.errors++;
    else if (level >= 40) logged.warnings++;
    if (level >= 40 && logged.lines.length < KEPT_LOG_LINES) logged.lines.push(line.trim());
  },
};
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
// A second window, from `mark` on: `stats` windows can then be read within a longer run.
const markedDelay = monitorEventLoopDelay({ resolution: 10 });
let utilizationSince = performance.eventLoopUtilization();

const database = openDatabase(options);
const app = await buildApp({
  config: loadConfig({
    NESTBOX_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(metrics ? { NESTBOX_METRICS: '1' } : {}),
  }),
  secrets: loadSecrets(dataDir),
  db: database.db,
  dbEngine: database.engine,
  redis: undefined,
  // undefined: the app's default, the built web app.
  webRoot: withWebApp ? undefined : null,
  ...(watch
    ? {
        logger: {
          level: 'warn',
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          stream: logStream,
        },
      }
    : {}),
  // A limiter that never refuses: a load bench measures the work, not the 429s.
  ...(unlimited ? { limiter: { consume: async () => {} } } : {}),
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
/**
 * This thread's CPU profile between `profile-start` and `profile-stop`, answered as the share of
 * samples spent in each function (self time) and in each package, busiest first.
 */
const profiler = new Session();
profiler.connect();
function summarise(profile) {
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map();
  const packages = new Map();
  let busy = 0;
  for (const [id, count] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') continue;
    busy += count;
    const file = url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, 'packages/');
    const where = url ? `${file}:${lineNumber + 1}` : '(native)';
    const name = `${functionName || '(anonymous)'} ${where}`;
    functions.set(name, (functions.get(name) ?? 0) + count);
    const owner =
      url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
      (url.includes('/packages/')
        ? `nestbox ${url.replace(/^.*\/packages\/([^/]+).*$/, '$1')}`
        : url.startsWith('node:')
          ? 'node'
          : `(${functionName})`);
    packages.set(owner, (packages.get(owner) ?? 0) + count);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => ({ name, share: count / busy }));
  return { functions: top(functions, 15), packages: top(packages, 12) };
}

parentPort.on('message', async (message) => {
  if (message === 'profile-start') {
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    parentPort.postMessage('profiling');
    return;
  }
  if (message === 'profile-stop') {
    const { profile } = await profiler.post('Profiler.stop');
    parentPort.postMessage(summarise(profile));
    return;
  }
  if (message === 'mark') {
    markedDelay.reset();
    parentPort.postMessage('marked');
    return;
  }
  if (message === 'stats') {
    // Since the previous `stats` (or the start): how busy the loop was, and how late it ran.
    const utilization = performance.eventLoopUtilization(utilizationSince).utilization;
    utilizationSince = performance.eventLoopUtilization();
    parentPort.postMessage({
      utilization,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
      sinceMark: {
        loopDelayP50Ms: markedDelay.percentile(50) / 1e6,
        loopDelayP99Ms: markedDelay.percentile(99) / 1e6,
        loopDelayMaxMs: markedDelay.max / 1e6,
      },
      logged: { ...logged, lines: [...logged.lines] },
    });
    loopDelay.reset();
    return;
  }
  if (message !== 'close') return;
  loopDelay.disable();
  markedDelay.disable();
  await app.close();
  await database.close();
  parentPort.postMessage('closed');
});
if (watch) {
  loopDelay.enable();
  markedDelay.enable();
}
parentPort.postMessage({ url });
