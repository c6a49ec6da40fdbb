import { describe, expect, it } from 'vitest';
import {
  captureTagsToText,
  findTags,
  normaliseTag,
  renameTagIn,
  TAG_MAX_LENGTH,
  tagAtCaret,
  tagNameError,
  tagOfTerm,
  tagsOf,
} from './tags.js';

describe('tagsOf', () => {
  it.each([
    ['#home', ['home']],
    ['Buy milk #home #Work', ['home', 'work']],
    ['#été à la plage', ['été']],
    ['#HOME and #home and #Home', ['home']],
    ['#home.', ['home']],
    ['(#home), #work! #play?', ['home', 'work', 'play']],
    ['#home-office', ['home-office']],
    ['#trailing-', ['trailing']],
    ['**#bold** _#it_', ['bold', 'it']],
    ['«#citation»', ['citation']],
    ['#snake_case', ['snake_case']],
    ['#a__b', ['a']],
    ['#日本', ['日本']],
  ])('%s → %j', (text, tags) => {
    expect(tagsOf(text)).toEqual(tags);
  });

  it.each([
    'a#b',
    '#',
    '# alone',
    '##',
    'https://x.org/#top',
    'https://x.org#top',
    'see x.org/page#section',
    'issue #42',
    '#2026',
    '#__init__',
    'C#',
    'mail@x.org#tag',
    '#home#work',
    '&#39;',
    `#${'a'.repeat(TAG_MAX_LENGTH + 1)}`,
  ])('%s has no tag', (text) => {
    expect(tagsOf(text)).toEqual([]);
  });

  it('normalises with NFKC and lower case, keeping accents', () => {
    // Full-width letters, a ligature and a decomposed é all come to their usual form.
    expect(tagsOf('#ＨＯＭＥ')).toEqual(['home']);
    expect(tagsOf('#ﬁle')).toEqual(['file']);
    expect(tagsOf('#e\u0301te\u0301')).toEqual(['été']);
    expect(tagsOf('#Été')).toEqual(['été']);
    expect(tagsOf('#ete')).toEqual(['ete']);
    expect(normaliseTag('  #Café ')).toBe('café');
  });

  it('keeps a tag of exactly the longest length', () => {
    expect(tagsOf(`#${'a'.repeat(TAG_MAX_LENGTH)}`)).toEqual(['a'.repeat(TAG_MAX_LENGTH)]);
  });

  it('finds ranges as written', () => {
    expect(findTags('Go #Home now')).toEqual([{ start: 3, end: 8, written: 'Home', name: 'home' }]);
  });
});

describe('tagOfTerm', () => {
  it('is the tag when the term is one tag only', () => {
    expect(tagOfTerm(' #Home ')).toBe('home');
    expect(tagOfTerm('#home kitchen')).toBeUndefined();
    expect(tagOfTerm('home')).toBeUndefined();
    expect(tagOfTerm('#home.')).toBeUndefined();
  });
});

describe('tagNameError', () => {
  it.each([
    ['', 'validation.tag.required'],
    ['  ', 'validation.tag.required'],
    ['#', 'validation.tag.required'],
    ['a'.repeat(TAG_MAX_LENGTH + 1), 'validation.tag.tooLong'],
    ['two words', 'validation.tag.invalid'],
    ['42', 'validation.tag.invalid'],
    ['a#b', 'validation.tag.invalid'],
    ['house', undefined],
    ['#maison', undefined],
    ['été', undefined],
  ])('%j → %s', (name, error) => {
    expect(tagNameError(name)).toBe(error);
  });
});

describe('renameTagIn', () => {
  it('rewrites every occurrence, whatever its case, and nothing else', () => {
    expect(renameTagIn('#Home and #home, #homely a#home', 'home', 'house')).toBe(
      '#house and #house, #homely a#home',
    );
  });
});

describe('tagAtCaret', () => {
  it('finds the word being typed after #', () => {
    expect(tagAtCaret('Buy #ho', 7)).toEqual({ start: 4, typed: 'ho' });
    expect(tagAtCaret('#', 1)).toEqual({ start: 0, typed: '' });
    expect(tagAtCaret('Buy #ho now', 11)).toBeUndefined();
    expect(tagAtCaret('x.org/#to', 9)).toBeUndefined();
    expect(tagAtCaret('Buy ##ho', 8)).toBeUndefined();
    expect(tagAtCaret('Buy ##ho', 8, '##')).toEqual({ start: 4, typed: 'ho' });
    expect(tagAtCaret('Buy #ho', 7, '##')).toBeUndefined();
  });
});

describe('captureTagsToText', () => {
  it('writes quick capture’s ##tag as #tag, and nothing else', () => {
    expect(captureTagsToText('Buy ##milk #Kitchen ## x a##b ##')).toBe('Buy #milk #Kitchen ## x a##b ##');
    expect(tagsOf(captureTagsToText('##Home'))).toEqual(['home']);
  });
});
