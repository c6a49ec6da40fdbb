import uFuzzy from '@leeoniya/ufuzzy';
import type { ItemType } from '@nestbox/shared/items/item.schema';
import { foldAccents } from '@nestbox/shared/search/search-query';

/** An item the finder may answer, as it matches and ranks it. */
export interface Findable {
  id: string;
  type: ItemType;
  title: string;
  /** The title with its accents folded, character for character, so ranges found in it fit the title. */
  folded: string;
  parentId: string | null;
  isRootBox: boolean;
  completed: boolean;
  updatedAt: number;
}

/** A match and the [start, end) ranges of its title that matched. */
export interface Ranked {
  item: Findable;
  highlights: [number, number][];
}

/** How many words of a query may come in any order (uFuzzy tries every permutation: 5! = 120). */
const ANY_ORDER_WORDS = 5;

/**
 * uFuzzy's settings: a typo in a word is forgiven (a letter missing, extra, swapped or wrong;
 * in words of three or four letters only a swap or an extra letter). Its defaults know the letters a–z, which is every letter of an
 * English or French query once its accents are folded; a query with other letters (œ, ß,
 * Greek, Cyrillic…) takes the settings for every script's letters, whose patterns cost V8
 * several times more to compile.
 */
const LATIN: uFuzzy.Options = { intraMode: 1 };
const ANY_SCRIPT: uFuzzy.Options = {
  intraMode: 1,
  unicode: true,
  interSplit: "[^\\p{L}\\d']+",
  intraSplit: '\\p{Ll}\\p{Lu}',
  interBound: '[^\\p{L}\\d]',
  intraBound: '\\p{L}\\d|\\d\\p{L}|\\p{Ll}\\p{Lu}',
  intraChars: "[\\p{L}\\d']",
  intraContr: "'\\p{L}{1,2}\\b",
};

const BOX_FIRST: Record<ItemType, number> = { todoBox: 0, todoText: 1 };

/**
 * uFuzzy's own ranking (most contiguous characters matched, least fuzz, most words matched at
 * their start, densest, earliest), with boxes before texts where those are equal, then by title.
 */
function rankWithin(candidates: readonly Findable[]): NonNullable<uFuzzy.Options['sort']> {
  return (info, haystack, _needle, compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0)) => {
    const { idx, chars, intraIns, terms, interLft2, interLft1, interIns, start, cases } = info;
    const typeOf = (i: number) => BOX_FIRST[candidates[idx[i] ?? 0]?.type ?? 'todoText'];
    const at = (values: number[], i: number) => values[i] ?? 0;
    const bounds = (i: number) => at(terms, i) + at(interLft2, i) + 0.5 * at(interLft1, i);
    return idx
      .map((_, i) => i)
      .sort(
        (a, b) =>
          at(chars, b) - at(chars, a) ||
          at(intraIns, a) - at(intraIns, b) ||
          bounds(b) - bounds(a) ||
          at(interIns, a) - at(interIns, b) ||
          at(start, a) - at(start, b) ||
          at(cases, b) - at(cases, a) ||
          typeOf(a) - typeOf(b) ||
          compare(haystack[idx[a] ?? 0] ?? '', haystack[idx[b] ?? 0] ?? ''),
      );
  };
}

/**
 * The candidates whose title matches `query`, best first, open ones before completed ones:
 * every word of the query must match (in any order for up to five words; a typo forgiven in
 * longer words), accents and case aside.
 */
export function rankMatches(candidates: readonly Findable[], query: string, limit: number): Ranked[] {
  const needle = foldAccents(query);
  const settings = /[\u0080-\uffff]/.test(needle) ? ANY_SCRIPT : LATIN;
  const finder = new uFuzzy({ ...settings, sort: rankWithin(candidates) });
  const anyOrder = finder.split(needle).length <= ANY_ORDER_WORDS ? ANY_ORDER_WORDS : 0;
  const haystack = candidates.map((item) => item.folded);
  const [, info, order] = finder.search(haystack, needle, anyOrder, Number.POSITIVE_INFINITY);
  if (!info || !order) return [];
  const ranked = order.map((i): Ranked => {
    const ranges = info.ranges[i] ?? [];
    const highlights: [number, number][] = [];
    for (let r = 0; r + 1 < ranges.length; r += 2) highlights.push([ranges[r] ?? 0, ranges[r + 1] ?? 0]);
    return { item: candidates[info.idx[i] ?? 0] as Findable, highlights };
  });
  return [
    ...ranked.filter(({ item }) => !item.completed),
    ...ranked.filter(({ item }) => item.completed),
  ].slice(0, limit);
}

/** The most recently changed candidates, open ones before completed ones. */
export function mostRecent(candidates: readonly Findable[], limit: number): Ranked[] {
  return [...candidates]
    .sort(
      (a, b) =>
        Number(a.completed) - Number(b.completed) || b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1),
    )
    .slice(0, limit)
    .map((item) => ({ item, highlights: [] }));
}
