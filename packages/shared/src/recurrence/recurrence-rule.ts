import { targetDateAtTime } from '../dates/target-date.js';
import { wallTimeOf } from '../dates/wall-time.js';
import { Frequency, type Options, RRule, type RRuleInstance } from './rrule.js';

/**
 * Recurring items (README "Recurring items"). A recurrence is an RFC 5545 RRULE without its
 * DTSTART, read and stepped by the `rrule` package; the item's target date is the series'
 * current occurrence. Occurrences are worked out in the person's time zone on wall-clock
 * fields ("floating" times), so 09:00 stays 09:00 across a DST change.
 */

/** The longest rule text accepted. */
export const RECURRENCE_RULE_MAX_LENGTH = 200;

/** The frequencies Nestbox repeats at: nothing finer than a day. */
const SUPPORTED_FREQUENCIES = new Set([
  Frequency.DAILY,
  Frequency.WEEKLY,
  Frequency.MONTHLY,
  Frequency.YEARLY,
]);

/** What is wrong with a rule text (a message key), or null when it is one Nestbox can keep. */
export type RecurrenceRuleError =
  | 'validation.recurrence.invalid'
  | 'validation.recurrence.unsupported'
  | 'validation.recurrence.tooLong';

/** The rule's options as `rrule` reads them, or the reason it cannot be kept. */
function parseRule(text: string): { options: Partial<Options> } | RecurrenceRuleError {
  if (text.length > RECURRENCE_RULE_MAX_LENGTH) return 'validation.recurrence.tooLong';
  const body = text
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/u, '');
  // One RRULE only: DTSTART, EXDATE, a second line or a time zone are not part of what is kept.
  if (body === '' || /[\r\n]|DTSTART|TZID|EXDATE|RDATE/iu.test(body) || !/^FREQ=|;FREQ=/iu.test(body))
    return 'validation.recurrence.invalid';
  let options: Partial<Options>;
  try {
    options = RRule.parseString(body);
  } catch {
    return 'validation.recurrence.invalid';
  }
  if (options.freq === undefined || options.freq === null) return 'validation.recurrence.invalid';
  if (!SUPPORTED_FREQUENCIES.has(options.freq)) return 'validation.recurrence.unsupported';
  // The time of day is the target date's; a rule that sets its own hours would fight it.
  if (options.byhour != null || options.byminute != null || options.bysecond != null)
    return 'validation.recurrence.unsupported';
  if (options.interval !== undefined && (options.interval < 1 || options.interval > 999))
    return 'validation.recurrence.invalid';
  if (options.count !== undefined && options.count !== null && (options.count < 1 || options.count > 9999))
    return 'validation.recurrence.invalid';
  try {
    // A rule that never happens (30 February) is refused: stepping it would find nothing.
    const probe = new RRule({ ...options, dtstart: new Date(Date.UTC(2000, 0, 1)), count: 1, until: null });
    if (!probe.after(new Date(Date.UTC(2000, 0, 1)), true)) return 'validation.recurrence.invalid';
  } catch {
    return 'validation.recurrence.invalid';
  }
  return { options };
}

/** Why a rule text cannot be kept, or null. */
export function recurrenceRuleError(text: string): RecurrenceRuleError | null {
  const parsed = parseRule(text);
  return typeof parsed === 'string' ? parsed : null;
}

/** The rule as stored: `rrule`'s own writing of it, without the `RRULE:` prefix. Throws on a bad rule. */
export function normalizeRecurrenceRule(text: string): string {
  const parsed = parseRule(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return RRule.optionsToString(parsed.options).replace(/^RRULE:/u, '');
}

/** The rule's options, or null for a rule that cannot be kept (a stored one that went bad). */
export function recurrenceOptions(text: string) {
  const parsed = parseRule(text);
  return typeof parsed === 'string' ? null : parsed.options;
}

/**
 * An instant's wall-clock fields in a zone, as a UTC date: what `rrule` steps without a zone,
 * and what a calendar writes after a TZID.
 */
export function floating(instant: number, timeZone: string): Date {
  const { year, month, day, hour, minute } = wallTimeOf(instant, timeZone);
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

/** A floating date back to the instant of those wall-clock fields in the zone. */
function instantOf(date: Date, timeZone: string): number {
  const day = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
  return targetDateAtTime(day, date.getUTCHours(), date.getUTCMinutes(), timeZone);
}

/** The rule without its COUNT (counted by the caller against the occurrences completed), from `dtstart`. */
function stepper(rule: string, dtstart: Date): RRuleInstance | null {
  const options = recurrenceOptions(rule);
  if (!options) return null;
  return new RRule({ ...options, count: null, dtstart });
}

export interface NextOccurrenceInput {
  rule: string;
  /** The occurrence being completed (the target date). */
  due: number;
  /** When it was completed. */
  completedAt: number;
  /** Count from the completion (Todoist's `every!`) rather than from the due date. */
  fromCompletion: boolean;
  /** Occurrences of the rule already completed before this one. */
  done: number;
  timeZone: string;
}

/**
 * The occurrence after the one completed, or null when the rule has ended (its COUNT reached
 * or its UNTIL passed). From the due date: the first occurrence after it. From completion:
 * the first one after the completion's day, at the due date's time of day.
 */
export function nextOccurrence({
  rule,
  due,
  completedAt,
  fromCompletion,
  done,
  timeZone,
}: NextOccurrenceInput): number | null {
  const options = recurrenceOptions(rule);
  if (!options) return null;
  if (options.count != null && done + 1 >= options.count) return null;
  const dueLocal = floating(due, timeZone);
  let start = dueLocal;
  if (fromCompletion) {
    const completed = floating(completedAt, timeZone);
    start = new Date(
      Date.UTC(
        completed.getUTCFullYear(),
        completed.getUTCMonth(),
        completed.getUTCDate(),
        dueLocal.getUTCHours(),
        dueLocal.getUTCMinutes(),
      ),
    );
  }
  const next = stepper(rule, start)?.after(start, false);
  return next ? instantOf(next, timeZone) : null;
}

/**
 * The first occurrence of a rule from `now` on (today's included), at `time` of day or the
 * start of the day: what a typed "every Monday" sets as the target date.
 */
export function firstOccurrence(
  rule: string,
  {
    now,
    timeZone,
    time,
  }: { now: number; timeZone: string; time?: { hour: number; minute: number } | undefined },
): number | null {
  const today = floating(now, timeZone);
  const start = new Date(
    Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate(),
      time?.hour ?? 0,
      time?.minute ?? 0,
    ),
  );
  const from = time && start.getTime() < today.getTime() ? today : start;
  const first = stepper(rule, start)?.after(from, true);
  return first ? instantOf(first, timeZone) : null;
}
