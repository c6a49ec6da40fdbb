/**
 * `npm run bench`: runs every `*.bench.ts` in this folder (or those named on the command
 * line), prints each report and writes it to `bench/reports/<name>.md` (or to the folder
 * `BENCH_REPORTS_DIR` names). `BENCH_DURATION` (seconds per measurement, default 10) trades
 * precision for time. A benchmark whose budget is a gate sets a failing exit code when missed.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark } from './lib/benchmark.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const reportsDir = process.env.BENCH_REPORTS_DIR ?? path.join(here, 'reports');
mkdirSync(reportsDir, { recursive: true });
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  const { default: benchmark } = (await import(pathToFileURL(path.join(here, file)).href)) as {
    default: Benchmark;
  };
  console.log(`\n== ${name}: ${benchmark.title}`);
  const body = await benchmark.run({ durationSeconds });
  const report = `# ${benchmark.title}\n\n${new Date().toISOString()} · ${machine} · \`npm run bench -- ${name}\`\n\n${body}\n`;
  writeFileSync(path.join(reportsDir, `${name}.md`), report);
  console.log(report);
}
