import fc from 'fast-check';
import { foldLines as generatorFoldLines } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { foldLines } from './calendar-feed.js';

describe('calendar feed lines', () => {
  it('folds exactly as the generator does, whatever the characters', () => {
    const line = fc.string({
      unit: fc.constantFrom('a', ',', ';', 'é', '€', '😀', '🇫🇷', '\\', ' '),
      maxLength: 300,
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
        const text = `${lines.map((l) => `DESCRIPTION:${l}`).join('\r\n')}\r\n`;
        expect(foldLines(text)).toBe(generatorFoldLines(text));
      }),
    );
  });

  it('keeps every line within 75 octets and never cuts a character', () => {
    const folded = foldLines(`SUMMARY:${'Épices 🎉 '.repeat(40)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'Épices 🎉 '.repeat(40)}`);
  });
});
