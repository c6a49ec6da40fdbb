import type { ExportRecurrence } from '@nestbox/shared/data/export.schema';
import { readRecurrence } from '@nestbox/shared/recurrence/read-recurrence';
import { firstOccurrence } from '@nestbox/shared/recurrence/recurrence-rule';
import type { ParseContext } from './parsed-file.js';

/**
 * A Todoist DATE that repeats ("every monday", "every! 3 days", "tous les lundis"), read as
 * quick capture reads it: the recurrence, and its first occurrence from the import on as the
 * target date. Undefined when the date does not repeat.
 */
export function todoistRecurrence(
  written: string,
  context: Pick<ParseContext, 'now' | 'timeZone'>,
): { targetDate: number; hasTime: boolean; recurrence: ExportRecurrence } | undefined {
  const read = readRecurrence(written);
  if (!read) return undefined;
  const targetDate = firstOccurrence(read.rule, {
    now: context.now,
    timeZone: context.timeZone,
    time: read.time,
  });
  if (targetDate === null) return undefined;
  return {
    targetDate,
    hasTime: read.time !== null && read.time !== undefined,
    recurrence: { rule: read.rule, fromCompletion: read.fromCompletion, done: 0 },
  };
}
