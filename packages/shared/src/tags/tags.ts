/**
 * What a tag is, in one place for the server (which stores them) and the web app (which shows
 * them as chips and offers them as `#` is typed).
 *
 * A tag is `#` followed by a word of letters and digits, joined by single underscores or hyphens, with at
 * least one letter (`#2026` is a number, not a tag), at most TAG_MAX_LENGTH characters. The
 * `#` must start the text or follow a space or an opening bracket, quote or emphasis mark:
 * `a#b` and the fragment of `https://x.org/#top` are not tags. Trailing punctuation ends the
 * word (`#home.` is `home`). Names are stored normalised: NFKC, lower case, accents kept.
 */

/** Longest tag name (characters, after normalisation). */
export const TAG_MAX_LENGTH = 50;

const BEFORE = String.raw`(?<=^|[\s([{"'«“‘*_~])`;
/** Underscores and hyphens join letters or digits: `#a-b`, `#a_b`; `_#it_` (italic) is `it`. */
const WORD = String.raw`[\p{L}\p{M}\p{N}]+(?:[-_][\p{L}\p{M}\p{N}]+)*`;
const TAG_PATTERN = new RegExp(String.raw`${BEFORE}#(${WORD})(?![\p{L}\p{M}\p{N}#])`, 'gu');
const HAS_LETTER = /\p{L}/u;

/** One tag in a text: `[start, end)` covers `#` and the word; `name` is normalised. */
export interface TagMatch {
  start: number;
  end: number;
  /** The word as written, without `#`. */
  written: string;
  name: string;
}

/** The stored form of a tag name: NFKC, lower case (accents kept), without a leading `#`. */
export function normaliseTag(raw: string): string {
  return raw.trim().replace(/^#/, '').normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** Every tag of a text, in order, as written (the same tag may appear twice). */
export function findTags(text: string): TagMatch[] {
  const matches: TagMatch[] = [];
  for (const match of text.matchAll(TAG_PATTERN)) {
    const written = match[1] ?? '';
    const name = normaliseTag(written);
    if (!HAS_LETTER.test(name) || name.length > TAG_MAX_LENGTH) continue;
    matches.push({ start: match.index, end: match.index + written.length + 1, written, name });
  }
  return matches;
}

/** A text's tags, normalised, each once, in the order they first appear. */
export function tagsOf(text: string): string[] {
  return [...new Set(findTags(text).map((tag) => tag.name))];
}

/** Whether `term` is exactly one tag (`#home`, spaces around it aside): its name, or undefined. */
export function tagOfTerm(term: string): string | undefined {
  const trimmed = term.trim();
  const [only, ...rest] = findTags(trimmed);
  return only && rest.length === 0 && only.start === 0 && only.end === trimmed.length ? only.name : undefined;
}

/** Why a name typed for a tag (with or without `#`) cannot be one, or undefined when it can. */
export function tagNameError(
  raw: string,
): 'validation.tag.required' | 'validation.tag.tooLong' | 'validation.tag.invalid' | undefined {
  const bare = raw.trim().replace(/^#/, '');
  if (bare === '') return 'validation.tag.required';
  if (normaliseTag(bare).length > TAG_MAX_LENGTH) return 'validation.tag.tooLong';
  return tagOfTerm(`#${bare}`) === undefined ? 'validation.tag.invalid' : undefined;
}

/** The text with every occurrence of the tag `from` (a normalised name) written as `#to`. */
export function renameTagIn(text: string, from: string, to: string): string {
  let result = '';
  let last = 0;
  for (const tag of findTags(text)) {
    if (tag.name !== from) continue;
    result += `${text.slice(last, tag.start)}#${to}`;
    last = tag.end;
  }
  return result + text.slice(last);
}

/**
 * The tag being typed at `caret` (`prefix`, `#` or quick capture's `##`, and the word after it
 * up to the caret), for autocomplete: where it starts and what is typed so far, or undefined
 * when the caret is not in one.
 */
export function tagAtCaret(
  text: string,
  caret: number,
  prefix: '#' | '##' = '#',
): { start: number; typed: string } | undefined {
  const before = text.slice(0, caret);
  const pattern = new RegExp(String.raw`${BEFORE}${prefix}([\p{L}\p{M}\p{N}_-]*)$`, 'u');
  const match = pattern.exec(before);
  return match ? { start: match.index, typed: match[1] ?? '' } : undefined;
}

/**
 * Quick capture's tags as the text keeps them: `##tag` (there `#` picks a box) becomes `#tag`.
 */
export function captureTagsToText(text: string): string {
  return text.replace(new RegExp(String.raw`${BEFORE}##(?=[\p{L}\p{M}\p{N}])`, 'gu'), '#');
}
