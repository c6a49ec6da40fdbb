import { describe, expect, it } from 'vitest';
import { localeForTag, pickLocale, userLocaleOf } from './locales.js';

describe('pickLocale', () => {
  it.each([
    [undefined, 'en-GB'],
    ['', 'en-GB'],
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['en', 'en-GB'],
    ['en-US,en;q=0.9', 'en-GB'],
    ['de-DE,de;q=0.9', 'en-GB'],
    ['de-DE,fr;q=0.8,en;q=0.5', 'fr'],
    ['en;q=0.4, fr;q=0.6', 'fr'],
    ['fr;q=0, en', 'en-GB'],
    ['*', 'en-GB'],
  ])('maps Accept-Language %j to %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });

  it('takes the first known language of a browser list', () => {
    expect(pickLocale(['de-AT', 'fr-BE', 'en'])).toBe('fr');
    expect(pickLocale([])).toBe('en-GB');
  });

  it('recognises language tags case-insensitively', () => {
    expect(localeForTag('FR_fr')).toBe('fr');
    expect(localeForTag('EN-gb')).toBe('en-GB');
    expect(localeForTag('es')).toBeUndefined();
  });
});

describe('userLocaleOf', () => {
  it.each([
    ['en-GB', 'en-GB'],
    ['fr', 'fr'],
    ['fr-FR', 'fr'],
    ['en', 'en-GB'],
    ['de', 'en-GB'],
    ['', 'en-GB'],
    [null, 'en-GB'],
    [undefined, 'en-GB'],
  ])('speaks to %j in %s', (value, expected) => {
    expect(userLocaleOf(value)).toBe(expected);
  });
});
