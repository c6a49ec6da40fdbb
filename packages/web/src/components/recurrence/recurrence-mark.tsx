import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRecurrenceWords } from '../../lib/recurrence-words';
import classes from './recurrence-mark.module.css';

interface RecurrenceMarkProps {
  /** The item's RRULE; nothing shows without one. */
  rule: string | null;
  /** The language shown (`fr`, `en-GB`…). */
  locale: string;
}

/**
 * The mark of a repeating item: a repeat icon named for what it does ("Repeats every Monday").
 * Rows show it beside their date (TargetDateChip).
 */
export function RecurrenceMark({ rule, locale }: RecurrenceMarkProps) {
  const { t } = useTranslation();
  const describeRule = useRecurrenceWords(rule !== null);
  if (!rule) return null;
  // Until the words are loaded (a moment), the mark says only that it repeats.
  const label = t('item.repeats', { rule: describeRule?.(rule, userLocaleOf(locale)) ?? '' }).trim();
  return (
    <IconRepeat
      className={classes.icon}
      data-recurrence-mark
      size={14}
      stroke={1.8}
      role="img"
      aria-label={label}
      title={label}
    />
  );
}
