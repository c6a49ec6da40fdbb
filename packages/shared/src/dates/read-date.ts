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
 * What may be a date but reads as part of a title ("Watch Friday Night Lights", "Regarder
 * Vendredi 13", see `isTitleLike`) is not taken by itself: it is offered, and the capture
 * shows it so that the person takes it or leaves it.
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

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * 29 February written without a year is the next one from today on (today's included):
 * chrono tries the nearest year, finds no such day in it and drops the reading.
 */
const nextLeapDay: en.Refiner = {
  refine: (context, results) => {
    const today = context.reference.getDateWithAdjustedTimezone();
    for (const { start } of results) {
      if (start.get('month') !== 2 || start.get('day') !== 29 || start.isCertain('year')) continue;
      if (!start.isCertain('month') || !start.isCertain('day')) continue;
      let year = today.getFullYear() + (today.getMonth() > 1 ? 1 : 0);
      while (!isLeapYear(year)) year += 1;
      // Set, not implied: moving it forward a year (a time already past today) would land on no such day.
      start.assign('year', year);
    }
    return results;
  },
};

/** Runs `nextLeapDay` first, before chrono moves the day forward and drops the days a year lacks. */
function withLeapDay(chrono: en.Chrono): en.Chrono {
  chrono.refiners.unshift(nextLeapDay);
  return chrono;
}

/** chrono's English with day-first dates (12/03 is 12 March), and the French; each with a few more phrases. */
const PARSERS: Record<UserLocale, en.Chrono> = (() => {
  const english = en.GB.clone();
  english.parsers.push(dayAfterTomorrow(/(?<=^|\s)(?:the\s+)?day\s+after\s+tomorrow(?=$|\W)/iu));
  const french = fr.casual.clone();
  french.parsers.push(dayAfterTomorrow(/(?<=^|\s)apr[eè]s[-\s]demain(?=$|\W)/iu), frenchNoonAndMidnight);
  return { 'en-GB': withLeapDay(english), fr: withLeapDay(french) };
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

/** A weekday's or month's name (or its short form): English writes them with a capital anyway. */
const CALENDAR_NAME =
  /^(?:(?:mon|tues?|wednes|thurs?|fri|satur|sun)day|mon|tue|wed|thu|fri|sat|sun|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?$/iu;
/** Written in capitals only ("UTC", "9AM"): an abbreviation, not a title's word. */
const ALL_CAPITALS = /^[^\p{Ll}]+$/u;
/** A word with a capital: its first letter, after any opening quote or bracket, is upper case. */
const CAPITALISED = /^[^\p{L}\p{N}]*\p{Lu}/u;

/**
 * Does a reading look like part of a title ("Watch Friday Night Lights", "Visit Sunday
 * River", "Buy Black Friday deals", "The Day After Tomorrow", "Regarder Vendredi 13")? It
 * does when it belongs to a run of words written with capitals: a capitalised word of the
 * reading stands next to another capitalised word, or the reading holds a capital that a date
 * does not take (a word other than an English weekday or month; in French, any: French writes
 * "vendredi" and "mars"). The text's first word is left out, its capital being the sentence's;
 * a reading that is the whole text is never a title.
 */
export function isTitleLike(
  text: string,
  range: { start: number; end: number },
  language: UserLocale,
): boolean {
  const words = [...text.matchAll(/\S+/gu)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    word: match[0],
  }));
  const first = words[0];
  if (!first) return false;
  const inside = words.filter((word) => word.start < range.end && range.start < word.end);
  if (inside.length === words.length) return false;
  const capitalised = (word: (typeof words)[number] | undefined) => !!word && CAPITALISED.test(word.word);
  const bare = (word: string) => word.replace(/^[^\p{L}\p{N}]+|(?:['’]s)?[^\p{L}\p{N}.]*$/gu, '');
  const unusualCapital = inside.some(
    (word) =>
      word !== first &&
      capitalised(word) &&
      !ALL_CAPITALS.test(word.word) &&
      (language === 'fr' || !CALENDAR_NAME.test(bare(word.word))),
  );
  if (unusualCapital) return true;
  const head = inside[0];
  const tail = inside.at(-1);
  const before = head && words[words.indexOf(head) - 1];
  const after = tail && words[words.indexOf(tail) + 1];
  return (
    (capitalised(head) && before !== first && capitalised(before)) ||
    (capitalised(tail) && capitalised(after))
  );
}

/** The dates a text holds, as the capture reads them. */
export interface DateChoices {
  /** The date it sets: the first reading neither kept as text nor (unless accepted) title-like. */
  date: DateRead | null;
  /** With no date set, the first title-like reading: shown, and used only once accepted. */
  offered: DateRead | null;
  /** The readings the person keeps as text. */
  kept: DateRead[];
}

interface ReadDateOptions {
  /** Parts of the text that belong to something else: a date never overlaps them. */
  taken?: readonly { start: number; end: number }[];
  /** The readings the person asked to keep as text. */
  isLiteral?: (range: TextRange) => boolean;
  /** The title-like readings the person asked to use as dates all the same. */
  isAccepted?: (range: TextRange) => boolean;
}

/**
 * The dates in the text (see the module's comment): both languages' readings, the longest
 * first where they overlap, then in the order of the text. A reading that looks like part of a
 * title (`isTitleLike`) is never taken by itself, only offered; a reading kept as text keeps
 * its words from every other reading.
 */
export function readDates(
  text: string,
  { locale, timeZone, now }: ReadDateContext,
  { taken = [], isLiteral = () => false, isAccepted = () => false }: ReadDateOptions = {},
): DateChoices {
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
  const readings: (DateRead & { titleLike: boolean })[] = [];
  for (const { result, language } of candidates) {
    // Glued to a mark ("!tomorrow", "#today") it is part of that word.
    if (isNotADate(result) || /[#!]/u.test(text[result.index - 1] ?? '')) continue;
    let start = result.index;
    const end = result.index + result.text.length;
    const connector = CONNECTOR.exec(text.slice(0, start));
    if (connector) start -= connector[0].length - (/^\s/u.test(connector[0]) ? 1 : 0);
    const range = { start, end, text: text.slice(start, end) };
    if ([...taken, ...readings].some((other) => overlaps(other, range))) continue;
    const titleLike = isTitleLike(text, { start: result.index, end }, language);
    readings.push({ ...range, ...instantOf(result, language, { locale, timeZone, now }), titleLike });
  }
  readings.sort((a, b) => a.start - b.start);
  const choices: DateChoices = { date: null, offered: null, kept: [] };
  for (const { titleLike, ...reading } of readings) {
    if (isLiteral(reading)) choices.kept.push(reading);
    else if (!titleLike || isAccepted(reading)) choices.date ??= reading;
    else choices.offered ??= reading;
  }
  if (choices.date) choices.offered = null;
  return choices;
}

/** The date the text sets (`readDates`), or null when it sets none. */
export function readDate(
  text: string,
  context: ReadDateContext,
  options: ReadDateOptions = {},
): DateRead | null {
  return readDates(text, context, options).date;
}
