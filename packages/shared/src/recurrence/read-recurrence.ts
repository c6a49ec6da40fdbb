import type { TextRange } from '../dates/read-date.js';

/**
 * Reads a recurrence written in words, in English or French whatever the app's language:
 * "every Monday", "every 2 weeks", "every month on the 15th", "every last Friday", "tous les
 * lundis", "toutes les 2 semaines", "le 15 de chaque mois", "chaque dernier vendredi", "le
 * 1er de chaque mois"… and the RRULE it stands for. Quick capture, a line typed in a pane and
 * an imported Todoist date read recurrences here.
 *
 * Ordinary text stays as typed: a phrase is a recurrence only when "every", "tous les",
 * "chaque"… is followed by a unit, a weekday or a day of the month ("everyone", "every time",
 * "every 3 kids", "tous les enfants", "chaque fois", "le 15 du mois" are not), and bare
 * "daily", "weekly" or "monthly" ("Daily stand-up notes") are words, not rules. A trailing time
 * ("at 9am", "à 18h30") goes with the phrase. `every!` (as in Todoist) counts each next
 * occurrence from the completion.
 */

export interface RecurrenceRead extends TextRange {
  /** The RRULE (without DTSTART). */
  rule: string;
  /** `every!`: the next occurrence counts from the completion. */
  fromCompletion: boolean;
  /** A time of day written with it, for its occurrences. */
  time?: { hour: number; minute: number };
}

const DAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const EN_DAYS =
  '(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)s?';
const FR_DAYS = '(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?';
const EN_NUMBERS: Record<string, number> = { other: 2, two: 2, three: 3, four: 4, five: 5, six: 6, ten: 10 };
const FR_NUMBERS: Record<string, number> = { deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, dix: 10 };
const NTH: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
  premier: 1,
  premiers: 1,
  deuxième: 2,
  deuxièmes: 2,
  second_fr: 2,
  troisième: 3,
  troisièmes: 3,
  quatrième: 4,
  quatrièmes: 4,
  dernier: -1,
  derniers: -1,
};
const EN_NTH = '(first|1st|second|2nd|third|3rd|fourth|4th|last)';
const FR_NTH = '(premiers?|deuxièmes?|troisièmes?|quatrièmes?|derniers?)';
const NUMBER = '(\\d{1,3}|other|two|three|four|five|six|ten|deux|trois|quatre|cinq|six|dix)';
const MONTH_DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const FR_MONTH_DAY = '(1er|premier|\\d{1,2})';

/** The code of a weekday written in either language (full or short, singular or plural). */
function dayCode(word: string): string {
  const w = word.toLowerCase().replace(/s$/u, '');
  const french = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'].indexOf(w);
  if (french >= 0) return DAY_CODES[french] as string;
  const english = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].indexOf(w.slice(0, 3));
  return DAY_CODES[english] as string;
}

const numberOf = (word: string | undefined) => {
  if (!word) return 1;
  const w = word.toLowerCase();
  return EN_NUMBERS[w] ?? FR_NUMBERS[w] ?? Number.parseInt(w, 10);
};
const monthDayOf = (word: string) => (/^(1er|premier)$/iu.test(word) ? 1 : Number.parseInt(word, 10));
const UNIT_FREQ: Record<string, string> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
  jour: 'DAILY',
  semaine: 'WEEKLY',
  mois: 'MONTHLY',
  an: 'YEARLY',
  année: 'YEARLY',
};
const freqOf = (unit: string) =>
  UNIT_FREQ[unit.toLowerCase()] ?? UNIT_FREQ[unit.toLowerCase().replace(/s$/u, '')] ?? 'DAILY';
const withInterval = (rule: string, interval: number) =>
  interval > 1 ? `${rule};INTERVAL=${interval}` : rule;
const daysIn = (text: string, days: string) =>
  [...new Set([...text.matchAll(new RegExp(days, 'giu'))].map((m) => dayCode(m[0])))]
    .sort((a, b) => DAY_CODES.indexOf(a as never) - DAY_CODES.indexOf(b as never))
    .join(',');

interface Pattern {
  source: string;
  rule: (match: RegExpExecArray) => string | null;
}

const EN_DAY_LIST = `${EN_DAYS}(?:(?:\\s*,\\s*|\\s+and\\s+)${EN_DAYS})*`;
const FR_DAY_LIST = `${FR_DAYS}(?:(?:\\s*,\\s*|\\s+et\\s+)${FR_DAYS})*`;
const EVERY = 'every(!)?';

/** Each phrase, longest forms first; group 1 of English `every` phrases is the `!`. */
const PATTERNS: Pattern[] = [
  // English
  {
    source: `${EVERY}\\s+(?:month\\s+on\\s+the\\s+last\\s+day|last\\s+day\\s+of\\s+the\\s+month)`,
    rule: () => 'FREQ=MONTHLY;BYMONTHDAY=-1',
  },
  {
    source: `(?:on\\s+)?the\\s+last\\s+day\\s+of\\s+(?:every|each)\\s+month`,
    rule: () => 'FREQ=MONTHLY;BYMONTHDAY=-1',
  },
  {
    source: `${EVERY}\\s+(?:${NUMBER}\\s+)?months?\\s+on\\s+the\\s+${MONTH_DAY}`,
    rule: (m) => withInterval(`FREQ=MONTHLY;BYMONTHDAY=${Number(m[3])}`, numberOf(m[2])),
  },
  {
    source: `(?:on\\s+)?the\\s+${MONTH_DAY}\\s+of\\s+(?:every|each)\\s+month`,
    rule: (m) => `FREQ=MONTHLY;BYMONTHDAY=${Number(m[1])}`,
  },
  {
    source: `${EVERY}\\s+(\\d{1,2})(?:st|nd|rd|th)(?:\\s+of\\s+the\\s+month)?`,
    rule: (m) => `FREQ=MONTHLY;BYMONTHDAY=${Number(m[2])}`,
  },
  {
    source: `${EVERY}\\s+${EN_NTH}\\s+(${EN_DAYS})(?:\\s+of\\s+(?:the|every|each)\\s+month)?`,
    rule: (m) => `FREQ=MONTHLY;BYDAY=${NTH[(m[2] ?? '').toLowerCase()]}${dayCode(m[3] ?? '')}`,
  },
  { source: `${EVERY}\\s+weekdays?`, rule: () => 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
  { source: `${EVERY}\\s+weekends?`, rule: () => 'FREQ=WEEKLY;BYDAY=SA,SU' },
  {
    source: `${EVERY}\\s+(?:${NUMBER}\\s+)?(days?|weeks?|months?|years?)(?:\\s+on\\s+(${EN_DAY_LIST}))?`,
    rule: (m) => {
      const freq = freqOf(m[3] ?? '');
      const plural = /s$/iu.test(m[3] ?? '');
      const count = numberOf(m[2]);
      // "every 2 week", "every days" and "every other weeks" are not how a rule is written.
      const singular = m[2] === undefined || m[2].toLowerCase() === 'other';
      if (singular === plural) return null;
      const days = m[4] && freq === 'WEEKLY' ? `;BYDAY=${daysIn(m[4], EN_DAYS)}` : '';
      if (m[4] && freq !== 'WEEKLY') return null;
      return withInterval(`FREQ=${freq}${days}`, count);
    },
  },
  {
    source: `${EVERY}\\s+(?:(other)\\s+)?(${EN_DAY_LIST})`,
    rule: (m) => withInterval(`FREQ=WEEKLY;BYDAY=${daysIn(m[3] ?? '', EN_DAYS)}`, m[2] ? 2 : 1),
  },
  // French
  {
    source: `(?:le\\s+dernier\\s+jour\\s+de\\s+(?:chaque|tous\\s+les)\\s+mois|chaque\\s+dernier\\s+jour\\s+du\\s+mois|tous\\s+les\\s+derniers\\s+jours\\s+du\\s+mois|chaque\\s+fin\\s+de\\s+mois)`,
    rule: () => 'FREQ=MONTHLY;BYMONTHDAY=-1',
  },
  {
    source: `le\\s+${FR_MONTH_DAY}\\s+de\\s+(?:chaque|tous\\s+les)\\s+mois`,
    rule: (m) => `FREQ=MONTHLY;BYMONTHDAY=${monthDayOf(m[1] ?? '')}`,
  },
  {
    source: `(?:tous\\s+les|chaque)\\s+${FR_MONTH_DAY}\\s+du\\s+mois`,
    rule: (m) => `FREQ=MONTHLY;BYMONTHDAY=${monthDayOf(m[1] ?? '')}`,
  },
  {
    source: `(?:tous\\s+les\\s+mois|chaque\\s+mois)\\s+le\\s+${FR_MONTH_DAY}`,
    rule: (m) => `FREQ=MONTHLY;BYMONTHDAY=${monthDayOf(m[1] ?? '')}`,
  },
  {
    source: `(?:chaque|tous\\s+les)\\s+${FR_NTH}\\s+(${FR_DAYS})(?:\\s+(?:du|de\\s+chaque)\\s+mois)?`,
    rule: (m) => `FREQ=MONTHLY;BYDAY=${NTH[(m[1] ?? '').toLowerCase()]}${dayCode(m[2] ?? '')}`,
  },
  {
    source: `le\\s+${FR_NTH}\\s+(${FR_DAYS})\\s+de\\s+chaque\\s+mois`,
    rule: (m) => `FREQ=MONTHLY;BYDAY=${NTH[(m[1] ?? '').toLowerCase()]}${dayCode(m[2] ?? '')}`,
  },
  {
    source: `(?:tous\\s+les\\s+jours\\s+(?:de\\s+(?:la\\s+)?semaine|ouvrés|ouvrables)|chaque\\s+jour\\s+de\\s+(?:la\\s+)?semaine)`,
    rule: () => 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  },
  { source: `(?:tous\\s+les|chaque)\\s+week-?ends?`, rule: () => 'FREQ=WEEKLY;BYDAY=SA,SU' },
  { source: `une\\s+semaine\\s+sur\\s+deux`, rule: () => 'FREQ=WEEKLY;INTERVAL=2' },
  {
    source: `un\\s+(${FR_DAYS})\\s+sur\\s+deux`,
    rule: (m) => `FREQ=WEEKLY;BYDAY=${dayCode(m[1] ?? '')};INTERVAL=2`,
  },
  {
    source: `(?:tou(?:te)?s\\s+les\\s+${NUMBER}\\s+(jours|semaines|mois|ans)|tou(?:te)?s\\s+les\\s+(jours|semaines|mois|ans)|chaque\\s+(jour|semaine|mois|année|an))(?:\\s+le\\s+(${FR_DAY_LIST}))?`,
    rule: (m) => {
      const unit = m[2] ?? m[3] ?? m[4] ?? '';
      const freq = freqOf(unit);
      // "tous les semaines" and "toutes les mois" are not French.
      const all = m[0].toLowerCase();
      if (all.startsWith('tou') && all.startsWith('toutes') !== (freq === 'WEEKLY')) return null;
      if (m[5] && freq !== 'WEEKLY') return null;
      const days = m[5] ? `;BYDAY=${daysIn(m[5], FR_DAYS)}` : '';
      return withInterval(`FREQ=${freq}${days}`, numberOf(m[1]));
    },
  },
  {
    source: `(?:tous\\s+les\\s+(${FR_DAY_LIST})|chaque\\s+(${FR_DAY_LIST}))`,
    rule: (m) => {
      const list = m[1] ?? m[2] ?? '';
      // "tous les lundis" is plural, "chaque lundi" singular.
      const plural = /s\b/u.test(list.split(/\s/u)[0] ?? '');
      if ((m[1] !== undefined) !== plural) return null;
      return `FREQ=WEEKLY;BYDAY=${daysIn(list, FR_DAYS)}`;
    },
  },
];

/** A time written after the phrase: "at 9am", "at 18:30", "9pm", "à 9h", "18h30". */
const TIME =
  /^(?:\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?|\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)|\s+(?:à\s+)?(\d{1,2})\s?h(?:\s?(\d{2}))?)(?=$|[\s,.;:!?)])/iu;

function timeAfter(rest: string): { length: number; hour: number; minute: number } | null {
  const m = TIME.exec(rest);
  if (!m) return null;
  let hour = Number(m[1] ?? m[4] ?? m[7]);
  const minute = Number(m[2] ?? m[5] ?? m[8] ?? 0);
  const meridiem = (m[3] ?? m[6])?.toLowerCase();
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  // "at 5" alone is a number, as for dates.
  if (m[1] !== undefined && !m[2] && !meridiem) return null;
  if (hour > 23 || minute > 59) return null;
  return { length: m[0].length, hour, minute };
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/**
 * The first recurrence in the text (see the module's comment), or null. `taken` are parts of
 * the text that belong to something else; `isLiteral` says which readings the person asked
 * to keep as text.
 */
export function readRecurrence(
  text: string,
  {
    taken = [],
    isLiteral = () => false,
  }: { taken?: readonly { start: number; end: number }[]; isLiteral?: (range: TextRange) => boolean } = {},
): RecurrenceRead | null {
  const plain = text.replaceAll('’', "'");
  const found: RecurrenceRead[] = [];
  for (const pattern of PATTERNS) {
    const regex = new RegExp(`(?<=^|[\\s(,;])${pattern.source}(?=$|[\\s,.;:!?)])`, 'giu');
    for (const match of plain.matchAll(regex)) {
      const rule = pattern.rule(match as RegExpExecArray);
      if (!rule) continue;
      const start = match.index;
      let end = start + match[0].length;
      const time = timeAfter(plain.slice(end));
      if (time) end += time.length;
      const range = { start, end, text: text.slice(start, end) };
      if (taken.some((other) => overlaps(other, range)) || isLiteral(range)) continue;
      found.push({
        ...range,
        rule,
        fromCompletion: /^every!/iu.test(match[0]),
        ...(time ? { time: { hour: time.hour, minute: time.minute } } : {}),
      });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  return found[0] ?? null;
}
