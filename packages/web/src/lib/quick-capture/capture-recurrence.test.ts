import { targetDateAtTime, targetDateFromDay } from '@nestbox/shared/dates/target-date';
import { describe, expect, it } from 'vitest';
import { parseCapture } from './parse-capture';

/** Wednesday 10 June 2026, 10:00 in Paris. */
const june = { now: Date.UTC(2026, 5, 10, 8), timeZone: 'Europe/Paris', locale: 'en-GB' as const };

describe('parseCapture with a recurrence', () => {
  it('reads "every Monday": the rule, next Monday as the date, the phrase out of the title', () => {
    const parsed = parseCapture({ ...june, text: 'Water the plants every Monday' });
    expect(parsed).toMatchObject({
      title: 'Water the plants',
      targetDate: targetDateFromDay('2026-06-15', june.timeZone),
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', fromCompletion: false },
    });
    // "Monday" inside the phrase is not read again as a date of its own.
    expect(parsed.tokens.map((token) => token.kind)).toEqual(['recurrence']);
  });

  it('reads the French "le 1er de chaque mois": the 1st of next month', () => {
    expect(
      parseCapture({ ...june, locale: 'fr', text: 'Payer le loyer le 1er de chaque mois' }),
    ).toMatchObject({
      title: 'Payer le loyer',
      targetDate: targetDateFromDay('2026-07-01', june.timeZone),
      recurrence: { rule: 'FREQ=MONTHLY;BYMONTHDAY=1' },
    });
  });

  it('starts "every other Wednesday" and "un mercredi sur deux" on the coming Wednesday', () => {
    // Saturday 28 November 2026, 10:00 in Paris.
    const saturday = { now: Date.UTC(2026, 10, 28, 9), timeZone: 'Europe/Paris' };
    const english = parseCapture({ ...saturday, locale: 'en-GB', text: 'Bins every other Wednesday' });
    const french = parseCapture({ ...saturday, locale: 'fr', text: 'Poubelles un mercredi sur deux' });
    for (const parsed of [english, french])
      expect(parsed).toMatchObject({
        targetDate: targetDateFromDay('2026-12-02', saturday.timeZone),
        recurrence: { rule: 'FREQ=WEEKLY;BYDAY=WE;INTERVAL=2' },
      });
    expect([english.title, french.title]).toEqual(['Bins', 'Poubelles']);
  });

  it('keeps a time written with it', () => {
    expect(parseCapture({ ...june, text: 'Gym every Friday at 7pm' })).toMatchObject({
      title: 'Gym',
      targetDate: targetDateAtTime('2026-06-12', 19, 0, june.timeZone),
    });
  });

  it('reads recurrences in pane lines too (no marks), and leaves a phrase kept as text alone', () => {
    expect(parseCapture({ ...june, text: 'Bins every 2 weeks', marks: false }).recurrence).toEqual({
      rule: 'FREQ=WEEKLY;INTERVAL=2',
      fromCompletion: false,
    });
    const literal = { start: 5, end: 18, text: 'every 2 weeks' };
    expect(parseCapture({ ...june, text: 'Bins every 2 weeks', literals: [literal] })).toMatchObject({
      title: 'Bins every 2 weeks',
      recurrence: null,
      targetDate: null,
    });
  });
});
