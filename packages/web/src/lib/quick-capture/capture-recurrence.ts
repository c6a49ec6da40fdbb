import type { TextRange } from '@nestbox/shared/dates/read-date';
import { readRecurrence } from '@nestbox/shared/recurrence/read-recurrence';
import { firstOccurrence } from '@nestbox/shared/recurrence/recurrence-rule';

/** A recurrence typed in a capture ("every Monday", "tous les lundis") and the first date it sets. */
export interface RecurrenceToken extends TextRange {
  kind: 'recurrence';
  /** The RRULE (without DTSTART). */
  rule: string;
  fromCompletion: boolean;
  /** Its first occurrence (UTC ms): from today on, or from a date typed with it. */
  at: number;
  hasTime: boolean;
}

/**
 * The recurrence in a typed text, read by the shared reader (`read-recurrence`), with its first
 * occurrence in the person's zone: "every Monday" typed on a Wednesday is next Monday. Null
 * when there is none, or when the rule never happens.
 */
export function readCaptureRecurrence(
  text: string,
  { timeZone, now }: { timeZone: string; now: number },
  taken: readonly { start: number; end: number }[],
  isLiteral: (range: TextRange) => boolean,
): RecurrenceToken | null {
  const read = readRecurrence(text, { taken, isLiteral });
  if (!read) return null;
  const at = firstOccurrence(read.rule, { now, timeZone, time: read.time });
  if (at === null) return null;
  const { rule, fromCompletion, start, end } = read;
  return { kind: 'recurrence', start, end, text: read.text, rule, fromCompletion, at, hasTime: !!read.time };
}

/**
 * The target date a capture sets with a recurrence: the rule's first occurrence on or after a
 * date typed with it ("every Monday from 1 June"), else its first from today on.
 */
export function recurrenceStart(
  token: RecurrenceToken,
  date: { at: number; hasTime: boolean } | null,
  timeZone: string,
): number {
  if (!date) return token.at;
  return firstOccurrence(token.rule, { now: date.at, timeZone }) ?? token.at;
}
