import { describe, expect, it } from 'vitest';
import { describeRecurrence } from './describe-recurrence.js';
import {
  firstOccurrence,
  nextOccurrence,
  normalizeRecurrenceRule,
  recurrenceRuleError,
} from './recurrence-rule.js';

const paris = 'Europe/Paris';
/** Paris wall-clock time as an instant (months from 1). */
const inParis = (y: number, m: number, d: number, h = 0, min = 0) => {
  const offset = new Date(Date.UTC(y, m - 1, d, 12)).toLocaleString('en-GB', {
    timeZone: paris,
    timeZoneName: 'shortOffset',
  });
  const hours = Number(/GMT\+(\d)/u.exec(offset)?.[1] ?? 0);
  return Date.UTC(y, m - 1, d, h - hours, min);
};

describe('how far a rule is looked ahead', () => {
  it('refuses rules that never happen within a bounded search, not after stepping to year 9999', () => {
    for (const rule of [
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=DAILY;BYWEEKNO=53;BYDAY=MO;BYMONTH=1',
      'FREQ=DAILY;BYSETPOS=2;BYMONTH=2;BYMONTHDAY=28',
      'FREQ=WEEKLY;BYMONTH=4;BYMONTHDAY=31',
    ]) {
      const started = performance.now();
      expect(recurrenceRuleError(rule), rule).toBe('validation.recurrence.invalid');
      // Generous: bounded it takes milliseconds; unbounded, seconds.
      expect(performance.now() - started, rule).toBeLessThan(1_000);
    }
  });

  it('keeps rare rules that do happen, and finds their next occurrence years ahead', () => {
    const rule = 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO';
    expect(recurrenceRuleError(rule)).toBeNull();
    expect(
      nextOccurrence({
        rule,
        due: inParis(2016, 2, 29, 9),
        completedAt: inParis(2016, 2, 29, 10),
        fromCompletion: false,
        done: 0,
        timeZone: paris,
      }),
    ).toBe(inParis(2044, 2, 29, 9));
  });

  it('ends a series past its UNTIL quickly, where rrule would step day by day to year 9999', () => {
    const started = performance.now();
    const next = nextOccurrence({
      rule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;UNTIL=20300101T000000Z',
      due: inParis(2031, 3, 3, 9),
      completedAt: inParis(2031, 3, 3, 9),
      fromCompletion: false,
      done: 0,
      timeZone: paris,
    });
    expect(next).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('recurrenceRuleError', () => {
  it('keeps daily to yearly rules, with or without the RRULE: prefix', () => {
    expect(recurrenceRuleError('FREQ=WEEKLY;BYDAY=MO')).toBeNull();
    expect(recurrenceRuleError('RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3')).toBeNull();
    expect(recurrenceRuleError('FREQ=YEARLY;UNTIL=20301231T235959Z')).toBeNull();
  });

  it('refuses what is not a rule, finer than a day, never happening or too long', () => {
    expect(recurrenceRuleError('every Monday')).toBe('validation.recurrence.invalid');
    expect(recurrenceRuleError('FREQ=FORTNIGHTLY')).toBe('validation.recurrence.invalid');
    expect(recurrenceRuleError('FREQ=HOURLY')).toBe('validation.recurrence.unsupported');
    expect(recurrenceRuleError('FREQ=MINUTELY')).toBe('validation.recurrence.unsupported');
    expect(recurrenceRuleError('FREQ=SECONDLY')).toBe('validation.recurrence.unsupported');
    expect(recurrenceRuleError('FREQ=DAILY;BYHOUR=9')).toBe('validation.recurrence.unsupported');
    expect(recurrenceRuleError('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toBe('validation.recurrence.invalid');
    expect(recurrenceRuleError('DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY')).toBe(
      'validation.recurrence.invalid',
    );
    expect(recurrenceRuleError(`FREQ=DAILY;${'BYMONTH=1;'.repeat(30)}`)).toBe(
      'validation.recurrence.tooLong',
    );
    expect(recurrenceRuleError('FREQ=DAILY;INTERVAL=0')).toBe('validation.recurrence.invalid');
  });

  it('stores the rule as rrule writes it', () => {
    expect(normalizeRecurrenceRule('RRULE:freq=weekly;byday=mo')).toBe('FREQ=WEEKLY;BYDAY=MO');
  });
});

describe('nextOccurrence', () => {
  const base = { timeZone: paris, fromCompletion: false, done: 0 };

  it('steps from the due date, keeping 09:00 across the change to summer time', () => {
    const due = inParis(2026, 3, 23, 9); // Monday 23 March, 09:00 CET
    expect(nextOccurrence({ ...base, rule: 'FREQ=WEEKLY;BYDAY=MO', due, completedAt: due })).toBe(
      inParis(2026, 3, 30, 9), // 09:00 CEST
    );
    expect(
      nextOccurrence({ ...base, rule: 'FREQ=DAILY', due: inParis(2026, 10, 24, 9), completedAt: 0 }),
    ).toBe(inParis(2026, 10, 25, 9));
  });

  it('steps from the completion with `fromCompletion`', () => {
    const due = inParis(2026, 3, 2, 9);
    const completedAt = inParis(2026, 3, 10, 18);
    expect(nextOccurrence({ ...base, rule: 'FREQ=DAILY;INTERVAL=3', due, completedAt })).toBe(
      inParis(2026, 3, 5, 9),
    );
    expect(
      nextOccurrence({ ...base, fromCompletion: true, rule: 'FREQ=DAILY;INTERVAL=3', due, completedAt }),
    ).toBe(inParis(2026, 3, 13, 9));
  });

  it('ends with its COUNT and its UNTIL', () => {
    const due = inParis(2026, 6, 1);
    expect(nextOccurrence({ ...base, rule: 'FREQ=DAILY;COUNT=3', due, completedAt: due, done: 1 })).toBe(
      inParis(2026, 6, 2),
    );
    expect(
      nextOccurrence({ ...base, rule: 'FREQ=DAILY;COUNT=3', due, completedAt: due, done: 2 }),
    ).toBeNull();
    expect(
      nextOccurrence({ ...base, rule: 'FREQ=WEEKLY;UNTIL=20260605T235959Z', due, completedAt: due }),
    ).toBeNull();
  });

  it('steps to the last day of each month', () => {
    const due = inParis(2026, 1, 31, 8);
    expect(nextOccurrence({ ...base, rule: 'FREQ=MONTHLY;BYMONTHDAY=-1', due, completedAt: due })).toBe(
      inParis(2026, 2, 28, 8),
    );
  });
});

describe('firstOccurrence', () => {
  it('is the next matching day from today, today included', () => {
    const wednesday = inParis(2026, 6, 10, 10);
    expect(firstOccurrence('FREQ=WEEKLY;BYDAY=MO', { now: wednesday, timeZone: paris })).toBe(
      inParis(2026, 6, 15),
    );
    expect(firstOccurrence('FREQ=WEEKLY;BYDAY=WE', { now: wednesday, timeZone: paris })).toBe(
      inParis(2026, 6, 10),
    );
    expect(firstOccurrence('FREQ=MONTHLY;BYMONTHDAY=1', { now: wednesday, timeZone: paris })).toBe(
      inParis(2026, 7, 1),
    );
    // A time already past today moves on to the next occurrence.
    expect(
      firstOccurrence('FREQ=DAILY', { now: wednesday, timeZone: paris, time: { hour: 9, minute: 0 } }),
    ).toBe(inParis(2026, 6, 11, 9));
  });

  it('starts a rule with an interval at its first matching day, not a period later', () => {
    // Saturday 28 November 2026.
    const saturday = inParis(2026, 11, 28, 10);
    expect(firstOccurrence('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', { now: saturday, timeZone: paris })).toBe(
      inParis(2026, 12, 2),
    );
    expect(firstOccurrence('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15', { now: saturday, timeZone: paris })).toBe(
      inParis(2026, 12, 15),
    );
    // From there the interval counts: the occurrence after 2 December is 16 December.
    expect(
      nextOccurrence({
        rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
        due: inParis(2026, 12, 2),
        completedAt: inParis(2026, 12, 2, 18),
        fromCompletion: false,
        done: 0,
        timeZone: paris,
      }),
    ).toBe(inParis(2026, 12, 16));
  });
});

describe('describeRecurrence', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', 'every Monday', 'tous les lundis'],
    ['FREQ=WEEKLY;BYDAY=TU,TH', 'every Tuesday and Thursday', 'tous les mardis et jeudis'],
    ['FREQ=WEEKLY;INTERVAL=2', 'every 2 weeks', 'toutes les 2 semaines'],
    ['FREQ=DAILY', 'every day', 'tous les jours'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'every weekday', 'tous les jours de semaine'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'every month on the 15th', 'le 15 de chaque mois'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'every month on the 1st', 'le 1er de chaque mois'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'every month on the last day', 'le dernier jour de chaque mois'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'every last Friday', 'chaque dernier vendredi'],
    ['FREQ=YEARLY', 'every year', 'tous les ans'],
    ['FREQ=DAILY;COUNT=5', 'every day, 5 times', 'tous les jours, 5 fois'],
  ])('says %s in words', (rule, english, french) => {
    expect(describeRecurrence(rule, 'en-GB')).toBe(english);
    expect(describeRecurrence(rule, 'fr')).toBe(french);
  });
});
