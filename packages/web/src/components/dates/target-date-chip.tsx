import { VisuallyHidden } from '@mantine/core';
import { formatDateChip, isOverdueTarget, rowShowsDate } from '@nestbox/shared/dates/show-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { dayKey } from '@nestbox/shared/organizer/grouping';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../hooks/use-now';
import { RecurrenceMark } from '../recurrence/recurrence-mark';
import classes from './target-date-chip.module.css';

interface TargetDateChipProps {
  /** The item's target date (UTC ms); without one only the repeat mark can show. */
  date: number | null;
  /** Whether the date carries a time of day, as recorded (null: read from the instant). */
  hasTime?: boolean | null;
  /** The item's RRULE: the repeat mark shows beside the date. */
  rule: string | null;
  completed: boolean;
  timeZone: string;
  /** The language shown (`fr`, `en-GB`…). */
  locale: string;
  /** A list of today's items: the date shows only on a repeating item. */
  todayList?: boolean;
}

/**
 * A row's date as the shared rule writes it ("Tomorrow 10:00", "Fri 4 Dec"), red with a
 * spoken "overdue" once past, and the repeat mark of a repeating item.
 */
export function TargetDateChip({
  date,
  hasTime = null,
  rule,
  completed,
  timeZone,
  locale,
  todayList = false,
}: TargetDateChipProps) {
  const { t } = useTranslation();
  const now = useNow();
  const shown = rowShowsDate(date, { repeats: rule !== null, todayList });
  if (!shown && !rule) return null;
  const overdue = date !== null && isOverdueTarget(date, completed, { now, timeZone });
  return (
    <span
      className={classes.chip}
      // The day it stands for (yyyy-MM-dd in the person's zone), whatever the words say.
      data-target-date={shown && date !== null ? dayKey(date, timeZone) : undefined}
      data-overdue={(shown && overdue) || undefined}
    >
      {shown && date !== null && (
        <span className={classes.date} data-date-text>
          {formatDateChip(date, { now, timeZone, locale: userLocaleOf(locale) }, hasTime)}
          {overdue && <VisuallyHidden> ({t('item.date.overdue')})</VisuallyHidden>}
        </span>
      )}
      <RecurrenceMark rule={rule} locale={locale} />
    </span>
  );
}
