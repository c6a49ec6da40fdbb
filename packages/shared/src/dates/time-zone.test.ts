import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './time-zone.js';

describe('isValidTimeZone', () => {
  it('accepts IANA names, aliases included, and UTC', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Asia/Calcutta')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
  });

  it('refuses what names no zone', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('Europe/')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});
