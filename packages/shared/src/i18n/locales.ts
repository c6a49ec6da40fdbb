import { DEFAULT_LOCALE } from '../constants.js';

/** Locales a user may pick (SPEC §9). */
export const USER_LOCALES = ['en-GB', 'fr'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];

/** Languages offered by `/api/languages/get-languages`, each named in its own language. */
export const LANGUAGES: ReadonlyArray<{ locale: UserLocale; name: string }> = [
  { locale: 'en-GB', name: 'English (UK)' },
  { locale: 'fr', name: 'Français' },
];

/** Is this one of the locales a user may pick? */
export function isUserLocale(value: string): value is UserLocale {
  return (USER_LOCALES as readonly string[]).includes(value);
}

/**
 * Maps one language tag to the catalogue that serves it: any English tag (`en`, `en-US`,
 * `en-GB`) is English, any French tag is French, everything else is unknown (`undefined`).
 */
export function localeForTag(tag: string): UserLocale | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'en') return 'en-GB';
  if (primary === 'fr') return 'fr';
  return undefined;
}

/**
 * Picks the catalogue for an `Accept-Language` header (or a browser's language list),
 * honouring q-values; anything unknown falls back to en-GB.
 */
export function pickLocale(accept: string | readonly string[] | undefined | null): UserLocale {
  if (!accept) return DEFAULT_LOCALE;
  const entries =
    typeof accept === 'string'
      ? accept.split(',').map((part, index) => {
          const [tag = '', ...params] = part.split(';');
          const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
          const weight = q ? Number.parseFloat(q.slice(2)) : 1;
          return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
        })
      : accept.map((tag, index) => ({ tag, weight: 1, index }));
  const ranked = entries.filter((e) => e.weight > 0).sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const locale = localeForTag(entry.tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The locale to speak to a person in: their stored locale, or the one its language tag names
 * (`fr-FR`, `en`), or en-GB when it names none (unset, unknown, or a language we do not have).
 */
export function userLocaleOf(value: string | null | undefined): UserLocale {
  if (!value) return DEFAULT_LOCALE;
  return isUserLocale(value) ? value : (localeForTag(value) ?? DEFAULT_LOCALE);
}
