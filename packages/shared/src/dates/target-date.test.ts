import { describe, expect, it } from 'vitest';
import { dayOfTargetDate, targetDateFromDay } from './target-date.js';

describe('target dates', () => {
  it('stores a picked day as the start of that day in the time zone, and shows it back as that day', () => {
    expect(targetDateFromDay('2026-03-10', 'Europe/London')).toBe(Date.UTC(2026, 2, 10, 0, 0));
    expect(targetDateFromDay('2026-07-10', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 9, 22, 0));
    for (const zone of ['Europe/London', 'Pacific/Auckland', 'America/Los_Angeles']) {
      expect(dayOfTargetDate(targetDateFromDay('2026-12-31', zone), zone)).toBe('2026-12-31');
    }
  });
});
