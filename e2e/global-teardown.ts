import { rmSync } from 'node:fs';

/** Removes the temporary data directories the servers ran on. */
export default function globalTeardown(): void {
  for (const dir of [
    process.env.E2E_DATA_DIR,
    process.env.E2E_RESEED_DATA_DIR,
    process.env.E2E_DATED_DATA_DIR,
  ]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
