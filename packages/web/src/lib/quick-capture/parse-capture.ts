import { type DateRead, readDates, type TextRange } from '@nestbox/shared/dates/read-date';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import { type RecurrenceToken, readCaptureRecurrence, recurrenceStart } from './capture-recurrence';

/**
 * Reads what a person typed to capture a text: a date and time (English and French, whatever
 * the language of the app), `#Box` for where it goes, `!today` and `!p` for the Organizer.
 * Pure: the same text, language, zone, "now", boxes and literal marks always give the same
 * answer, so the field can run it on every keystroke and the tests can pin it down.
 *
 * Dates are read by the shared reader (`@nestbox/shared/dates/read-date`), which says what
 * is not a date so that ordinary text stays as typed; a `#` word or a mark is never a date.
 */

export type CaptureTokenKind = 'date' | 'box' | 'today' | 'priority' | 'recurrence';

/** Where a token starts and ends in the typed text, and the typed text it covers. */
type TokenRange = TextRange;

export type CaptureToken = TokenRange &
  (
    | {
        kind: 'date';
        /** The instant (UTC ms): that time where the person is, or the start of that day. */
        at: number;
        /** A time of day was written ("9am", "18h30"); otherwise the date is a day. */
        hasTime: boolean;
      }
    | { kind: 'box'; box: CaptureBox }
    | { kind: 'today' }
    | { kind: 'priority' }
    | Omit<RecurrenceToken, keyof TokenRange>
  );

/** A box the text may go to (one the finder offered, or the one chosen). */
export interface CaptureBox {
  id: string;
  title: string;
}

/** A part of the text to keep as typed ("keep as text"): the token with this range and text is ignored. */
export type LiteralMark = TokenRange;

/** A date read in the text that is not (or not yet) its date: offered, or kept as text. */
export type DateReading = DateRead;

export interface CaptureInput {
  text: string;
  /** The app's language: its date words are tried first, the other language's next. */
  locale: UserLocale;
  /** The person's IANA time zone: dates are read there, not in the browser's zone. */
  timeZone: string;
  /** UTC ms. */
  now: number;
  /** Boxes `#` may name, preferred first (the one chosen, then the finder's answers). */
  boxes?: readonly CaptureBox[];
  literals?: readonly LiteralMark[];
  /** Offered dates (title-like readings) the person chose to use: each with its range and text. */
  accepted?: readonly LiteralMark[];
  /** Read `#Box`, `!today` and `!p` too (quick capture); a line typed in a pane reads dates only. */
  marks?: boolean;
}

export interface ParsedCapture {
  /** Every part recognised, in the order of the text. */
  tokens: CaptureToken[];
  /** The text without them, spaces tidied. */
  title: string;
  targetDate: number | null;
  /** With a target date: a time of day was written with it ("at 00:00" too). */
  targetHasTime: boolean;
  box: CaptureBox | null;
  markedAsForToday: boolean;
  prioritize: boolean;
  /** A recurrence typed with it ("every Monday"); it also sets the target date. */
  recurrence: { rule: string; fromCompletion: boolean } | null;
  /**
   * With no date taken, a reading that looks like part of a title ("Watch Friday Night
   * Lights"): left in the text until the person accepts it (`accepted`).
   */
  offered: DateReading | null;
  /** The date readings the person keeps as text. */
  keptDates: DateReading[];
}

const TODAY_MARKS = new Set(['today', 'aujourdhui', "aujourd'hui", 'auj']);
const PRIORITY_MARKS = new Set(['p']);
/** `!word` at the start of a word, up to the next space or punctuation. */
const BANG = /(?<=^|\s)!([\p{L}']+)(?=$|[\s,.;:!?)])/gu;
/** `#` at the start of a word, and the word after it. */
const HASH = /(?<=^|\s)#([^\s#!]*)/gu;
/** What may follow a box's title: the end, a space or punctuation. */
const AFTER_TITLE = /^(?:$|[\s,.;:!?)])/u;
const keyOf = (range: TokenRange) => `${range.start}:${range.end}:${range.text}`;
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/** The box a `#` at `hash` names: the longest title of the boxes given that the text goes on with. */
function boxAt(text: string, hash: number, boxes: readonly CaptureBox[]): CaptureBox | null {
  const after = text.slice(hash + 1).toLocaleLowerCase();
  let found: CaptureBox | null = null;
  for (const box of boxes) {
    const title = box.title.trim().toLocaleLowerCase();
    if (title === '' || !after.startsWith(title) || !AFTER_TITLE.test(after.slice(title.length))) continue;
    if (!found || title.length > found.title.trim().length) found = box;
  }
  return found;
}

/**
 * The text without the tokens' ranges: the pieces around them joined by one space (none
 * before a comma, a full stop or a closing bracket), spaces tidied, no separator left
 * dangling at either end. Without tokens, the text exactly as typed.
 */
function remainingTitle(text: string, tokens: readonly CaptureToken[]): string {
  if (tokens.length === 0) return text;
  const pieces: string[] = [];
  let from = 0;
  for (const token of tokens) {
    pieces.push(text.slice(from, token.start));
    from = token.end;
  }
  pieces.push(text.slice(from));
  let title = '';
  for (const piece of pieces) {
    const left = title.replace(/[^\S\n]+$/u, '');
    const right = piece.replace(/^[^\S\n]+/u, '');
    title = left === '' || right === '' || /^[,.)]/u.test(right) ? left + right : `${left} ${right}`;
  }
  return title
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/gu, '')
    .trim();
}

/** Reads the typed text (see the module's comment). */
export function parseCapture(input: CaptureInput): ParsedCapture {
  const { text, boxes = [], literals = [], accepted = [], marks = true } = input;
  const literalKeys = new Set(literals.map(keyOf));
  const isLiteral = (range: TokenRange) => literalKeys.has(keyOf(range));
  const acceptedKeys = new Set(accepted.map(keyOf));
  const isAccepted = (range: TokenRange) => acceptedKeys.has(keyOf(range));
  const tokens: CaptureToken[] = [];
  /** `#` words with no box: never a date (a box's title may hold one), left as typed. */
  const hashWords: { start: number; end: number }[] = [];

  if (marks) {
    let box: CaptureBox | null = null;
    for (const match of text.matchAll(HASH)) {
      const found: CaptureBox | null = box ? null : boxAt(text, match.index, boxes);
      const end = found ? match.index + 1 + found.title.trim().length : match.index + match[0].length;
      const range = { start: match.index, end, text: text.slice(match.index, end) };
      if (found && !isLiteral(range)) {
        box = found;
        tokens.push({ ...range, kind: 'box', box: found });
      } else hashWords.push(range);
    }
    for (const match of text.matchAll(BANG)) {
      const word = (match[1] ?? '').toLocaleLowerCase().replaceAll('’', "'");
      const kind = TODAY_MARKS.has(word) ? 'today' : PRIORITY_MARKS.has(word) ? 'priority' : null;
      const range = { start: match.index, end: match.index + match[0].length, text: match[0] };
      if (kind && !isLiteral(range) && !tokens.some((token) => overlaps(token, range)))
        tokens.push({ ...range, kind });
    }
  }
  const recurrence = readCaptureRecurrence(text, input, [...tokens, ...hashWords], isLiteral);
  if (recurrence) tokens.push(recurrence);
  const choices = readDates(text, input, { taken: [...tokens, ...hashWords], isLiteral, isAccepted });
  const found = choices.date;
  const date: CaptureToken | null = found && { ...found, kind: 'date' };
  if (date) tokens.push(date);
  tokens.sort((a, b) => a.start - b.start);

  return {
    tokens,
    title: remainingTitle(text, tokens),
    targetDate: recurrence
      ? recurrenceStart(recurrence, found, input.timeZone)
      : date?.kind === 'date'
        ? date.at
        : null,
    targetHasTime: recurrence ? recurrence.hasTime : date?.kind === 'date' && date.hasTime,
    box: tokens.find((token) => token.kind === 'box')?.box ?? null,
    markedAsForToday: tokens.some((token) => token.kind === 'today'),
    prioritize: tokens.some((token) => token.kind === 'priority'),
    recurrence: recurrence && { rule: recurrence.rule, fromCompletion: recurrence.fromCompletion },
    offered: choices.offered,
    keptDates: choices.kept,
  };
}

/**
 * Literal marks carried through an edit of the text: those before the change stay, those
 * after it move with it, and one the change touched is dropped (that part was retyped).
 */
export function shiftLiterals(
  before: string,
  after: string,
  literals: readonly LiteralMark[],
): LiteralMark[] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix += 1;
  const changedEnd = before.length - suffix;
  const shift = after.length - before.length;
  return literals.flatMap((mark) => {
    if (mark.end <= prefix) return [mark];
    if (mark.start >= changedEnd) return [{ ...mark, start: mark.start + shift, end: mark.end + shift }];
    return [];
  });
}

/**
 * What `#` asks the finder while it is being typed: the words from a `#` to the caret, when
 * no box is recognised there yet (null when the caret is not in such a word).
 */
export function boxQueryAt(
  text: string,
  caret: number,
  parsed: ParsedCapture,
): { start: number; query: string } | null {
  const start = text.lastIndexOf('#', caret - 1);
  if (start < 0 || (start > 0 && !/\s/u.test(text[start - 1] ?? ''))) return null;
  if (parsed.tokens.some((token) => token.kind === 'box' && token.start <= start && start < token.end))
    return null;
  const query = text.slice(start + 1, caret);
  if (/[#!\n]|\s{2}/u.test(query) || query.length > 60) return null;
  return { start, query };
}
