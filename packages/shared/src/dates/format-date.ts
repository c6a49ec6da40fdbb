import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { enGB, fr } from 'date-fns/locale';
import { DATE_FORMAT } from '../constants.js';
import type { UserLocale } from '../i18n/locales.js';

const dateLocales = { 'en-GB': enGB, fr } as const;

/**
 * Formats an instant (UTC epoch ms) as the user sees it: in their time zone and language,
 * `dd-MMM-yyyy` unless another date-fns pattern is given.
 */
export function formatDate(
  epochMs: number,
  timeZone: string,
  locale: UserLocale,
  pattern: string = DATE_FORMAT,
): string {
  return format(new TZDate(epochMs, timeZone), pattern, { locale: dateLocales[locale] });
}
