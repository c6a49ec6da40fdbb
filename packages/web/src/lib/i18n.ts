import { DEFAULT_LOCALE } from '@nestbox/shared/constants';
import { localeForTag, pickLocale, USER_LOCALES, type UserLocale } from '@nestbox/shared/i18n/locales';
import { messagesEnGb } from '@nestbox/shared/i18n/messages.en-gb';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import { uiEnGb } from '@nestbox/shared/i18n/ui.en-gb';
import { uiFr } from '@nestbox/shared/i18n/ui.fr';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/storage-keys';
import { readItem, writeItem } from './local-store';

/** Merges two catalogues; the type refuses a key present in both, so neither can shadow the other. */
function mergeCatalogues<A extends object, B extends object>(
  messages: A,
  ui: B & { [K in keyof A & keyof B]: never },
): A & B {
  return { ...messages, ...ui };
}

/** The English catalogue is the reference: its keys type every `t()` call. */
const translationEnGb = mergeCatalogues(messagesEnGb, uiEnGb);
const translationFr = mergeCatalogues(messagesFr, uiFr);

/** Every key `t()` accepts. */
export type TranslationKey = keyof typeof translationEnGb;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    nsSeparator: false;
    resources: { translation: typeof translationEnGb };
  }
}

/** The user's stored locale, else the browser's languages, else en-GB. Safe outside a browser. */
export function detectLocale(): UserLocale {
  const stored = readItem(STORAGE_KEYS.locale);
  const storedLocale = stored ? localeForTag(stored) : undefined;
  if (storedLocale) return storedLocale;
  return pickLocale(typeof navigator === 'undefined' ? undefined : navigator.languages);
}

/** The app's one i18next instance; catalogues are bundled, so it is ready synchronously. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    'en-GB': { translation: translationEnGb },
    fr: { translation: translationFr },
  },
  lng: detectLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...USER_LOCALES],
  load: 'currentOnly',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function reflectLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
reflectLanguage(i18n.language);
i18n.on('languageChanged', reflectLanguage);

/** The language every request announces in `Accept-Language` and every screen uses. */
export function currentLocale(): UserLocale {
  return localeForTag(i18n.language ?? DEFAULT_LOCALE) ?? DEFAULT_LOCALE;
}

/** Remembers the user's locale (any en/fr tag is accepted) for the next page load; returns it. */
export function rememberLocale(tag: string): UserLocale {
  const locale = localeForTag(tag) ?? DEFAULT_LOCALE;
  writeItem(STORAGE_KEYS.locale, locale);
  return locale;
}

/** Remembers the user's locale (any en/fr tag is accepted) and switches the interface to it. */
export async function changeLocale(tag: string): Promise<void> {
  const locale = rememberLocale(tag);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Is this string one of our catalogue keys (rather than text the server already translated)? */
export function isTranslationKey(value: string): value is TranslationKey {
  return Object.hasOwn(translationEnGb, value);
}
