import { targetDateAtTime } from '../dates/target-date.js';
import { wallTimeOf } from '../dates/wall-time.js';
import { Frequency, type Options, RRule, type RRuleInstance } from './rrule.js';

/**
 * Recurring items (docs/guide.md "Recurring items"). A recurrence is an RFC 5545 RRULE without its
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

/**
 * How far ahead a rule is looked at: one that does not happen within this many years is
 * refused as never happening, and a series whose next occurrence lies further ends. Long
 * enough for the rarest useful rule (29 February on a given weekday comes back within 40).
 */
export const RECURRENCE_LOOKAHEAD_YEARS = 50;

/**
 * The wall-clock limit of one search, whatever the machine: `rrule` steps a rule period by
 * period (a day at a time for FREQ=DAILY) and only stops at year 9999 when nothing matches,
 * so every search here is cut off by period count and by time, and counts as "not found".
 */
const SEARCH_LIMIT_MS = 40;

/** Roughly how many periods of each frequency a year holds (rounded up). */
const PERIODS_PER_YEAR: Partial<Record<number, number>> = {
  [Frequency.YEARLY]: 1,
  [Frequency.MONTHLY]: 12,
  [Frequency.WEEKLY]: 53,
  [Frequency.DAILY]: 366,
};

class SearchLimitReached extends Error {}

/**
 * Runs one search of `rule` (an `after` from some date), stopping once it has stepped through
 * more periods than RECURRENCE_LOOKAHEAD_YEARS hold, or SEARCH_LIMIT_MS passed: null then.
 * `rrule` reads its options' `interval` on every period it steps, which is where the count
 * and the clock are kept.
 */
function searchWithin(rule: RRuleInstance, search: (rule: RRuleInstance) => Date | null): Date | null {
  const { interval, freq } = rule.options;
  const periods = Math.ceil(((PERIODS_PER_YEAR[freq] ?? 366) * RECURRENCE_LOOKAHEAD_YEARS) / interval) + 2;
  // Each period reads the interval twice (the loop's check and the step).
  const maxReads = 2 * periods;
  const deadline = performance.now() + SEARCH_LIMIT_MS;
  let reads = 0;
  Object.defineProperty(rule.options, 'interval', {
    configurable: true,
    enumerable: true,
    get() {
      reads += 1;
      if (reads > maxReads || (reads % 512 === 0 && performance.now() > deadline))
        throw new SearchLimitReached();
      return interval;
    },
  });
  try {
    return search(rule);
  } catch (error) {
    if (error instanceof SearchLimitReached) return null;
    throw error;
  } finally {
    Object.defineProperty(rule.options, 'interval', { value: interval, writable: true, enumerable: true });
  }
}

/** What is wrong with a rule text (a message key), or null when it is one Nestbox can keep. */
export type RecurrenceRuleError =
  | 'validation.recurrence.invalid'
  | 'validation.recurrence.unsupported'
  | 'validation.recurrence.tooLong';

type ParsedRule = { options: Partial<Options> } | RecurrenceRuleError;

/** Rules read lately: reading one looks years ahead, and a series reads its rule at every step. */
const parsedRules = new Map<string, ParsedRule>();
const PARSED_RULES_KEPT = 500;

/** The rule's options as `rrule` reads them, or the reason it cannot be kept. */
function parseRule(text: string): ParsedRule {
  const known = parsedRules.get(text);
  if (known) return known;
  const parsed = readRule(text);
  if (parsedRules.size >= PARSED_RULES_KEPT) {
    const oldest = parsedRules.keys().next();
    if (!oldest.done) parsedRules.delete(oldest.value);
  }
  parsedRules.set(text, parsed);
  return parsed;
}

function readRule(text: string): ParsedRule {
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
    // A rule that never happens (30 February), or not within RECURRENCE_LOOKAHEAD_YEARS, is
    // refused: stepping it would find nothing.
    const start = new Date(Date.UTC(2000, 0, 1));
    const probe = new RRule({ ...options, dtstart: start, count: 1, until: null });
    if (!searchWithin(probe, (rule) => rule.after(start, true))) return 'validation.recurrence.invalid';
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

/**
 * The rule without its COUNT (counted by the caller against the occurrences completed), from
 * `dtstart`, without the cache `rrule` keeps of its answers (each series is asked once).
 * `everyPeriod` steps every period, whatever its INTERVAL: the days the rule can fall on.
 */
function stepper(rule: string, dtstart: Date, { everyPeriod = false } = {}): RRuleInstance | null {
  const options = recurrenceOptions(rule);
  if (!options) return null;
  return new RRule({ ...options, count: null, dtstart, ...(everyPeriod ? { interval: 1 } : {}) }, true);
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
  const series = stepper(rule, start);
  const next = series ? searchWithin(series, (steps) => steps.after(start, false)) : null;
  return next ? instantOf(next, timeZone) : null;
}

/**
 * The first occurrence of a rule from `now` on (today's included), at `time` of day or the
 * start of the day: what a typed "every Monday" sets as the target date. The series starts
 * there, so its INTERVAL counts from that day: "every other Wednesday" typed on a Saturday
 * starts on the coming Wednesday, not on the Wednesday of the week after (as `rrule` would
 * count the weeks from the Saturday's).
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
  const series = stepper(rule, start, { everyPeriod: true });
  const first = series ? searchWithin(series, (steps) => steps.after(from, true)) : null;
  return first ? instantOf(first, timeZone) : null;
}
