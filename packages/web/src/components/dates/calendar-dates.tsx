import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';

/**
 * Mantine's date pickers in the person's language: French months and days in French, British
 * English otherwise, weeks starting on Monday in both.
 */
export function CalendarDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language.startsWith('fr') ? 'fr' : 'en-gb';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
