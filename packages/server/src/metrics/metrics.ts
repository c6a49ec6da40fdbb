import { timingSafeEqual } from 'node:crypto';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type DbEngine, observeQueries } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { appErrors } from '../http/app-error.js';
import { AUTO_ARCHIVE_JOB } from '../jobs/auto-archive.js';
import { REMINDERS_JOB } from '../jobs/reminders.js';
import type { JobObserver } from '../jobs/scheduler.js';
import type { Mailer } from '../mail/mailer.js';

/** Buckets (seconds) for HTTP answers and queries: a millisecond to ten seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Buckets (seconds) for how late a scheduled job ran: its interval is 10 or 30 s. */
const LATENESS_BUCKETS = [0.01, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** How often the event loop's delay is sampled (ms). */
const LOOP_DELAY_RESOLUTION_MS = 10;

/**
 * How late a timer due every LOOP_DELAY_RESOLUTION_MS runs, as a histogram (ns) that a scrape
 * reads and empties. Node's monitorEventLoopDelay forgets the first delay after a reset (it
 * starts measuring again from that sample), so a stall right after a scrape went unseen; this
 * one keeps its last tick across resets.
 */
function watchEventLoop(): RecordableHistogram & { stop(): void } {
  const histogram = createHistogram();
  let due = performance.now() + LOOP_DELAY_RESOLUTION_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    histogram.record(Math.max(1, Math.round((now - due) * 1e6)));
    due = now + LOOP_DELAY_RESOLUTION_MS;
  }, LOOP_DELAY_RESOLUTION_MS);
  timer.unref();
  return Object.assign(histogram, { stop: () => clearInterval(timer) });
}

/**
 * What one instance counts, in Prometheus' terms, in a registry of its own (so each app built
 * in a process counts for itself): Node's process metrics, every HTTP answer by route pattern,
 * the live channel, the scheduler, mail and the database.
 */
export function createMetrics(engine: DbEngine) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let countSockets = () => 0;
  const loopDelay = watchEventLoop();
  return {
    registry,
    /** Stops watching the event loop (the app closes). */
    close() {
      loopDelay.stop();
    },
    /** Where the socket gauge reads its count from, at each scrape. */
    countSocketsWith(count: () => number) {
      countSockets = count;
    },
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status class.',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    eventLoopDelay: new Gauge({
      name: 'nestbox_event_loop_delay_seconds',
      help: 'How long the event loop was held since the previous scrape: median (p50), 99th percentile (p99) and longest (max).',
      labelNames: ['stat'] as const,
      registers,
      // Read and started again at each scrape, so each answer covers the time since the last.
      // (prom-client's nodejs_eventloop_lag_* gauges answer the window before, one scrape late.)
      collect() {
        const sampled = loopDelay.count > 0;
        this.set({ stat: 'p50' }, sampled ? loopDelay.percentile(50) / 1e9 : 0);
        this.set({ stat: 'p99' }, sampled ? loopDelay.percentile(99) / 1e9 : 0);
        this.set({ stat: 'max' }, sampled ? loopDelay.max / 1e9 : 0);
        loopDelay.reset();
      },
    }),
    socketConnections: new Gauge({
      name: 'nestbox_socket_connections',
      help: 'Live sockets connected to this instance.',
      registers,
      collect() {
        this.set(countSockets());
      },
    }),
    liveEvents: new Counter({
      name: 'nestbox_live_events_total',
      help: 'Live events sent to user rooms, by type.',
      labelNames: ['type'] as const,
      registers,
    }),
    schedulerLag: new Histogram({
      name: 'nestbox_scheduler_lag_seconds',
      help: 'How late each scheduled job started after its tick was due, by job.',
      labelNames: ['job'] as const,
      buckets: LATENESS_BUCKETS,
      registers,
    }),
    remindersFired: new Counter({
      name: 'nestbox_reminders_fired_total',
      help: 'Reminders fired by this instance.',
      registers,
    }),
    autoArchived: new Counter({
      name: 'nestbox_auto_archived_total',
      help: 'Items archived by their auto-archive setting on this instance.',
      registers,
    }),
    mailSent: new Counter({
      name: 'nestbox_mail_sent_total',
      help: 'E-mails sent (or written to the outbox).',
      registers,
    }),
    mailFailed: new Counter({
      name: 'nestbox_mail_failed_total',
      help: 'E-mails that could not be sent.',
      registers,
    }),
    dbQueryDuration: new Histogram({
      name: 'nestbox_db_query_duration_seconds',
      help: 'Time each database query took, by engine.',
      labelNames: ['engine'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }).labels({ engine }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The mailer, counting what it sent and what failed. */
export function countedMailer(mailer: Mailer, metrics: Metrics | undefined): Mailer {
  if (!metrics) return mailer;
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailFailed.inc();
        throw error;
      }
      metrics.mailSent.inc();
    },
    close: () => mailer.close(),
  };
}

/** Counts, after each scheduled job's run, how late it started and what it did. */
export function jobObserver(metrics: Metrics): JobObserver {
  const doneCounters: Record<string, Counter | undefined> = {
    [REMINDERS_JOB]: metrics.remindersFired,
    [AUTO_ARCHIVE_JOB]: metrics.autoArchived,
  };
  return (job, lateMs, done) => {
    metrics.schedulerLag.observe({ job }, lateMs / 1000);
    if (done > 0) doneCounters[job]?.inc(done);
  };
}

const bearer = (header: string | undefined) => /^Bearer (.+)$/i.exec(header ?? '')?.[1];

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times every answer by its route pattern (never the raw URL, whose ids would make a series
 * each), times every query, and serves the text format at GET /metrics, behind a bearer
 * token when one is configured (401 otherwise).
 */
export function registerMetrics(
  app: FastifyInstance,
  { metrics, db, token }: { metrics: Metrics; db: Kysely<Database>; token: string | undefined },
): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const stopObserving = observeQueries(db, (ms) => metrics.dbQueryDuration.observe(ms / 1000));
  app.addHook('onClose', async () => {
    stopObserving();
    metrics.close();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !sameSecret(bearer(request.headers.authorization), token))
      throw appErrors.unauthorized();
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
