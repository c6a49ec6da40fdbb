import i18next from 'i18next';
import { catalogueEnGb } from '../lib/catalogues/catalogue.en-gb';
import { catalogueFr } from '../lib/catalogues/catalogue.fr';

/**
 * The app's texts in both languages, as the signed-in app has them, for component tests that
 * render without the app's providers (`changeLanguage` to switch).
 */
export const texts = i18next.createInstance();
await texts.init({
  lng: 'en-GB',
  resources: { 'en-GB': { translation: catalogueEnGb }, fr: { translation: catalogueFr } },
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});
