import { isDateInRange } from '../dates/date-range.js';
import { addOnWallClock } from '../dates/wall-time.js';

/** Units of a reminder (SPEC §3); the third, days, is the default. */
export const REMINDER_UNITS = ['minutes', 'hours', 'days', 'weeks', 'years'] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];

/** Where a reminder sits relative to the target date; the first, before, is the default. */
export const BEFORE_AFTER_ON = ['before', 'after', 'on'] as const;
export type BeforeAfterOn = (typeof BEFORE_AFTER_ON)[number];

/** SPEC §9: amount 1, first before/after option, third unit option, no repeat. */
export const REMINDER_DEFAULTS = {
  numberOf: 1,
  unit: 'days',
  beforeAfterOn: 'before',
  repeat: false,
} as const satisfies ReminderRule;

/** SPEC §5: digits only, no leading zero, at most 3 characters (1-999). */
export const REMINDER_NUMBER_PATTERN = /^[1-9]\d{0,2}$/;
export const REMINDER_NUMBER_MAX_LENGTH = 3;

/** The number field's value, or 1 when it is not a valid reminder number (SPEC §5, on blur). */
export function reminderNumberOrDefault(text: string): number {
  return REMINDER_NUMBER_PATTERN.test(text) ? Number(text) : REMINDER_DEFAULTS.numberOf;
}

/** What may be typed into the number field: digits only, no leading zero, 3 characters at most (SPEC §5). */
export function sanitizeReminderNumber(typed: string): string {
  return typed.replace(/\D/g, '').replace(/^0+/, '').slice(0, REMINDER_NUMBER_MAX_LENGTH);
}

export interface ReminderRule {
  numberOf: number;
  unit: ReminderUnit;
  beforeAfterOn: BeforeAfterOn;
  repeat: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Repeat only means something for 'on': a before/after reminder is stored without it. */
export function normalizedRule(rule: ReminderRule): ReminderRule {
  return rule.beforeAfterOn === 'on' ? rule : { ...rule, repeat: false };
}

/**
 * Moves an instant by `amount` units (negative goes back).
 * - minutes and hours are exact durations (60 000 and 3 600 000 ms), whatever the zone:
 *   "2 hours before" across a DST change is still 120 real minutes before.
 * - days, weeks and years are calendar steps in `timeZone`: the wall-clock time is kept, so
 *   "1 day before" 09:00 is 09:00 the day before even when that day has 23 or 25 hours.
 *   A wall-clock time that does not exist (spring-forward gap) moves forward by the gap
 *   (01:30 → 02:30 BST in London); an ambiguous one (fall-back) takes the later (winter) offset.
 *   29 February plus a year is 28 February.
 */
export function shiftInZone(instant: number, amount: number, unit: ReminderUnit, timeZone: string): number {
  switch (unit) {
    case 'minutes':
      return instant + amount * MINUTE;
    case 'hours':
      return instant + amount * HOUR;
    case 'days':
      return addOnWallClock(instant, amount, 'days', timeZone);
    case 'weeks':
      return addOnWallClock(instant, 7 * amount, 'days', timeZone);
    case 'years':
      return addOnWallClock(instant, amount, 'years', timeZone);
  }
}

/**
 * The k-th occurrence (k ≥ 0) of a reminder for a target date, always computed from the
 * target date itself (never step after step), so calendar steps do not drift:
 * - before: target − numberOf×unit (k = 0 only)
 * - after:  target + numberOf×unit (k = 0 only)
 * - on:     target + k×numberOf×unit; without repeat only k = 0, the target date itself
 *   (numberOf and unit then only say how often it would repeat).
 */
export function occurrence(targetDate: number, rule: ReminderRule, timeZone: string, k = 0): number {
  switch (rule.beforeAfterOn) {
    case 'before':
      return shiftInZone(targetDate, -rule.numberOf, rule.unit, timeZone);
    case 'after':
      return shiftInZone(targetDate, rule.numberOf, rule.unit, timeZone);
    case 'on':
      return k === 0 ? targetDate : shiftInZone(targetDate, k * rule.numberOf, rule.unit, timeZone);
  }
}

/** Rough length of one step, to jump close to the wanted repeat before stepping exactly. */
const APPROXIMATE_MS: Record<ReminderUnit, number> = {
  minutes: MINUTE,
  hours: HOUR,
  days: 24 * HOUR,
  weeks: 7 * 24 * HOUR,
  years: 365.2425 * 24 * HOUR,
};

/**
 * The first occurrence at or after `from`, or null when there is none left: a single
 * (non-repeating) occurrence that is already past never fires. A repeating 'on' reminder
 * has one every numberOf units after the target date for ever (until dismissed).
 */
export function occurrenceAtOrAfter(
  targetDate: number,
  rule: ReminderRule,
  timeZone: string,
  from: number,
): number | null {
  const { repeat } = normalizedRule(rule);
  const first = occurrence(targetDate, rule, timeZone);
  if (first >= from) return first;
  if (!repeat) return null;
  const step = rule.numberOf * APPROXIMATE_MS[rule.unit];
  let k = Math.max(1, Math.floor((from - targetDate) / step) - 1);
  // Back off while the guess is already late, then walk forward to the first one at or after `from`.
  while (k > 1 && occurrence(targetDate, rule, timeZone, k - 1) >= from) k -= 1;
  while (occurrence(targetDate, rule, timeZone, k) < from) k += 1;
  return occurrence(targetDate, rule, timeZone, k);
}

/**
 * When a reminder should fire next, planned at `now` (on creation, on a change of the rule
 * or of the target date): the first occurrence at or after now; null without a target date
 * (or with a stored one out of range, which nothing can be computed from).
 */
export function planNextFire(
  targetDate: number | null,
  rule: ReminderRule,
  timeZone: string,
  now: number,
): number | null {
  return targetDate === null || !isDateInRange(targetDate)
    ? null
    : occurrenceAtOrAfter(targetDate, rule, timeZone, now);
}

/**
 * After the occurrence `fired` went off at `now` (at most a few seconds late): the next one
 * strictly after both. Occurrences missed while no server ran collapse into the one that fired.
 * None after a stored target date out of range.
 */
export function nextFireAfter(
  targetDate: number,
  rule: ReminderRule,
  timeZone: string,
  fired: number,
  now: number,
): number | null {
  if (!isDateInRange(targetDate)) return null;
  return occurrenceAtOrAfter(targetDate, rule, timeZone, Math.max(fired, now) + 1);
}
