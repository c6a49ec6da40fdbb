import { describe, expect, it } from 'vitest';
import { readDate } from './read-date.js';

/** Wednesday 10 June 2026, 10:00 in Paris. */
const june = { now: Date.UTC(2026, 5, 10, 8), timeZone: 'Europe/Paris' };

describe('readDate', () => {
  it('reads the first date in English or French, whatever the language tried first', () => {
    expect(readDate('Pay rent on 12 June', { ...june, locale: 'en-GB' })).toMatchObject({
      text: 'on 12 June',
      at: Date.UTC(2026, 5, 11, 22),
      hasTime: false,
    });
    expect(readDate('demain 9h', { ...june, locale: 'en-GB' })).toMatchObject({
      at: Date.UTC(2026, 5, 11, 7),
      hasTime: true,
    });
    expect(readDate('tomorrow', { ...june, locale: 'fr' })).toMatchObject({ at: Date.UTC(2026, 5, 10, 22) });
  });

  it('takes 29 February without a year as the next one, from today on', () => {
    const paris = 'Europe/Paris';
    // Saturday 28 November 2026; 1 December 2027; 29 February 2028; 1 March 2028.
    const saturday = Date.UTC(2026, 10, 28, 9);
    const days: [number, string][] = [
      [saturday, '2028-02-29'],
      [Date.UTC(2027, 11, 1, 9), '2028-02-29'],
      [Date.UTC(2028, 1, 29, 9), '2028-02-29'],
      [Date.UTC(2028, 2, 1, 9), '2032-02-29'],
    ];
    for (const [now, day] of days)
      for (const text of ['Renew passport on 29 Feb', 'Renouveler le passeport le 29 février', '29/02']) {
        const read = readDate(text, { now, timeZone: paris, locale: 'en-GB' });
        expect(read && new Date(read.at + 12 * 3_600_000).toISOString().slice(0, 10)).toBe(day);
      }
    expect(readDate('29 Feb 9am', { now: saturday, timeZone: paris, locale: 'fr' })).toMatchObject({
      at: Date.UTC(2028, 1, 29, 8),
      hasTime: true,
    });
    // A year without one stays no date.
    expect(readDate('29 Feb 2027', { now: saturday, timeZone: paris, locale: 'en-GB' })).toBeNull();
  });

  it('finds no date in ordinary text', () => {
    for (const text of ['Call Anna about the 3 kids', 'Meet at 5', 'March', 'someday maybe'])
      expect(readDate(text, { ...june, locale: 'en-GB' })).toBeNull();
  });

  it('leaves out parts taken by something else, and readings kept as text', () => {
    expect(
      readDate('#tomorrow box', { ...june, locale: 'en-GB' }, { taken: [{ start: 0, end: 9 }] }),
    ).toBeNull();
    expect(
      readDate(
        'today',
        { ...june, locale: 'en-GB' },
        { isLiteral: (range: { text: string }) => range.text === 'today' },
      ),
    ).toBeNull();
  });
});
