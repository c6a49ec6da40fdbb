import * as en from 'chrono-node/en';
import * as fr from 'chrono-node/fr';
import type { UserLocale } from '../i18n/locales.js';
import { dayKey } from '../organizer/grouping.js';
import { targetDateAtTime, targetDateFromDay, zoneOffsetMinutes } from './target-date.js';
import { addOnWallClock } from './wall-time.js';

/**
 * Reads the first date in a piece of text, as a person writes one (English and French,
 * whatever the language of the app): quick capture, a line typed in a pane and an imported
 * Todoist task's DATE all read dates here, so they agree.
 *
 * What is not a date, so that ordinary text stays as typed ("Call Anna about the 3 kids"):
 * - a bare number, even after "at" or "à" ("at 5", "room 101");
 * - a duration without its lead word ("3 days", "9h" read as nine hours): "in 3 days",
 *   "dans 3 jours" are dates;
 * - a weekday's short name alone ("Sun is hot", "Wed"): "Sunday" is a date;
 * - a month without a day ("March", "mars"): "12 March" and "next month" are dates.
 * Only the first date found counts; later ones stay in the text. A word right before the
 * date that only links it ("on", "at", "by", "for", "le", "à", "pour") goes with it.
 */

/** A part of a text ([start, end), UTF-16 code units) and the text it covers. */
export interface TextRange {
  start: number;
  end: number;
  text: string;
}

/** A date found in a text. */
export interface DateRead extends TextRange {
  /** The instant (UTC ms): that time where the person is, or the start of that day. */
  at: number;
  /** A time of day was written ("9am", "18h30"); otherwise the date is a day. */
  hasTime: boolean;
}

export interface ReadDateContext {
  /** The person's language: its date words are tried first, the other language's next. */
  locale: UserLocale;
  /** The person's IANA time zone: dates are read there, not in the machine's zone. */
  timeZone: string;
  /** UTC ms; dates are read forward from it. */
  now: number;
}

/** A word that only links the date to the text, right before it. */
const CONNECTOR = /(?:^|\s)(on|at|by|for|due|le|à|pour)\s+$/iu;

/** The day after tomorrow ("après-demain", "the day after tomorrow"): two days on, as a day. */
function dayAfterTomorrow(pattern: RegExp): en.Parser {
  return {
    pattern: () => pattern,
    extract: (context) => {
      const local = context.reference.getDateWithAdjustedTimezone();
      local.setDate(local.getDate() + 2);
      return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
    },
  };
}

/** "midi" and "minuit", which chrono's French does not read. */
const frenchNoonAndMidnight: en.Parser = {
  pattern: () => /(?<=^|\s)(midi|minuit)(?=$|\W)/iu,
  extract: (_context, match) => ({ hour: match[1]?.toLowerCase() === 'midi' ? 12 : 0, minute: 0 }),
};

/** chrono's English with day-first dates (12/03 is 12 March), and the French; each with a few more phrases. */
const PARSERS: Record<UserLocale, en.Chrono> = (() => {
  const english = en.GB.clone();
  english.parsers.push(dayAfterTomorrow(/(?<=^|\s)(?:the\s+)?day\s+after\s+tomorrow(?=$|\W)/iu));
  const french = fr.casual.clone();
  french.parsers.push(dayAfterTomorrow(/(?<=^|\s)apr[eè]s[-\s]demain(?=$|\W)/iu), frenchNoonAndMidnight);
  return { 'en-GB': english, fr: french };
})();

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/** Is this chrono result one of the kinds that are not dates (see the module's comment)? */
function isNotADate(result: en.ParsedResult): boolean {
  const text = result.text.trim();
  const { start } = result;
  const tags = start.tags();
  const relative = tags.has('result/relativeDate');
  if (/^(?:(?:at|à|a|le|on)\s+)?\d+$/iu.test(text)) return true;
  if (relative && /^\d/u.test(text)) return true;
  const weekdayOnly =
    start.isCertain('weekday') && !start.isCertain('day') && !start.isCertain('hour') && !relative;
  if (weekdayOnly && /^\p{L}{1,4}\.?$/u.test(text)) return true;
  return start.isCertain('month') && !start.isCertain('day') && !start.isCertain('weekday') && !relative;
}

/**
 * How long an exact duration ("in 3 hours", "dans 20 minutes") lasts. chrono adds it on the
 * machine's clock, so it is read again at a moment when that clock has no DST change in
 * reach (mid-January or mid-July; one of them is far from every zone's change), and counted
 * from the person's now.
 */
function durationOf(text: string, language: UserLocale): number | undefined {
  const machineOffset = (instant: number) => -new Date(instant).getTimezoneOffset();
  for (const quiet of [Date.UTC(2001, 0, 15, 12), Date.UTC(2001, 6, 15, 12)]) {
    const reference = { instant: new Date(quiet), timezone: machineOffset(quiet) };
    const read = PARSERS[language].parse(text, reference)[0]?.start.date().getTime();
    if (read !== undefined && machineOffset(read) === machineOffset(quiet)) return read - quiet;
  }
  return undefined;
}

/** "this Wednesday", "ce mercredi": a weekday that may name today. */
const THIS_WEEKDAY = /(?:^|\s)(?:this|ce|cette)\s/iu;

/**
 * The instant a result stands for, in the person's zone, the same on every machine. chrono
 * reads wall-clock fields with the zone's offset of "now"; the instant is worked out again
 * with the offset of the day it lands on, so a date across a DST change keeps its wall-clock
 * time. An exact duration ("in 3 hours") is counted from now (see `durationOf`); a time with
 * its own zone ("9am UTC") is the instant chrono gives. A weekday that names today ("Wednesday" on a
 * Wednesday) is next week's, unless "this" says otherwise.
 */
function instantOf(
  result: en.ParsedResult,
  language: UserLocale,
  { timeZone, now }: ReadDateContext,
): { at: number; hasTime: boolean } {
  const { start } = result;
  if (start.tags().has('result/relativeDateAndTime'))
    return { at: now + (durationOf(result.text, language) ?? start.date().getTime() - now), hasTime: true };
  if (start.isCertain('timezoneOffset')) return { at: start.date().getTime(), hasTime: true };
  const pad = (value: number | null) => String(value ?? 0).padStart(2, '0');
  let day = `${start.get('year')}-${pad(start.get('month'))}-${pad(start.get('day'))}`;
  if (
    start.isCertain('weekday') &&
    !start.isCertain('day') &&
    day === dayKey(now, timeZone) &&
    !THIS_WEEKDAY.test(` ${result.text}`)
  )
    day = dayKey(addOnWallClock(now, 7, 'days', timeZone), timeZone);
  if (!start.isCertain('hour')) return { at: targetDateFromDay(day, timeZone), hasTime: false };
  return {
    at: targetDateAtTime(day, start.get('hour') ?? 0, start.get('minute') ?? 0, timeZone),
    hasTime: true,
  };
}

/**
 * The first date in the text (see the module's comment): both languages' readings, the
 * longest first where they overlap. `taken` are parts of the text that belong to something
 * else (a date never overlaps them); `isLiteral` says which readings the person asked to keep
 * as text. Null when the text holds no date.
 */
export function readDate(
  text: string,
  { locale, timeZone, now }: ReadDateContext,
  {
    taken = [],
    isLiteral = () => false,
  }: {
    taken?: readonly { start: number; end: number }[];
    isLiteral?: (range: TextRange) => boolean;
  } = {},
): DateRead | null {
  // A typographic apostrophe ("aujourd’hui") reads as a straight one; the length is the same.
  const plain = text.replaceAll('’', "'");
  const reference = { instant: new Date(now), timezone: zoneOffsetMinutes(now, timeZone) };
  const order: UserLocale[] = locale === 'fr' ? ['fr', 'en-GB'] : ['en-GB', 'fr'];
  const candidates = order.flatMap((language, rank) =>
    PARSERS[language]
      .parse(plain, reference, { forwardDate: true })
      .map((result) => ({ result, rank, language })),
  );
  candidates.sort(
    (a, b) =>
      b.result.text.length - a.result.text.length || a.rank - b.rank || a.result.index - b.result.index,
  );
  const kept: DateRead[] = [];
  for (const { result, language } of candidates) {
    // Glued to a mark ("!tomorrow", "#today") it is part of that word.
    if (isNotADate(result) || /[#!]/u.test(text[result.index - 1] ?? '')) continue;
    let start = result.index;
    const end = result.index + result.text.length;
    const connector = CONNECTOR.exec(text.slice(0, start));
    if (connector) start -= connector[0].length - (/^\s/u.test(connector[0]) ? 1 : 0);
    const range = { start, end, text: text.slice(start, end) };
    if ([...taken, ...kept].some((other) => overlaps(other, range)) || isLiteral(range)) continue;
    kept.push({ ...range, ...instantOf(result, language, { locale, timeZone, now }) });
  }
  return kept.sort((a, b) => a.start - b.start)[0] ?? null;
}
