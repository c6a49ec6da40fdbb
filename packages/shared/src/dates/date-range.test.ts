import { describe, expect, it } from 'vitest';
import {
  dateClampedToRange,
  dateInRangeOrNull,
  dateMsSchema,
  EARLIEST_DATE_MS,
  isDateInRange,
  LATEST_DATE_MS,
} from './date-range.js';
import { targetDateFromDay } from './target-date.js';

describe('the range of dates Nestbox stores', () => {
  it('takes 1970-01-01 to 9999-12-31 picked in any time zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Europe/Paris', 'UTC', 'Pacific/Pago_Pago', 'Etc/GMT+12']) {
      expect(isDateInRange(targetDateFromDay('1970-01-01', zone)), zone).toBe(true);
      expect(isDateInRange(targetDateFromDay('9999-12-31', zone)), zone).toBe(true);
    }
  });

  it('refuses what lies beyond, fractions of a millisecond and what a Date cannot hold', () => {
    for (const bad of [
      Date.UTC(1969, 11, 30),
      Date.UTC(10000, 0, 2),
      8_640_000_000_000_001,
      -8_640_000_000_000_001,
      1.5,
      Number.NaN,
    ]) {
      expect(isDateInRange(bad), String(bad)).toBe(false);
      expect(dateMsSchema.safeParse(bad).error?.issues[0]?.message).toBe('validation.date.range');
    }
    expect(dateMsSchema.safeParse(1_900_000_000_000).success).toBe(true);
  });

  it('presents a stored date out of range as no date', () => {
    expect(dateInRangeOrNull(8_640_000_000_000_001)).toBeNull();
    expect(dateInRangeOrNull(null)).toBeNull();
    expect(dateInRangeOrNull(1_900_000_000_000)).toBe(1_900_000_000_000);
  });

  it('brings a stored time that must stay a time to the nearer end of the range', () => {
    expect(dateClampedToRange(8.7e15)).toBe(LATEST_DATE_MS);
    expect(dateClampedToRange(-8.7e15)).toBe(EARLIEST_DATE_MS);
    expect(dateClampedToRange(Number.NaN)).toBe(EARLIEST_DATE_MS);
    expect(dateClampedToRange(1_900_000_000_000.4)).toBe(1_900_000_000_000);
    expect(isDateInRange(dateClampedToRange(Number.POSITIVE_INFINITY))).toBe(true);
  });
});
