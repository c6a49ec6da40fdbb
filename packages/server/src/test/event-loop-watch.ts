import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long the event loop was held while it was watched (milliseconds). */
export interface EventLoopReport {
  /** The longest gap between two beats of a 5 ms heartbeat. */
  longestGap: number;
  /**
   * The longest gap counted only as far as this process was working meanwhile (its CPU time):
   * on a machine shared with other work, a gap is also time the process was not running.
   */
  longestBusyGap: number;
  /** Node's delay histogram (`monitorEventLoopDelay`): its maximum and 99th percentile. */
  maxDelay: number;
  p99Delay: number;
}

/**
 * Starts watching the event loop of this process (where the test app runs): a heartbeat and
 * Node's delay histogram. `stop` lets both sample once more (a stall is recorded at the next
 * sample) and answers what they saw. Compression runs on other threads, whose CPU time the
 * busy gap would count: watched requests ask for none.
 */
export function watchEventLoop(): { stop(): Promise<EventLoopReport> } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let lastBeat = performance.now();
  let lastCpu = process.cpuUsage();
  let longestGap = 0;
  let longestBusyGap = 0;
  const heartbeat = setInterval(() => {
    const at = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const gap = at - lastBeat;
    longestGap = Math.max(longestGap, gap);
    longestBusyGap = Math.max(longestBusyGap, Math.min(gap, (cpu.user + cpu.system) / 1000));
    lastBeat = at;
    lastCpu = process.cpuUsage();
  }, 5);
  delay.enable();
  return {
    async stop() {
      await sleep(50);
      delay.disable();
      clearInterval(heartbeat);
      return {
        longestGap,
        longestBusyGap,
        maxDelay: delay.max / 1e6,
        p99Delay: delay.percentile(99) / 1e6,
      };
    },
  };
}

/** A report as one line, for a test's output. */
export function describeEventLoop({
  longestGap,
  longestBusyGap,
  maxDelay,
  p99Delay,
}: EventLoopReport): string {
  return (
    `event loop delay max ${maxDelay.toFixed(0)} ms, p99 ${p99Delay.toFixed(0)} ms; longest heartbeat gap ` +
    `${longestGap.toFixed(0)} ms, of it working ${longestBusyGap.toFixed(0)} ms`
  );
}
