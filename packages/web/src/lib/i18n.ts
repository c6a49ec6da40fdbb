import {
  localeForTag,
  pickLocale,
  USER_LOCALES,
  type UserLocale,
  userLocaleOf,
} from '@nestbox/shared/i18n/locales';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config/storage-keys';
import type { catalogueEnGb } from './catalogues/catalogue.en-gb';
import { readItem, writeItem } from './local-store';

/** Every key `t()` accepts: those of the English catalogue, the reference. */
export type TranslationKey = keyof typeof catalogueEnGb;

// The texts are typed by their keys only: typed by their words too, i18next works out each
// text's placeholders, and past some 1,300 texts TypeScript gives the work up and refuses every
// key. Keys stay checked (a missing or misspelt one fails the build); the catalogue tests check
// that both languages fill the same placeholders.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    nsSeparator: false;
    resources: { translation: Record<TranslationKey, string> };
  }
}

type Texts = Record<string, string>;

/**
 * Each language's texts are chunks of their own, loaded when that language is first used: a
 * page carries only the texts of the language it shows. Each is in two parts (see
 * packages/web/catalogue-parts.ts): what the logged-out pages say (`base`), and the signed-in
 * app's texts (`app`), which load with the app's code, so the login page carries none of them.
 */
const catalogues: Record<UserLocale, Record<'base' | 'app', () => Promise<{ default: Texts }>>> = {
  'en-GB': {
    base: () => import('virtual:catalogue/en-GB/base'),
    app: () => import('virtual:catalogue/en-GB/app'),
  },
  fr: {
    base: () => import('virtual:catalogue/fr/base'),
    app: () => import('virtual:catalogue/fr/app'),
  },
};

/** Whether the app's texts are wanted: once the signed-in app loads, every language loads whole. */
let withAppTexts = false;

async function loadCatalogue(locale: UserLocale): Promise<Texts> {
  const parts = await Promise.all([
    catalogues[locale].base(),
    ...(withAppTexts ? [catalogues[locale].app()] : []),
  ]);
  return Object.assign({}, ...parts.map((part) => part.default));
}

/** Hands i18next the catalogue of the language it asks for (i18next retries a failed load). */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const locale = localeForTag(language);
    if (!locale) return callback(new Error(`No catalogue for ${language}`), false);
    loadCatalogue(locale).then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Loads the signed-in app's texts in the current language (and, from then on, in any language
 * switched to); the app's layout waits for them with its code.
 */
export async function loadAppTexts(): Promise<void> {
  withAppTexts = true;
  const locale = currentLocale();
  const { default: texts } = await catalogues[locale].app();
  i18n.addResourceBundle(locale, 'translation', texts, true, true);
}

/** The user's stored locale, else the browser's languages, else en-GB. Safe outside a browser. */
export function detectLocale(): UserLocale {
  const stored = readItem(STORAGE_KEYS.locale);
  const storedLocale = stored ? localeForTag(stored) : undefined;
  if (storedLocale) return storedLocale;
  return pickLocale(typeof navigator === 'undefined' ? undefined : navigator.languages);
}

/** The app's one i18next instance. */
export const i18n = i18next.createInstance();

/**
 * Settles once the catalogue of the starting language is in: the app renders only then, so
 * its first paint is already translated.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    // Every catalogue translates every key (their types require it), so no language falls
    // back on another, and none is loaded for the sake of another.
    fallbackLng: false,
    supportedLngs: [...USER_LOCALES],
    load: 'currentOnly',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // The language is set at once (requests announce it); its catalogue follows.
    initAsync: false,
  });

function reflectLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
reflectLanguage(i18n.language);
i18n.on('languageChanged', reflectLanguage);

/** The language every request announces in `Accept-Language` and every screen uses. */
export function currentLocale(): UserLocale {
  return userLocaleOf(i18n.language);
}

/** Remembers the user's locale (any en/fr tag is accepted) for the next page load; returns it. */
export function rememberLocale(tag: string): UserLocale {
  const locale = userLocaleOf(tag);
  writeItem(STORAGE_KEYS.locale, locale);
  return locale;
}

/**
 * Remembers the user's locale (any en/fr tag is accepted) and switches the interface to it
 * once its catalogue is in; should the catalogue not load, the interface stays as it is.
 */
export async function changeLocale(tag: string): Promise<void> {
  const locale = rememberLocale(tag);
  if (i18n.language === locale) return;
  await i18n.loadLanguages(locale);
  if (i18n.hasResourceBundle(locale, 'translation')) await i18n.changeLanguage(locale);
}

/** Is this string one of our catalogue keys (rather than text the server already translated)? */
export function isTranslationKey(value: string): value is TranslationKey {
  return i18n.exists(value);
}
