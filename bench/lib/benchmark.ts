import autocannon from 'autocannon';

/** One benchmark: a title and a run that returns its markdown report body. */
export interface Benchmark {
  title: string;
  run(options: { durationSeconds: number }): Promise<string>;
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Drives `url` with autocannon (after a short warm-up) and summarises throughput and latency. */
export async function measure(
  label: string,
  url: string,
  {
    durationSeconds,
    connections = 10,
    headers,
  }: { durationSeconds: number; connections?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  await autocannon({ url, connections, headers, duration: Math.min(2, durationSeconds) });
  const result = await autocannon({ url, connections, headers, duration: durationSeconds });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A markdown table of load results. */
export function table(results: LoadResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${Math.round(r.requestsPerSecond).toLocaleString('en-GB')} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors + r.non2xx} |`,
  );
  return [
    '| target | req/s | p50 ms | p97.5 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** Percentile (0–100) of sorted samples, nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

/**
 * Runs `task` from `concurrency` loops for `durationSeconds` and times every call: for
 * operations too slow for autocannon's fixed percentiles (p95 is what budgets name).
 * `prepare`, when given, runs before each call and is not timed (`perSecond` includes it).
 */
export async function measureConcurrent(
  task: () => Promise<boolean>,
  {
    concurrency,
    durationSeconds,
    prepare,
  }: { concurrency: number; durationSeconds: number; prepare?: () => Promise<unknown> },
) {
  const samples: number[] = [];
  let failures = 0;
  const deadline = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (prepare) await prepare();
        const t0 = performance.now();
        const ok = await task();
        samples.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    count: samples.length,
    failures,
    perSecond: samples.length / elapsed,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples[samples.length - 1] ?? Number.NaN,
  };
}

/**
 * Times `call` one request at a time for `durationSeconds`, after `warmUp` calls (the JIT too).
 * Each answer is read to its last byte but not parsed (the client's JSON parse is not the
 * server's latency), and counts as a failure unless its status is `status` (200 unless told).
 * `prepare`, when given, runs before each call (warm-up ones too) and is not timed.
 */
export async function measureCalls(
  call: () => Promise<Response>,
  {
    warmUp,
    durationSeconds,
    status = 200,
    prepare,
  }: { warmUp: number; durationSeconds: number; status?: number; prepare?: () => Promise<unknown> },
) {
  const task = async () => {
    const res = await call();
    await res.arrayBuffer();
    return res.status === status;
  };
  for (let i = 0; i < warmUp; i++) {
    if (prepare) await prepare();
    await task();
  }
  return measureConcurrent(task, { concurrency: 1, durationSeconds, prepare });
}

/** The head of a table of timed calls, after the columns that name each call. */
export const callTableHead = (...names: string[]) =>
  [
    `| ${[...names, 'requests', 'failures', 'p50 ms', 'p95 ms', 'p99 ms'].join(' | ')} |`,
    `|${names.map(() => '---|').join('')}---:|---:|---:|---:|---:|`,
  ].join('\n');

/** One row of that table: the cells that name the call, then what `measureCalls` measured. */
export const callTableRow = (cells: string[], r: Awaited<ReturnType<typeof measureCalls>>) =>
  `| ${[...cells, r.count, r.failures, r.p50.toFixed(1), r.p95.toFixed(1), r.p99.toFixed(1)].join(' | ')} |`;
