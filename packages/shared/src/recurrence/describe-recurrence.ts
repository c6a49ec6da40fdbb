import type { UserLocale } from '../i18n/locales.js';
import { recurrenceOptions } from './recurrence-rule.js';
import { type ByWeekday, Frequency } from './rrule.js';

/**
 * A recurrence in words, in English or French ("every Monday", "tous les lundis"): what
 * quick capture names under its field, the rows' mark and Item settings show. Written here
 * rather than with `rrule`'s `toText`, which speaks English only.
 */

const WEEKDAYS: Record<UserLocale, readonly string[]> = {
  'en-GB': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  fr: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
};
const NTH: Record<UserLocale, Record<string, string>> = {
  'en-GB': { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last', '-2': 'second to last' },
  fr: {
    '1': 'premier',
    '2': 'deuxième',
    '3': 'troisième',
    '4': 'quatrième',
    '-1': 'dernier',
    '-2': 'avant-dernier',
  },
};
const UNITS: Record<UserLocale, Record<number, [string, string]>> = {
  'en-GB': {
    [Frequency.DAILY]: ['day', 'days'],
    [Frequency.WEEKLY]: ['week', 'weeks'],
    [Frequency.MONTHLY]: ['month', 'months'],
    [Frequency.YEARLY]: ['year', 'years'],
  },
  fr: {
    [Frequency.DAILY]: ['jour', 'jours'],
    [Frequency.WEEKLY]: ['semaine', 'semaines'],
    [Frequency.MONTHLY]: ['mois', 'mois'],
    [Frequency.YEARLY]: ['an', 'ans'],
  },
};

const englishOrdinal = (day: number) => {
  const tens = day % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
};

const joinWords = (words: string[], and: string) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}`;

/**
 * Rules already put in words: a list of thousands of rows repeats a handful of rules, and
 * reading one checks it with `rrule` (a parse and a first step). Dropped whole past 500.
 */
const described = new Map<string, string | null>();

/** A rule in words, in the language asked for; null when the text is no rule Nestbox keeps. */
export function describeRecurrence(rule: string, locale: UserLocale): string | null {
  const key = `${locale} ${rule}`;
  if (described.has(key)) return described.get(key) ?? null;
  if (described.size >= 500) described.clear();
  const words = inWords(rule, locale);
  described.set(key, words);
  return words;
}

function inWords(rule: string, locale: UserLocale): string | null {
  const options = recurrenceOptions(rule);
  if (!options || options.freq === undefined) return null;
  const fr = locale === 'fr';
  const interval = options.interval ?? 1;
  const freq = options.freq;
  const [one, many] = UNITS[locale][freq] ?? ['', ''];
  const feminine = freq === Frequency.WEEKLY;
  const every = fr
    ? interval === 1
      ? `${feminine ? 'toutes les' : 'tous les'} ${many}`
      : `${feminine ? 'toutes les' : 'tous les'} ${interval} ${many}`
    : interval === 1
      ? `every ${one}`
      : `every ${interval} ${many}`;
  const codes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  const days = ([] as ByWeekday[])
    .concat(options.byweekday ?? [])
    .map((day) =>
      typeof day === 'number'
        ? { weekday: day, n: undefined }
        : typeof day === 'string'
          ? { weekday: codes.indexOf(day), n: undefined }
          : { weekday: day.weekday, n: day.n },
    );
  const setpos = ([] as number[]).concat(options.bysetpos ?? []);
  const monthDays = ([] as number[]).concat(options.bymonthday ?? []);
  let words: string;

  const nthDay = days.length === 1 && (days[0]?.n || (setpos.length === 1 ? setpos[0] : undefined));
  if (freq === Frequency.MONTHLY && nthDay && days[0]) {
    const nth = NTH[locale][String(nthDay)] ?? String(nthDay);
    const day = WEEKDAYS[locale][days[0].weekday] ?? '';
    words = fr
      ? `chaque ${nth} ${day}${interval > 1 ? `, tous les ${interval} mois` : ''}`
      : `every ${nth} ${day}${interval > 1 ? ` of every ${interval} months` : ''}`;
  } else if (freq === Frequency.MONTHLY && monthDays.length === 1 && days.length === 0) {
    const day = monthDays[0] as number;
    const which = fr
      ? day === -1
        ? 'le dernier jour'
        : `le ${day === 1 ? '1er' : day}`
      : day === -1
        ? 'on the last day'
        : `on the ${englishOrdinal(day)}`;
    words = fr
      ? interval === 1
        ? `${which} de chaque mois`
        : `${which}, tous les ${interval} mois`
      : `${every} ${which}`;
  } else if (freq === Frequency.WEEKLY && days.length > 0 && days.every((day) => !day.n)) {
    const set = new Set(days.map((day) => day.weekday));
    const weekdays = set.size === 5 && [0, 1, 2, 3, 4].every((day) => set.has(day));
    const names = [...set].sort().map((day) => WEEKDAYS[locale][day] ?? '');
    if (weekdays && interval === 1) words = fr ? 'tous les jours de semaine' : 'every weekday';
    else if (interval === 1)
      words = fr
        ? `tous les ${joinWords(
            names.map((name) => `${name}s`),
            'et',
          )}`
        : `every ${joinWords(names, 'and')}`;
    else words = fr ? `${every} le ${joinWords(names, 'et')}` : `${every} on ${joinWords(names, 'and')}`;
  } else if (
    days.length > 0 ||
    monthDays.length > 0 ||
    (options.bymonth != null && freq !== Frequency.YEARLY)
  ) {
    words = fr ? 'selon une règle personnalisée' : 'on a custom rule';
  } else words = every;

  if (options.count != null) words += fr ? `, ${options.count} fois` : `, ${options.count} times`;
  if (options.until) {
    const until = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(options.until);
    words += fr ? `, jusqu’au ${until}` : `, until ${until}`;
  }
  return words;
}
