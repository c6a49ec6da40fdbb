import { createHash } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { Clock } from '../../clock.js';
import type { Db, UserRow } from '../../db/schema.js';
import { translate } from '../../i18n/translate.js';
import { hasTimeColumn } from '../items/items.contract.js';
import type { TextFields } from '../items/items.service.js';
import { shownRemindersOnDatedItems } from '../reminders/reminders.service.js';
import type { MemberRow, TextState } from './caldav.repository.js';
import { DavError } from './dav-error.js';
import { type Due, dueOf, type TaskReader, type TaskSource, writeTask } from './vtodo.js';

/**
 * A task's versions and text: its ETag, the preconditions a write names, whether a write kept
 * what was sent, and tasks written for their reader a batch at a time.
 */

/** A task as a client reads it: where it is, its version, and (when asked) its iCalendar text. */
export interface Task {
  name: string;
  etag: string;
  data?: string;
}

/** Tasks written per turn of the event loop: a long list never holds it. */
const WRITE_BATCH = 50;

/** Stands for the title in the reminder text. */
const TITLE_SLOT = '\u0000';

const stale = () => new DavError(412, 'caldav.precondition.failed');

/** The version of what a reader is given of a text: its last change, and what the reader's zone and language make of it. */
export function etagOf(seq: number, user: UserRow): string {
  const key = `${user.timezone}\n${user.locale}`;
  let reader = readerTags.get(key);
  if (reader === undefined) {
    reader = createHash('sha256').update(key).digest('hex').slice(0, 8);
    readerTags.set(key, reader);
  }
  return `"${seq}-${reader}"`;
}

/** Each zone and language's part of an ETag, worked out once (a few hundred pairs at most). */
const readerTags = new Map<string, string>();

/** Whether a text holds what a client sent for it, field by field. */
export function keptAsSent(stored: TextState, fields: TextFields): boolean {
  return (
    stored.title === fields.title &&
    (stored.note ?? '') === (fields.note?.trim() ? fields.note : '') &&
    stored.target_date === fields.targetDate &&
    stored.target_has_time ===
      hasTimeColumn({ targetDate: fields.targetDate ?? null, hasTime: fields.targetHasTime }) &&
    stored.recurrence_rule === (fields.recurrence ?? null) &&
    (stored.completed_at !== null) === fields.completed
  );
}

/** An If-Match or If-None-Match header's tags ('*' included). */
const tagsIn = (header: string | undefined) =>
  header === undefined ? undefined : header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));

/** Refuses a write whose If-Match or If-None-Match does not hold (412). */
export function checkPreconditions(
  current: MemberRow | undefined,
  user: UserRow,
  { ifMatch, ifNoneMatch }: { ifMatch?: string | undefined; ifNoneMatch?: string | undefined },
) {
  const match = tagsIn(ifMatch);
  const noneMatch = tagsIn(ifNoneMatch);
  const etag = current && etagOf(current.seq, user);
  if (match && !(etag && (match.includes('*') || match.includes(etag)))) throw stale();
  if (noneMatch && etag && (noneMatch.includes('*') || noneMatch.includes(etag))) throw stale();
}

/** Writes tasks a batch at a time, letting other requests run between batches. */
export async function writtenTasks(
  db: Db,
  now: Clock,
  user: UserRow,
  rows: readonly (TaskSource & MemberRow)[],
): Promise<Task[]> {
  const reminders = await shownRemindersOnDatedItems(db, user.id);
  const remindersOf = new Map<string, typeof reminders>();
  for (const reminder of reminders) {
    const list = remindersOf.get(reminder.item_id) ?? [];
    list.push(reminder);
    remindersOf.set(reminder.item_id, list);
  }
  const dues = new Map<string, Due>();
  // The reminder text is translated once and filled per alarm.
  const [before = '', after = ''] = translate(userLocaleOf(user.locale), 'calendar.reminder', {
    title: TITLE_SLOT,
  }).split(TITLE_SLOT);
  const reader: TaskReader = {
    timezone: user.timezone,
    now: now(),
    reminderText: (title: string) => `${before}${title}${after}`,
    dueOf: (targetDate, hasTime) => {
      const key = `${targetDate}:${hasTime}`;
      let due = dues.get(key);
      if (!due) {
        due = dueOf(targetDate, user.timezone, hasTime);
        dues.set(key, due);
      }
      return due;
    },
  };
  const tasks: Task[] = [];
  for (let start = 0; start < rows.length; start += WRITE_BATCH) {
    if (start > 0) await yieldToEventLoop();
    for (const row of rows.slice(start, start + WRITE_BATCH))
      tasks.push({
        name: row.name,
        etag: etagOf(row.seq, user),
        data: writeTask(row, remindersOf.get(row.id) ?? [], reader),
      });
  }
  return tasks;
}
