import { formatDate } from '@nestbox/shared/dates/format-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRecurrenceWords } from '../../lib/recurrence-words';
import classes from './recurrence-mark.module.css';

interface RecurrenceMarkProps {
  /** The item's RRULE; nothing shows without one. */
  rule: string | null;
  /** The date to show beside the mark (a pane row's; the Organizer shows its own). */
  date?: number | null;
  timeZone: string;
  /** The language shown (`fr`, `en-GB`…). */
  locale: string;
}

/**
 * The mark of a repeating item, beside its date: a repeat icon named for what it does
 * ("Repeats every Monday"), and with `date` the next occurrence ("Mon 30 Nov").
 */
export function RecurrenceMark({ rule, date = null, timeZone, locale }: RecurrenceMarkProps) {
  const { t } = useTranslation();
  const describeRule = useRecurrenceWords(rule !== null);
  if (!rule) return null;
  const language = userLocaleOf(locale);
  // Until the words are loaded (a moment), the mark says only that it repeats.
  const label = t('item.repeats', { rule: describeRule?.(rule, language) ?? '' }).trim();
  return (
    <span className={classes.mark} data-recurrence-mark>
      {date !== null && (
        <span className={classes.date} data-recurrence-date>
          {formatDate(date, timeZone, language, 'EEE d MMM')}
        </span>
      )}
      <IconRepeat
        className={classes.icon}
        size={14}
        stroke={1.8}
        role="img"
        aria-label={label}
        title={label}
      />
    </span>
  );
}
