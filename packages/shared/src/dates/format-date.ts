import { TZDate } from '@date-fns/tz';
// One module each: the package's indexes would load every function and every language.
import { format } from 'date-fns/format';
import { enGB } from 'date-fns/locale/en-GB';
import { fr } from 'date-fns/locale/fr';
import { DATE_FORMAT, SHORT_DATE_FORMAT } from '../constants.js';
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

/**
 * A date as SPEC §9 writes it, the same on every screen: dd-MMM-yyyy, or dd-MMM-yy when
 * `short`, in the user's time zone and language.
 */
export function formatSpecDate(
  epochMs: number,
  timeZone: string,
  locale: UserLocale,
  { short = false }: { short?: boolean } = {},
): string {
  return formatDate(epochMs, timeZone, locale, short ? SHORT_DATE_FORMAT : DATE_FORMAT);
}
