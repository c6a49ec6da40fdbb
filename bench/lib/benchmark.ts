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
  { durationSeconds, connections = 10 }: { durationSeconds: number; connections?: number },
): Promise<LoadResult> {
  await autocannon({ url, connections, duration: Math.min(2, durationSeconds) });
  const result = await autocannon({ url, connections, duration: durationSeconds });
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
  return ['| target | req/s | p50 ms | p97.5 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|---:|', ...rows].join('\n');
}
