import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOGGED_OUT_PREFIXES, partOf } from '../../../catalogue-parts.js';
import { catalogueEnGb } from './catalogue.en-gb';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The code of the logged-out pages: what they draw before anyone signs in. */
const LOGGED_OUT_CODE = [
  'features/auth',
  'app/routes/auth',
  'app/layout/auth-layout.tsx',
  'app/layout/language-switcher.tsx',
  'app/router.tsx',
  'app/provider.tsx',
  'components/errors',
  'components/forms',
  'components/feedback',
];

function files(entry: string): string[] {
  const full = path.join(src, entry);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => files(path.join(entry, name)));
}

/** Every key the code names in a `t('…')` call or as a quoted key of the catalogue. */
function keysIn(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/['"`]([a-zA-Z]+(?:\.[\w-]+)+)['"`]/g)]
    .map((match) => match[1] ?? '')
    .filter((key) => key in catalogueEnGb);
}

describe('the catalogue parts', () => {
  it('give the logged-out pages every text they name', () => {
    const used = LOGGED_OUT_CODE.flatMap(files)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .flatMap(keysIn);
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((key) => partOf(key) !== 'base')).toEqual([]);
  });

  it('leave most texts to the signed-in app, and split on whole prefixes', () => {
    const keys = Object.keys(catalogueEnGb);
    const base = keys.filter((key) => partOf(key) === 'base');
    expect(base.length).toBeLessThan(keys.length / 2);
    expect(partOf('login.title')).toBe('base');
    expect(partOf('settings.push.label')).toBe('app');
    for (const prefix of LOGGED_OUT_PREFIXES)
      expect(
        keys.some((key) => key.startsWith(`${prefix}.`)),
        prefix,
      ).toBe(true);
  });
});
