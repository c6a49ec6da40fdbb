import { afterEach, describe, expect, it } from 'vitest';
import { readDate } from './read-date.js';
import { addOnWallClock, instantOfWallTime, wallTimeOf } from './wall-time.js';

/** Machine zones with DST changes on other dates than the person's, and one with none. */
const MACHINE_ZONES = ['UTC', 'Europe/Paris', 'Europe/London', 'America/New_York', 'Australia/Sydney'];
const machineZone = process.env.TZ;

/** The same computation with the process in each machine zone (Node reads TZ afresh when it is set). */
function inEveryMachineZone<T>(compute: () => T): T[] {
  return MACHINE_ZONES.map((zone) => {
    process.env.TZ = zone;
    return compute();
  });
}

describe('wall-clock times in a zone', () => {
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('reads a time the zone skips forward by the gap, and a time it shows twice with the winter offset', () => {
    expect(instantOfWallTime({ year: 2027, month: 3, day: 28, hour: 2, minute: 30 }, 'Europe/Paris')).toBe(
      Date.UTC(2027, 2, 28, 1, 30),
    );
    expect(instantOfWallTime({ year: 2027, month: 10, day: 31, hour: 2, minute: 30 }, 'Europe/Paris')).toBe(
      Date.UTC(2027, 9, 31, 1, 30),
    );
    // Santiago skips midnight itself: the day starts at 01:00.
    expect(instantOfWallTime({ year: 2026, month: 9, day: 6 }, 'America/Santiago')).toBe(
      Date.UTC(2026, 8, 6, 4),
    );
  });

  it('shows an instant as the zone clock does', () => {
    expect(wallTimeOf(Date.UTC(2026, 11, 31, 23, 30), 'Europe/Paris')).toMatchObject({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
    });
  });

  it('moves by calendar days and years, keeping the time of day across a DST change', () => {
    const eve = Date.UTC(2027, 2, 27, 8); // Saturday 09:00 in Paris, winter
    expect(addOnWallClock(eve, 1, 'days', 'Europe/Paris')).toBe(Date.UTC(2027, 2, 28, 7)); // 09:00 summer
    expect(addOnWallClock(Date.UTC(2028, 1, 29, 9), 1, 'years', 'UTC')).toBe(Date.UTC(2029, 1, 28, 9));
  });

  it('gives one answer whatever the machine zone', () => {
    for (const answers of [
      inEveryMachineZone(() =>
        instantOfWallTime({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, 'Europe/London'),
      ),
      inEveryMachineZone(() => addOnWallClock(Date.UTC(2026, 9, 24, 22, 30), 1, 'days', 'Europe/London')),
      inEveryMachineZone(() => wallTimeOf(Date.UTC(2027, 2, 28, 1, 30), 'Europe/Paris').hour),
    ])
      expect(new Set(answers).size, JSON.stringify(answers)).toBe(1);
  });

  it('reads typed dates the same whatever the machine zone: durations, weekdays, times across DST', () => {
    const cases = [
      { text: 'in 3 hours', now: Date.UTC(2026, 2, 28, 22, 30), timeZone: 'Europe/Paris' },
      { text: 'dans 3 heures', now: Date.UTC(2026, 9, 24, 22, 30), timeZone: 'Europe/London' },
      { text: 'mercredi 10h15', now: Date.UTC(2026, 5, 10, 8), timeZone: 'Europe/Paris' },
      { text: 'demain 2h30', now: Date.UTC(2026, 9, 24, 21, 30), timeZone: 'Europe/Paris' },
    ] as const;
    for (const { text, now, timeZone } of cases) {
      const answers = inEveryMachineZone(() => readDate(text, { locale: 'fr', timeZone, now })?.at);
      expect(new Set(answers).size, `${text}: ${answers.join(', ')}`).toBe(1);
    }
  });
});
