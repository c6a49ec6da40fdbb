import { z } from 'zod';

const HOUR = 3_600_000;

/**
 * The dates Nestbox accepts and stores (UTC ms): any instant that falls on a calendar day from
 * 1970-01-01 to 9999-12-31 in some time zone (UTC−12 to UTC+14), since a date picked as a day
 * is stored as the start of that day where the person is. Outside this range dates cannot be
 * shown or computed with (a JavaScript Date ends at ±8.64e15 ms), so they are refused at the
 * edge and, should one be stored anyway, presented as no date.
 */
export const EARLIEST_DATE_MS = Date.UTC(1970, 0, 1) - 14 * HOUR;
export const LATEST_DATE_MS = Date.UTC(10000, 0, 1) + 12 * HOUR - 1;

/** Is this a date Nestbox can store and show? */
export function isDateInRange(epochMs: number): boolean {
  return Number.isInteger(epochMs) && epochMs >= EARLIEST_DATE_MS && epochMs <= LATEST_DATE_MS;
}

/** A stored date as it may be presented: the date when in range, otherwise null (no date). */
export function dateInRangeOrNull(epochMs: number | null): number | null {
  return epochMs !== null && isDateInRange(epochMs) ? epochMs : null;
}

/**
 * A stored time brought within range (the nearer end; a value that is not a number, the
 * earliest): for what must keep some time, such as when an item was made.
 */
export function dateClampedToRange(epochMs: number): number {
  if (!Number.isFinite(epochMs)) return EARLIEST_DATE_MS;
  return Math.min(Math.max(Math.round(epochMs), EARLIEST_DATE_MS), LATEST_DATE_MS);
}

/** A date in a request (UTC ms, whole milliseconds), refused with a translated message when out of range. */
export const dateMsSchema = z
  .number({ error: 'validation.date.range' })
  .int({ error: 'validation.date.range' })
  .min(EARLIEST_DATE_MS, { error: 'validation.date.range' })
  .max(LATEST_DATE_MS, { error: 'validation.date.range' });
