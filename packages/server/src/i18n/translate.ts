import { USER_LOCALES, type UserLocale } from '@nestbox/shared/i18n/locales';
import { type MessageKey, messagesEnGb, type PluralMessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import i18next from 'i18next';

// Resources given inline and `initAsync: false`: ready when `init` returns, with no top-level
// await, so worker threads (the import's readers) may load this module too.
const i18n = i18next.createInstance();
void i18n.init({
  resources: {
    'en-GB': { translation: messagesEnGb },
    fr: { translation: messagesFr },
  },
  supportedLngs: [...USER_LOCALES],
  fallbackLng: 'en-GB',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The message for `key` in `locale` (server-side texts: errors, e-mails). */
export function translate(
  locale: UserLocale,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  return i18n.t(key, { lng: locale, ...params });
}

/** The form of a plural message for `count` in `locale` ("every minute", "tous les 3 jours"). */
export function translatePlural(locale: UserLocale, key: PluralMessageKey, count: number): string {
  return i18n.t(key, { lng: locale, count });
}
