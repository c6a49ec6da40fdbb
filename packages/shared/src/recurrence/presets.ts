import { recurrenceOptions } from './recurrence-rule.js';
import { type ByWeekday, Frequency } from './rrule.js';

/**
 * Item settings' repeat presets (docs/guide.md "Recurring items") and the RRULE each stands for:
 * every day, every weekday, every week on chosen days, every month on a day or on its last
 * day, every year, every N days, weeks or months, each with an end (never, on a date, after N
 * times). A rule made elsewhere (typed, imported) that is none of them shows as `custom`.
 */

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export const PRESET_KINDS = [
  'daily',
  'weekdays',
  'weekly',
  'monthlyDay',
  'monthlyLast',
  'yearly',
  'interval',
] as const;
export type PresetKind = (typeof PRESET_KINDS)[number] | 'custom';
export type IntervalUnit = 'DAILY' | 'WEEKLY' | 'MONTHLY';
export type RecurrenceEnd =
  | { kind: 'never' }
  | { kind: 'until'; day: string }
  | { kind: 'count'; count: number };

export interface RecurrencePreset {
  kind: PresetKind;
  /** `weekly`: the days, in week order. */
  weekdays: WeekdayCode[];
  /** `monthlyDay`: 1 to 31. */
  monthDay: number;
  /** `interval`: every `interval` `unit`s. */
  interval: number;
  unit: IntervalUnit;
  end: RecurrenceEnd;
  /** `custom`: the rule as it is, without its end. */
  custom?: string;
}

const WORKING_DAYS: WeekdayCode[] = ['MO', 'TU', 'WE', 'TH', 'FR'];
const sameDays = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((day, i) => day === b[i]);

/** The rule a preset stands for (no DTSTART). */
export function presetRule(preset: RecurrencePreset): string {
  const days = WEEKDAY_CODES.filter((day) => preset.weekdays.includes(day));
  let rule: string;
  switch (preset.kind) {
    case 'daily':
      rule = 'FREQ=DAILY';
      break;
    case 'weekdays':
      rule = `FREQ=WEEKLY;BYDAY=${WORKING_DAYS.join(',')}`;
      break;
    case 'weekly':
      rule = days.length > 0 ? `FREQ=WEEKLY;BYDAY=${days.join(',')}` : 'FREQ=WEEKLY';
      break;
    case 'monthlyDay':
      rule = `FREQ=MONTHLY;BYMONTHDAY=${Math.min(31, Math.max(1, Math.trunc(preset.monthDay)))}`;
      break;
    case 'monthlyLast':
      rule = 'FREQ=MONTHLY;BYMONTHDAY=-1';
      break;
    case 'yearly':
      rule = 'FREQ=YEARLY';
      break;
    case 'interval':
      rule = `FREQ=${preset.unit};INTERVAL=${Math.min(999, Math.max(1, Math.trunc(preset.interval)))}`;
      break;
    default:
      rule = preset.custom ?? 'FREQ=DAILY';
  }
  if (preset.end.kind === 'count') rule += `;COUNT=${Math.max(1, Math.trunc(preset.end.count))}`;
  if (preset.end.kind === 'until') rule += `;UNTIL=${preset.end.day.replaceAll('-', '')}T235959Z`;
  return rule;
}

/** A new preset: every week on the given day. */
export function defaultPreset(weekday: WeekdayCode = 'MO', monthDay = 1): RecurrencePreset {
  return {
    kind: 'weekly',
    weekdays: [weekday],
    monthDay,
    interval: 2,
    unit: 'WEEKLY',
    end: { kind: 'never' },
  };
}

const codeOf = (day: ByWeekday) =>
  typeof day === 'string' ? day : WEEKDAY_CODES[typeof day === 'number' ? day : day.weekday];

/** The preset a stored rule is (or `custom`), so Item settings shows it as chosen. */
export function presetOf(
  rule: string,
  fallback: RecurrencePreset = defaultPreset(),
): RecurrencePreset | null {
  const options = recurrenceOptions(rule);
  if (!options) return null;
  const until = options.until;
  const end: RecurrenceEnd =
    options.count != null
      ? { kind: 'count', count: options.count }
      : until
        ? { kind: 'until', day: until.toISOString().slice(0, 10) }
        : { kind: 'never' };
  const interval = options.interval ?? 1;
  const dayList = ([] as ByWeekday[]).concat(options.byweekday ?? []);
  const plainDays = dayList.every((day) => typeof day !== 'object' || !day.n);
  const days = WEEKDAY_CODES.filter((code) => dayList.map(codeOf).includes(code));
  const monthDays = ([] as number[]).concat(options.bymonthday ?? []);
  const others =
    options.bysetpos != null ||
    options.bymonth != null ||
    options.byyearday != null ||
    options.byweekno != null ||
    options.byeaster != null;
  const base = { ...fallback, end };
  if (!others && plainDays) {
    const noDays = dayList.length === 0 && monthDays.length === 0;
    if (options.freq === Frequency.DAILY && noDays)
      return interval === 1
        ? { ...base, kind: 'daily' }
        : { ...base, kind: 'interval', interval, unit: 'DAILY' };
    if (options.freq === Frequency.WEEKLY && monthDays.length === 0 && interval === 1) {
      if (sameDays(days, WORKING_DAYS)) return { ...base, kind: 'weekdays' };
      if (days.length > 0) return { ...base, kind: 'weekly', weekdays: days };
    }
    if (options.freq === Frequency.WEEKLY && noDays && interval > 1)
      return { ...base, kind: 'interval', interval, unit: 'WEEKLY' };
    if (
      options.freq === Frequency.MONTHLY &&
      dayList.length === 0 &&
      monthDays.length === 1 &&
      interval === 1
    ) {
      const day = monthDays[0] as number;
      if (day === -1) return { ...base, kind: 'monthlyLast' };
      if (day > 0) return { ...base, kind: 'monthlyDay', monthDay: day };
    }
    if (options.freq === Frequency.MONTHLY && noDays && interval > 1)
      return { ...base, kind: 'interval', interval, unit: 'MONTHLY' };
    if (options.freq === Frequency.YEARLY && noDays && interval === 1) return { ...base, kind: 'yearly' };
  }
  const custom = rule
    .toUpperCase()
    .replace(/^RRULE:/u, '')
    .split(';')
    .filter((part) => !/^(COUNT|UNTIL)=/u.test(part))
    .join(';');
  return { ...base, kind: 'custom', custom };
}
