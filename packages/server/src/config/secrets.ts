import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the server generates once and keeps in the data directory, so tokens survive a
 * restart without any configuration. An environment value always wins.
 */
export interface Secrets {
  jwtSecret: string;
}

const FILE_NAME = 'secrets.json';

/** Reads `<dataDir>/secrets.json`, creating it (mode 0600) with fresh random values if absent. */
export function loadSecrets(dataDir: string, overrides: { jwtSecret?: string | undefined } = {}): Secrets {
  const file = path.join(dataDir, FILE_NAME);
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!stored.jwtSecret) {
    stored = { ...stored, jwtSecret: randomBytes(48).toString('base64url') };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return { jwtSecret: overrides.jwtSecret ?? stored.jwtSecret ?? '' };
}
