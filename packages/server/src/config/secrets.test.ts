import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets.js';

describe('loadSecrets', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nestbox-secrets-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates a strong secret once and keeps it, readable by the owner only', () => {
    const dataDir = freshDir();
    const first = loadSecrets(dataDir);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(64);
    expect(loadSecrets(dataDir)).toEqual(first);
    const file = path.join(dataDir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('lets the environment win', () => {
    expect(loadSecrets(freshDir(), { jwtSecret: 'from-env' }).jwtSecret).toBe('from-env');
  });
});
