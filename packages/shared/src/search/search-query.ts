import { tagOfTerm } from '../tags/tags.js';

/**
 * What a search box's text asks for, read the same way by the server (which matches it) and
 * the web app (which highlights what matched): words that must all appear, in any order, as
 * parts of the title or note ("ilk" finds "Almond milk"); a "quoted phrase" is one such part,
 * spaces and all; `#tag` keeps texts carrying that tag. Matching ignores case and accents
 * ("cafe" finds "Café"). A word shorter than `PART_MIN` that holds a letter or a digit is
 * found only where a word starts ("ka" finds "Kayak", not "Okapi"), as search boxes do while
 * one types.
 */
export interface SearchQuery {
  /** Each folded (`foldForSearch`), in the order typed, duplicates dropped. */
  words: string[];
  /** Normalised tag names. */
  tags: string[];
}

/** Each character met so far, its accents folded away (é → e), or itself with no one-character base. */
const baseChars = new Map<string, string>();

function baseOf(char: string): string {
  let base = baseChars.get(char);
  if (base === undefined) {
    const stripped = char.normalize('NFD').replace(/\p{M}+/gu, '');
    base = stripped.length === 1 ? stripped : char;
    baseChars.set(char, base);
  }
  return base;
}

/**
 * Folds accents away one character at a time (é → e, Ç → C, œ stays œ): the folded text has
 * the text's length, so a range matched in it is the same range of the text.
 */
export function foldAccents(text: string): string {
  return text.replace(/[\u00c0-\uffff]/g, baseOf);
}

/** A character in lower case, unless that takes more than one character (İ stays İ). */
const lowerOf = (char: string) => {
  const lower = char.toLowerCase();
  return lower.length === 1 ? lower : char;
};

/** Accents folded and lower case, one character for one (`Élève` → `eleve`): how search compares. */
export function foldForSearch(text: string): string {
  return foldAccents(text).replace(/[^\p{Ll}]/gu, lowerOf);
}

/** The shortest word found anywhere inside a word; shorter ones are found at a word's start. */
export const PART_MIN = 3;

/** Whether a folded word is found only at a word's start (see `SearchQuery`). */
export const matchesWordStart = (word: string) => word.length < PART_MIN && /[\p{L}\p{N}]/u.test(word);

/** Whether the character before `at` ends a word (or there is none). */
const atWordStart = (text: string, at: number) => at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1] ?? '');

/** `"a phrase"`, or a run of anything but spaces. */
const PART = /"([^"]*)"?|(\S+)/g;

/** Reads a search box's text: its words and phrases, and its `#tags`. */
export function parseSearchQuery(text: string): SearchQuery {
  const words = new Set<string>();
  const tags = new Set<string>();
  for (const [, phrase, word] of text.matchAll(PART)) {
    if (word !== undefined) {
      const tag = tagOfTerm(word);
      if (tag !== undefined) {
        tags.add(tag);
        continue;
      }
    }
    const folded = foldForSearch((phrase ?? word ?? '').trim());
    if (folded !== '') words.add(folded);
  }
  return { words: [...words], tags: [...tags] };
}

/** Where a folded text holds a folded word, as search finds it (see `SearchQuery`). */
function* placesOf(folded: string, word: string): Generator<number> {
  const startOnly = matchesWordStart(word);
  for (let at = folded.indexOf(word); at !== -1 && word !== ''; at = folded.indexOf(word, at + word.length))
    if (!startOnly || atWordStart(folded, at)) yield at;
}

/** Whether a folded text holds a folded word, as search finds it. */
export const holdsWord = (folded: string, word: string) => !placesOf(folded, word).next().done;

/**
 * Where the query's words appear in a title, as `[start, end)` ranges in order, overlapping
 * ones merged: what a result list highlights.
 */
export function matchedRanges(title: string, words: readonly string[]): [number, number][] {
  const folded = foldForSearch(title);
  const ranges: [number, number][] = [];
  for (const word of words) for (const at of placesOf(folded, word)) ranges.push([at, at + word.length]);
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
