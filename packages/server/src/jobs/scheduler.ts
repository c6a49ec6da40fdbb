import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';

/** How often due work is looked for; SPEC: auto-archive happens within a minute of expiry. */
export const SCHEDULER_INTERVAL_MS = 30_000;

/** Reminders are looked for every 10 s, so one fires at most about 10 s after its time (SPEC: on time). */
export const REMINDERS_INTERVAL_MS = 10_000;

export interface ScheduledJob {
  name: string;
  /** Does what is due at `now`; returns how many things it did (for the log). */
  run(now: number): Promise<number>;
}

/**
 * Told, after each job's run, how late it started (ms after its tick was due; a timer that
 * fires a little early counts as on time) and what it did.
 */
export type JobObserver = (job: string, lateMs: number, done: number) => void;

/**
 * Runs every job on a timer. Each job claims its due work atomically (one UPDATE …
 * RETURNING), so any number of instances can run the same scheduler without doing a thing
 * twice. A failing job is logged and tried again at the next tick. A tick that comes while
 * the last one still runs is skipped.
 */
export function startScheduler(
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
  {
    now,
    intervalMs = SCHEDULER_INTERVAL_MS,
    observe,
  }: {
    /** The app's clock: each job runs as of its time. */
    now: Clock;
    intervalMs?: number;
    observe?: JobObserver;
  },
) {
  let running = false;
  let nextDue = now();
  const tick = async () => {
    const due = nextDue;
    nextDue += intervalMs;
    if (running) return;
    running = true;
    for (const job of jobs) {
      const startedAt = now();
      const lateMs = Math.max(0, startedAt - due);
      try {
        const done = await job.run(startedAt);
        observe?.(job.name, lateMs, done);
        if (done > 0) log.info({ job: job.name, done }, 'scheduled job did its work');
      } catch (error) {
        observe?.(job.name, lateMs, 0);
        log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    }
    running = false;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
