import type { FastifyBaseLogger } from 'fastify';

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
 * Runs every job on a timer. Each job claims its due work atomically (one UPDATE …
 * RETURNING), so any number of instances can run the same scheduler without doing a thing
 * twice. A failing job is logged and tried again at the next tick.
 */
export function startScheduler(
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
  intervalMs = SCHEDULER_INTERVAL_MS,
) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    for (const job of jobs) {
      try {
        const done = await job.run(Date.now());
        if (done > 0) log.info({ job: job.name, done }, 'scheduled job did its work');
      } catch (error) {
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
