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
