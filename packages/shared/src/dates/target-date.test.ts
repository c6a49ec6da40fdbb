import { describe, expect, it } from 'vitest';
import { dayOfTargetDate, targetDateAtTime, targetDateFromDay, zoneOffsetMinutes } from './target-date.js';

describe('target dates', () => {
  it('stores a picked day as the start of that day in the time zone, and shows it back as that day', () => {
    expect(targetDateFromDay('2026-03-10', 'Europe/London')).toBe(Date.UTC(2026, 2, 10, 0, 0));
    expect(targetDateFromDay('2026-07-10', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 9, 22, 0));
    for (const zone of ['Europe/London', 'Pacific/Auckland', 'America/Los_Angeles']) {
      expect(dayOfTargetDate(targetDateFromDay('2026-12-31', zone), zone)).toBe('2026-12-31');
    }
  });
});

describe('target dates with a time', () => {
  it('reads the wall-clock time in the zone, with the offset of that day, not of today', () => {
    // Paris: CET (+1) until 29 March 2026 02:00, then CEST (+2).
    expect(targetDateAtTime('2026-03-28', 9, 0, 'Europe/Paris')).toBe(Date.UTC(2026, 2, 28, 8, 0));
    expect(targetDateAtTime('2026-03-29', 9, 0, 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 7, 0));
    expect(targetDateAtTime('2026-10-25', 9, 0, 'Europe/London')).toBe(Date.UTC(2026, 9, 25, 9, 0));
    expect(targetDateAtTime('2026-03-29', 9, 0, 'Asia/Tokyo')).toBe(Date.UTC(2026, 2, 29, 0, 0));
  });

  it('moves a time in the spring-forward gap forward by the gap, and takes the winter offset for a repeated one', () => {
    expect(targetDateAtTime('2026-03-29', 2, 30, 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(targetDateAtTime('2026-03-29', 1, 30, 'Europe/London')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(targetDateAtTime('2026-10-25', 2, 30, 'Europe/Paris')).toBe(Date.UTC(2026, 9, 25, 1, 30));
    expect(targetDateAtTime('2026-10-25', 1, 30, 'Europe/London')).toBe(Date.UTC(2026, 9, 25, 1, 30));
  });

  it("knows each zone's offset at an instant", () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 2, 28, 22, 30), 'Europe/Paris')).toBe(60);
    expect(zoneOffsetMinutes(Date.UTC(2026, 2, 29, 2, 0), 'Europe/Paris')).toBe(120);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'Europe/London')).toBe(60);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'Asia/Tokyo')).toBe(540);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), 'America/New_York')).toBe(-240);
  });
});
