import { Text } from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { timeOfTargetDate } from '@nestbox/shared/dates/show-date';
import type { ItemEvent } from '@nestbox/shared/history/history.schema';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../hooks/use-now';
import { useUser } from '../../../lib/api/get-user';
import type { TranslationKey } from '../../../lib/i18n';
import { DATE_TIME_PATTERN, relativeTime } from '../../../lib/relative-time';

/**
 * A target date inside a sentence: the long date Item settings' date field shows (`formatLongDate`),
 * not capitalised, as it does not start the sentence ("dated it Friday 4 December 2026"), then
 * its time when it has one.
 */
function sentenceDate(
  at: number,
  hasTime: boolean | undefined,
  timeZone: string,
  locale: UserLocale,
): string {
  const time = timeOfTargetDate(at, timeZone, hasTime ?? null);
  const day = formatDate(at, timeZone, locale, 'EEEE d MMMM yyyy');
  return time === null ? day : `${day} ${time}`;
}

/** The sentences of the history: each kind's, with its `.you` form for the reader's own changes. */
type SentenceKey = Extract<TranslationKey, `history.${string}`>;

type Sentence = { key: SentenceKey; values?: Record<string, string> };

/** What an event says, as the key of its sentence (without `.you`) and what fills it. */
function sentenceOf(
  event: ItemEvent,
  { t, timeZone, locale }: { t: (key: TranslationKey) => string; timeZone: string; locale: UserLocale },
): Sentence {
  const box = (seen: { title: string } | null) => seen?.title ?? t('history.hiddenBox');
  switch (event.kind) {
    case 'renamed':
      return { key: 'history.renamed', values: event.details };
    case 'moved':
      return { key: 'history.moved', values: { from: box(event.details.from), to: box(event.details.to) } };
    case 'dated': {
      const { from, to, fromHasTime, toHasTime } = event.details;
      if (to === null) return { key: 'history.undated' };
      const values = { to: sentenceDate(to, toHasTime, timeZone, locale) };
      return from === null
        ? { key: 'history.dated', values }
        : {
            key: 'history.redated',
            values: { ...values, from: sentenceDate(from, fromHasTime, timeZone, locale) },
          };
    }
    case 'shared': {
      const { person, level, previousLevel } = event.details;
      const values = {
        person: person?.name ?? t('history.someoneElse'),
        level: level ? t(`share.level.${level}`) : '',
      };
      if (level === null) return { key: 'history.unshared', values };
      return { key: previousLevel === null ? 'history.shared' : 'history.levelChanged', values };
    }
    default:
      return { key: `history.${event.kind}` };
  }
}

/**
 * One change, one calm line: who did what ("You completed it", "Zoé moved it from Errands to
 * Home"), and when beside it, as the app says when elsewhere, the exact time on hover.
 */
export function HistoryEntry({ event }: { event: ItemEvent }) {
  const { t } = useTranslation();
  const user = useUser();
  const now = useNow();
  const { key, values } = sentenceOf(event, { t, timeZone: user.timezone, locale: user.locale });
  const mine = event.actor?.id === user.id;
  // Every sentence's blanks, for the one chosen; each fills only its own.
  const sentence = t((mine ? `${key}.you` : key) as SentenceKey, {
    from: '',
    to: '',
    person: '',
    level: '',
    ...values,
    name: event.actor?.name ?? t('history.someone'),
  });
  const when = relativeTime(event.at, now, user.locale, user.timezone) ?? t('history.justNow');
  return (
    <Text component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {sentence}{' '}
      <Text span c="dimmed" size="xs" style={{ whiteSpace: 'nowrap' }}>
        <time
          dateTime={new Date(event.at).toISOString()}
          title={formatDate(event.at, user.timezone, user.locale, DATE_TIME_PATTERN)}
        >
          {when}
        </time>
      </Text>
    </Text>
  );
}
