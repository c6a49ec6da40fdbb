import { describe, expect, it } from 'vitest';
import { foldAccents, foldForSearch, matchedRanges, parseSearchQuery } from './search-query.js';

describe('foldForSearch', () => {
  it('drops accents and case, one character for one', () => {
    expect(foldForSearch('Élève au Café')).toBe('eleve au cafe');
    expect(foldForSearch('ÇA VA')).toBe('ca va');
    expect(foldForSearch('Œuvre')).toBe('œuvre');
    // A capital whose lower case takes two characters stays, so ranges still line up.
    expect(foldForSearch('İstanbul')).toHaveLength('İstanbul'.length);
  });

  it('keeps case where only accents are folded', () => {
    expect(foldAccents('Élève')).toBe('Eleve');
  });
});

describe('parseSearchQuery', () => {
  it('reads words in any order, folded, each once', () => {
    expect(parseSearchQuery('  Milk  ALMOND milk ')).toEqual({ words: ['milk', 'almond'], tags: [] });
  });

  it('keeps a quoted phrase whole, spaces and all, even unclosed', () => {
    expect(parseSearchQuery('"almond milk" buy')).toEqual({ words: ['almond milk', 'buy'], tags: [] });
    expect(parseSearchQuery('buy "oat mi')).toEqual({ words: ['buy', 'oat mi'], tags: [] });
    expect(parseSearchQuery('""')).toEqual({ words: [], tags: [] });
  });

  it('takes #tags apart from words; a lone # or a number is a word', () => {
    expect(parseSearchQuery('#Errands milk')).toEqual({ words: ['milk'], tags: ['errands'] });
    expect(parseSearchQuery('# #2026')).toEqual({ words: ['#', '#2026'], tags: [] });
  });
});

describe('matchedRanges', () => {
  it('finds each word in the title, accents and case aside, overlaps merged', () => {
    expect(matchedRanges('Café crème', ['cafe'])).toEqual([[0, 4]]);
    expect(matchedRanges('Almond milk', ['ilk', 'mil'])).toEqual([[7, 11]]);
    expect(matchedRanges('milk and more milk', ['milk'])).toEqual([
      [0, 4],
      [14, 18],
    ]);
    expect(matchedRanges('Tea', ['milk'])).toEqual([]);
  });

  it('marks a word of one or two letters only where a word starts, as search finds it', () => {
    expect(matchedRanges('Okapi and kayak', ['ka'])).toEqual([[10, 12]]);
    expect(matchedRanges('Élève de CM2', ['cm'])).toEqual([[9, 11]]);
    expect(matchedRanges('Élève de CM2', ['m2'])).toEqual([]);
    expect(matchedRanges('100% juice', ['%'])).toEqual([[3, 4]]);
  });
});
