import { rmSync } from 'node:fs';

/** Removes the temporary data directory the server ran on. */
export default function globalTeardown(): void {
  if (process.env.E2E_DATA_DIR) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
