import { describe, expect, it } from 'vitest';
import {
  formatDateChip,
  formatDayChip,
  formatLongDate,
  isOverdueTarget,
  rowShowsDate,
  targetDateAtTimeOfDay,
  targetDateOnDay,
  targetHasTime,
  timeOfTargetDate,
} from './show-date.js';
import { targetDateFromDay } from './target-date.js';
import { instantOfWallTime } from './wall-time.js';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
/** Saturday 28 November 2026, 22:30 in Paris (21:30 UTC; 16:30 in New York). */
const now = Date.UTC(2026, 10, 28, 21, 30);
const at = (day: string, time: string | null, timeZone = PARIS) => {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  const [hour = 0, minute = 0] = (time ?? '00:00').split(':').map(Number);
  return time === null
    ? targetDateFromDay(day, timeZone)
    : instantOfWallTime({ year, month, day: date, hour, minute }, timeZone);
};

describe('formatDateChip', () => {
  const table: [day: string, time: string | null, english: string, french: string][] = [
    ['2026-11-28', null, 'Today', 'Aujourd’hui'],
    ['2026-11-28', '09:30', 'Today 09:30', 'Aujourd’hui 09:30'],
    ['2026-11-29', '10:00', 'Tomorrow 10:00', 'Demain 10:00'],
    ['2026-11-27', null, 'Yesterday', 'Hier'],
    ['2026-11-30', null, 'Monday', 'Lundi'],
    ['2026-12-04', '18:45', 'Friday 18:45', 'Vendredi 18:45'],
    ['2026-12-05', null, 'Sat 5 Dec', 'Sam. 5 déc.'],
    ['2026-11-20', null, 'Fri 20 Nov', 'Ven. 20 nov.'],
    ['2027-04-03', '07:05', 'Sat 3 Apr 2027 07:05', 'Sam. 3 avr. 2027 07:05'],
  ];
  it.each(table)('shows %s %s as “%s” and “%s”', (day, time, english, french) => {
    expect(formatDateChip(at(day, time), { now, timeZone: PARIS, locale: 'en-GB' })).toBe(english);
    expect(formatDateChip(at(day, time), { now, timeZone: PARIS, locale: 'fr' })).toBe(french);
  });

  it('counts days in the person’s zone, not the machine’s', () => {
    // 23:30 on Sunday in Paris is still Sunday there, but Monday already in UTC.
    const sunday = at('2026-11-29', '23:30');
    expect(formatDateChip(sunday, { now, timeZone: PARIS, locale: 'en-GB' })).toBe('Tomorrow 23:30');
    // In New York the same instant is Sunday 17:30, and it is still Saturday there now.
    expect(formatDateChip(sunday, { now, timeZone: NEW_YORK, locale: 'en-GB' })).toBe('Tomorrow 17:30');
  });
});

describe('formatDayChip', () => {
  it('shows the day of a stamp without its time', () => {
    expect(formatDayChip(at('2026-11-28', '14:32'), { now, timeZone: PARIS, locale: 'en-GB' })).toBe('Today');
    expect(formatDayChip(at('2026-11-02', '14:32'), { now, timeZone: PARIS, locale: 'fr' })).toBe(
      'Lun. 2 nov.',
    );
  });
});

describe('formatLongDate', () => {
  it('writes the whole date in either language', () => {
    const date = at('2026-11-29', null);
    expect(formatLongDate(date, PARIS, 'en-GB')).toBe('Sunday 29 November 2026');
    expect(formatLongDate(date, PARIS, 'fr')).toBe('Dimanche 29 novembre 2026');
  });
});

describe('the time of a target date', () => {
  const dentist = at('2027-04-03', '09:30');

  it('tells a date only from a date with a time', () => {
    expect(targetHasTime(at('2027-04-03', null), PARIS)).toBe(false);
    expect(targetHasTime(dentist, PARIS)).toBe(true);
    expect(timeOfTargetDate(dentist, PARIS)).toBe('09:30');
    expect(timeOfTargetDate(at('2027-04-03', null), PARIS)).toBeNull();
  });

  it('keeps the time when the date is picked again, across a change of clocks', () => {
    // 3 April 2027 is summer time in Paris, 20 March winter time: 09:30 stays 09:30.
    const moved = targetDateOnDay(dentist, '2027-03-20', PARIS);
    expect(moved).toBe(at('2027-03-20', '09:30'));
    expect(timeOfTargetDate(moved, PARIS)).toBe('09:30');
    expect(targetDateOnDay(at('2027-04-03', null), '2027-03-20', PARIS)).toBe(at('2027-03-20', null));
    expect(targetDateOnDay(null, '2027-03-20', PARIS)).toBe(at('2027-03-20', null));
  });

  it('takes a recorded time of 00:00 as a time, and a recorded day alone as a day', () => {
    const midnight = at('2027-04-03', '00:00');
    // Unrecorded, the start of the day reads as a day alone; recorded, as what was set.
    expect(timeOfTargetDate(midnight, PARIS)).toBeNull();
    expect(timeOfTargetDate(midnight, PARIS, true)).toBe('00:00');
    expect(targetHasTime(dentist, PARIS, false)).toBe(false);
    expect(formatDateChip(midnight, { now, timeZone: PARIS, locale: 'en-GB' }, true)).toBe(
      'Sat 3 Apr 2027 00:00',
    );
    expect(formatDateChip(midnight, { now, timeZone: PARIS, locale: 'en-GB' }, false)).toBe('Sat 3 Apr 2027');
    // Picked again, 00:00 stays a time.
    expect(targetDateOnDay(midnight, '2027-03-20', PARIS, true)).toBe(at('2027-03-20', '00:00'));
    expect(targetDateOnDay(dentist, '2027-03-20', PARIS, false)).toBe(at('2027-03-20', null));
  });

  it('sets or takes away the time and keeps the day', () => {
    const day = at('2027-04-03', null);
    expect(targetDateAtTimeOfDay(day, '09:30', PARIS)).toBe(dentist);
    expect(targetDateAtTimeOfDay(dentist, '16:05', PARIS)).toBe(at('2027-04-03', '16:05'));
    expect(targetDateAtTimeOfDay(dentist, null, PARIS)).toBe(day);
  });
});

describe('overdue and the rows that show a date', () => {
  it('is overdue before today in the zone, and never once done', () => {
    const context = { now, timeZone: PARIS };
    expect(isOverdueTarget(at('2026-11-27', '23:59'), false, context)).toBe(true);
    expect(isOverdueTarget(at('2026-11-27', '23:59'), true, context)).toBe(false);
    expect(isOverdueTarget(at('2026-11-28', '00:00'), false, context)).toBe(false);
    expect(isOverdueTarget(null, false, context)).toBe(false);
  });

  it('shows a date in a list of today’s items only when the item repeats', () => {
    const date = at('2026-11-28', null);
    expect(rowShowsDate(date, { repeats: false })).toBe(true);
    expect(rowShowsDate(date, { repeats: false, todayList: true })).toBe(false);
    expect(rowShowsDate(date, { repeats: true, todayList: true })).toBe(true);
    expect(rowShowsDate(null, { repeats: true })).toBe(false);
  });
});
