import { formatDate } from '@nestbox/shared/dates/format-date';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type { TFunction } from 'i18next';
import type { DescribeRecurrence } from '../recurrence-words';
import type { CaptureToken } from './parse-capture';

interface Where {
  timeZone: string;
  locale: UserLocale;
  now: number;
  /** Puts a repeat in words (see useRecurrenceWords); without it, the words typed stand. */
  describeRule?: DescribeRecurrence | undefined;
}

/** A recognised date as the person reads it: 'Friday 12 June, 09:00' (the year only when not this one's). */
export function describeWhen(
  t: TFunction,
  at: number,
  hasTime: boolean,
  { timeZone, locale, now }: Where,
): string {
  const sameYear = formatDate(at, timeZone, locale, 'yyyy') === formatDate(now, timeZone, locale, 'yyyy');
  const date = formatDate(at, timeZone, locale, sameYear ? 'EEEE d MMMM' : 'EEEE d MMMM yyyy');
  return hasTime ? t('capture.when', { date, time: formatDate(at, timeZone, locale, 'HH:mm') }) : date;
}

/**
 * What was recognised, in words, for the field's description (what a screen reader says with
 * it): 'Date: Friday 12 June, 09:00 · Box: Kitchen · Today'. Empty when nothing was.
 */
export function describeCapture(t: TFunction, tokens: readonly CaptureToken[], where: Where): string {
  const partOf = (token: CaptureToken): string => {
    if (token.kind === 'date')
      return t('capture.part.date', { date: describeWhen(t, token.at, token.hasTime, where) });
    if (token.kind === 'box') return t('capture.part.box', { box: token.box.title });
    if (token.kind === 'recurrence')
      return t('capture.part.repeats', {
        rule: where.describeRule?.(token.rule, where.locale) ?? token.text,
        date: describeWhen(t, token.at, token.hasTime, where),
      });
    return t(token.kind === 'today' ? 'capture.part.today' : 'capture.part.priority');
  };
  return tokens.map(partOf).join(' · ');
}
