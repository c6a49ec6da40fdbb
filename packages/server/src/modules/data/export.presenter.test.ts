import { formatDate } from '@nestbox/shared/dates/format-date';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { isoTargetDate, xmlAttribute, zonedClock } from './export.presenter.js';

describe('zonedClock', () => {
  it('reads instants as date-fns does, in zones ahead of, behind and at UTC, across offset changes', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // 1990 to 2040, with a bias to the hours around Paris' and New York's changes.
        fc.oneof(
          fc.integer({ min: 631_152_000_000, max: 2_208_988_800_000 }),
          fc.constantFrom(
            Date.UTC(2026, 2, 29, 0, 59, 59, 999),
            Date.UTC(2026, 2, 29, 1, 0),
            Date.UTC(2026, 9, 25, 0, 59, 59, 999),
            Date.UTC(2026, 9, 25, 1, 0),
            Date.UTC(2026, 2, 8, 6, 59),
            Date.UTC(2026, 2, 8, 7, 0),
          ),
        ),
        (zone, at) => {
          const clock = zonedClock(zone);
          const zoned = clock(at);
          expect(`${zoned.day} ${zoned.timeWithSeconds}`).toBe(
            formatDate(at, zone, 'en-GB', 'yyyy-MM-dd HH:mm:ss'),
          );
          expect(zoned.offset).toBe(formatDate(at, zone, 'en-GB', 'XXX'));
          // Asked again (from its cache of days), the same answer.
          expect(clock(at)).toEqual(zoned);
        },
      ),
    );
  });

  it('writes a target date as the day alone at the start of a day, else with its time and offset', () => {
    const paris = zonedClock('Europe/Paris');
    expect(isoTargetDate(paris(Date.UTC(2026, 11, 23, 23, 0)))).toBe('2026-12-24');
    expect(isoTargetDate(paris(Date.UTC(2026, 6, 13, 22, 0)))).toBe('2026-07-14');
    expect(isoTargetDate(paris(Date.UTC(2026, 6, 14, 7, 30)))).toBe('2026-07-14T09:30:00+02:00');
    expect(isoTargetDate(zonedClock('UTC')(Date.UTC(2026, 0, 1, 12)))).toBe('2026-01-01T12:00:00Z');
    expect(isoTargetDate(zonedClock('America/New_York')(Date.UTC(2026, 0, 1, 12)))).toBe(
      '2026-01-01T07:00:00-05:00',
    );
  });
});

describe('xmlAttribute', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    htmlEntities: true,
    trimValues: false,
  });
  const roundTrip = (value: string) => {
    const document = `<o t="${xmlAttribute(value)}"/>`;
    expect(XMLValidator.validate(document)).toBe(true);
    return (parser.parse(document) as { o: { t: string } }).o.t;
  };

  it('escapes markup and keeps line breaks and tabs, which an attribute would otherwise turn into spaces', () => {
    expect(xmlAttribute('a & b < c > d "e" \'f\'')).toBe("a &amp; b &lt; c &gt; d &quot;e&quot; 'f'");
    expect(xmlAttribute('one\ntwo\r\tthree')).toBe('one&#10;two&#13;&#9;three');
    expect(roundTrip('Tom & Jerry <3 "quotes"')).toBe('Tom & Jerry <3 "quotes"');
  });

  it('drops what XML 1.0 cannot hold and keeps every other character, emoji included', () => {
    expect(xmlAttribute('bell\u0007 nul\u0000 esc\u001b vt\u000b ff\u000c end\uFFFE\uFFFF')).toBe(
      'bell nul esc vt ff end',
    );
    expect(xmlAttribute('lone \uD83D high, lone \uDE00 low, pair 😀')).toBe('lone  high, lone  low, pair 😀');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const kept = value.replace(
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids.
          /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
          '',
        );
        expect(roundTrip(value)).toBe(kept);
      }),
    );
  });
});
