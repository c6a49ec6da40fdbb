import { TZDate } from '@date-fns/tz';
import { isDateInRange } from '@nestbox/shared/dates/date-range';
import { targetHasTime } from '@nestbox/shared/dates/show-date';
import { dayOfTargetDate } from '@nestbox/shared/dates/target-date';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { displayTitle, type TitleKey } from '@nestbox/shared/items/item-rules';
import { occurrence, occurrenceAtOrAfter, type ReminderRule } from '@nestbox/shared/reminders/fire-time';
import { itemLinkPath } from '@nestbox/shared/routes';
import ical, { ICalAlarmRelatesTo, ICalAlarmType } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { translate } from '../../i18n/translate.js';
import { hasTimeOf } from '../items/items.contract.js';
import { boxesAbove } from '../items/items.service.js';
import type { ReminderRow } from '../reminders/reminders.contract.js';
import type { FeedItemRow } from './calendar.repository.js';

/** A timed event lasts this long: a target date is a moment, and calendars show a moment as a block. */
export const TIMED_EVENT_MS = 30 * 60_000;

/** How often calendar apps are asked to read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

const DAY_MS = 86_400_000;

/** Stands for the title in the reminder text, which is translated once and filled per alarm. */
const TITLE_SLOT = '\u0000';

/** The separator between the boxes of a path, as the command palette shows it. */
const PATH_SEPARATOR = ' › ';

/** Seconds in each unit a relative trigger can hold: nominal days and weeks (wall-clock days in the calendar app). */
const UNIT_SECONDS = { minutes: 60, hours: 3_600, days: 86_400, weeks: 604_800 } as const;

const TITLE_MESSAGES: Record<TitleKey, MessageKey> = {
  'pane.rootTitle': 'calendar.workspace',
  'pane.noTitle': 'calendar.untitledBox',
  'item.text.label': 'calendar.untitledText',
};

export interface FeedOwner {
  locale: UserLocale;
  timezone: string;
}

/** A reminder's alarm: seconds before the event's start (negative: after), or an instant. */
type Trigger = { beforeStart: number } | { at: number };

/**
 * When a reminder rings, as a VALARM trigger, for an event at `targetDate`, or undefined when it
 * has nothing left to ring (it fired already, or 'Dismiss All' stopped it: `next_fire_at` null).
 * - A relative trigger where one says it exactly: 'on' without repeat is the start itself. On
 *   an all-day event (which calendar apps place at midnight in their own zone) minutes, hours,
 *   days and weeks are nominal durations, so "1 day before" is midnight the day before, as the
 *   reminder fires. On a timed event (written in UTC) the trigger is the exact distance to the
 *   fire time of the shared rules, so a day across a DST change is 23 or 25 hours.
 * - An absolute trigger where no duration can: years (calendar years in the owner's zone), and
 *   a repeating 'on' reminder, which gets its next occurrence only.
 */
export function triggerOf(
  reminder: ReminderRow,
  targetDate: number,
  allDay: boolean,
  timeZone: string,
  now: number,
): Trigger | undefined {
  if (reminder.next_fire_at === null) return undefined;
  const rule: ReminderRule = {
    numberOf: reminder.number_of,
    unit: reminder.unit,
    beforeAfterOn: reminder.before_after_on,
    repeat: reminder.repeat === 1,
  };
  if (rule.beforeAfterOn === 'on') {
    if (!rule.repeat) return { beforeStart: 0 };
    const next = occurrenceAtOrAfter(targetDate, rule, timeZone, now);
    return next === null ? undefined : { at: next };
  }
  if (rule.unit === 'years') return { at: occurrence(targetDate, rule, timeZone) };
  if (allDay) {
    const sign = rule.beforeAfterOn === 'before' ? 1 : -1;
    return { beforeStart: sign * rule.numberOf * UNIT_SECONDS[rule.unit] };
  }
  return { beforeStart: (targetDate - occurrence(targetDate, rule, timeZone)) / 1000 };
}

/**
 * A recurring item's RRULE for its event, which starts at the current occurrence: a COUNT
 * keeps only the occurrences still to come. Undefined for an item that does not recur.
 */
export function feedRule(item: {
  recurrence_rule: string | null;
  recurrence_done: number;
}): string | undefined {
  if (!item.recurrence_rule) return undefined;
  const rule = item.recurrence_rule.replace(
    /COUNT=(\d+)/u,
    (_all, count: string) => `COUNT=${Math.max(1, Number(count) - item.recurrence_done)}`,
  );
  return `RRULE:${rule}`;
}

/**
 * The day (yyyy-MM-dd) a target date falls on in the owner's zone, and whether it is all-day: a
 * date set without a time (`hasTime`, as recorded; when not recorded, the start of that day there).
 */
export function dayOfEvent(
  targetDate: number,
  timeZone: string,
  hasTime: boolean | null = null,
): { day: string; allDay: boolean } {
  const day = dayOfTargetDate(targetDate, timeZone);
  return { day, allDay: !targetHasTime(targetDate, timeZone, hasTime) };
}

/**
 * What iCalendar TEXT cannot hold (RFC 5545 §3.3.11): control characters but the tab. A line
 * break is kept (the generator escapes it as `\n`); a lone carriage return becomes one; any
 * other control character is dropped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the characters TEXT forbids is its job.
const NOT_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** A value ready to be an iCalendar TEXT (the generator escapes what TEXT escapes). */
export function icalText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(NOT_TEXT, '');
}

/** A stored time as a date the generator can write, or `fallback` when it is out of range. */
const dateOr = (epochMs: number, fallback: number) => new Date(isDateInRange(epochMs) ? epochMs : fallback);

/**
 * Writes the owner's feed as iCalendar text, piece by piece: `head` once, `events` for each
 * batch of items read (so no feed is ever held or built whole), `end` once. Each dated item in a
 * batch (open boxes but their Workspace, and the dated texts) becomes an event, all-day or
 * timed, with the boxes above it as DESCRIPTION (from `boxes`, every box the owner sees), then
 * its note after a blank line (Markdown as written: calendar apps show plain text), a link
 * that opens it as URL, and the owner's shown reminders on it as alarms. Timed events are
 * written in UTC (exact whatever the reader's zone); the calendar names the owner's zone
 * (X-WR-TIMEZONE) for apps that show a feed in its own zone.
 */
export function createFeedWriter({
  owner,
  boxes: boxRows,
  reminders,
  appUrl,
  now,
}: {
  owner: FeedOwner;
  boxes: readonly FeedItemRow[];
  reminders: readonly ReminderRow[];
  appUrl: string;
  now: number;
}) {
  // Each text is translated once: a feed names the Workspace and reminders thousands of times.
  const texts = new Map<MessageKey, string>();
  const t = (key: MessageKey) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = translate(owner.locale, key);
      texts.set(key, text);
    }
    return text;
  };
  const [reminderBefore = '', reminderAfter = ''] = translate(owner.locale, 'calendar.reminder', {
    title: TITLE_SLOT,
  }).split(TITLE_SLOT);
  const titleOf = (item: { title: string; is_root_box: number; type: FeedItemRow['type'] }) => {
    const shown = displayTitle({ title: item.title, isRootBox: item.is_root_box === 1, itemType: item.type });
    return icalText('title' in shown ? shown.title : t(TITLE_MESSAGES[shown.key]));
  };
  const boxes = new Map<string, FeedItemRow & { parentId: string | null; isRootBox: boolean }>();
  for (const box of boxRows)
    boxes.set(box.id, { ...box, parentId: box.parent_id, isRootBox: box.is_root_box === 1 });
  const remindersOf = new Map<string, ReminderRow[]>();
  for (const reminder of reminders) {
    const list = remindersOf.get(reminder.item_id) ?? [];
    list.push(reminder);
    remindersOf.set(reminder.item_id, list);
  }
  // A path is the same for every item of a box: built once per box.
  const paths = new Map<string | null, string>();
  const pathOf = (parentId: string | null) => {
    let path = paths.get(parentId);
    if (path === undefined) {
      const above = boxesAbove(parentId, boxes).map(titleOf);
      path = above.length > 0 ? above.join(PATH_SEPARATOR) : t('calendar.sharedWithYou');
      paths.set(parentId, path);
    }
    return path;
  };
  const host = new URL(appUrl).host;
  // Time-zone arithmetic is the costly part of an event; many items share a date.
  const days = new Map<string, { allDay: boolean; day: string }>();
  const dayOf = (targetDate: number, hasTime: boolean | null) => {
    const key = `${targetDate}:${hasTime}`;
    let known = days.get(key);
    if (!known) {
      known = dayOfEvent(targetDate, owner.timezone, hasTime);
      days.set(key, known);
    }
    return known;
  };

  const calendar = ical({
    name: t('calendar.name'),
    description: t('calendar.description'),
    prodId: { company: 'Nestbox', product: 'Nestbox', language: owner.locale === 'fr' ? 'FR' : 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', owner.timezone);

  return {
    /**
     * The calendar's own lines, up to its first event, with the VTIMEZONE of the owner's zone:
     * the one zone a TZID of the feed names (a timed series), written whether or not one does,
     * since the events come after.
     */
    head(): string {
      return `${calendar.toString().slice(0, -CALENDAR_END.length)}${vtimezoneOf(owner.timezone)}`;
    },

    /** The events of a batch of items (those that are not events are skipped), folded. */
    events(items: readonly FeedItemRow[]): string {
      for (const item of items) {
        const targetDate = item.target_date;
        if (targetDate === null || !isDateInRange(targetDate)) continue;
        if (item.is_root_box === 1 || item.completed_at !== null) continue;
        const { allDay, day } = dayOf(targetDate, hasTimeOf(item));
        const summary = titleOf(item);
        // An all-day event is a DATE: its day in the owner's zone, written as that day at UTC midnight.
        const dayStart = Date.parse(`${day}T00:00:00Z`);
        const repeating = feedRule(item);
        // A timed series keeps its wall-clock time across DST only when written in the owner's
        // zone, after a TZID. The generator reads such a date's fields through the date itself:
        // a zoned date (TZDate) gives the owner's, where a plain Date would give the machine's.
        const when = allDay
          ? { allDay: true, start: new Date(dayStart), end: new Date(dayStart + DAY_MS) }
          : repeating
            ? {
                start: new TZDate(targetDate, owner.timezone),
                end: new TZDate(targetDate + TIMED_EVENT_MS, owner.timezone),
                timezone: owner.timezone,
              }
            : { start: new Date(targetDate), end: new Date(targetDate + TIMED_EVENT_MS) };
        const event = calendar.createEvent({
          id: `${item.id}@${host}`,
          ...when,
          ...(repeating ? { repeating } : {}),
          stamp: dateOr(item.updated_at, now),
          lastModified: dateOr(item.updated_at, now),
          summary,
          description: item.note
            ? `${pathOf(item.parent_id)}\n\n${icalText(item.note)}`
            : pathOf(item.parent_id),
          url: `${appUrl}${itemLinkPath(item.id)}`,
        });
        for (const reminder of remindersOf.get(item.id) ?? []) {
          const trigger = triggerOf(reminder, targetDate, allDay, owner.timezone, now);
          if (!trigger || ('at' in trigger && !isDateInRange(trigger.at))) continue;
          const alarm = event.createAlarm({
            type: ICalAlarmType.display,
            description: `${reminderBefore}${summary}${reminderAfter}`,
            trigger: 'at' in trigger ? new Date(trigger.at) : trigger.beforeStart,
          });
          // The generator's constructor leaves `relatesTo` out; without it, a trigger after the
          // start would be written relative to the end.
          if (!('at' in trigger)) alarm.relatesTo(ICalAlarmRelatesTo.start);
        }
      }
      // The generator folds the whole text with a TextEncoder per character (seconds for 5,000
      // events): it writes each event, they are folded here in one pass.
      const written = calendar
        .events()
        .map((event) => foldLines(event.toString()))
        .join('');
      calendar.clear();
      return written;
    },

    /** What closes the calendar. */
    end(): string {
      return CALENDAR_END;
    },
  };
}

export type FeedWriter = ReturnType<typeof createFeedWriter>;

const CALENDAR_END = 'END:VCALENDAR';

/**
 * A zone's VTIMEZONE (RFC 5545 §3.6.5) from timezones-ical-library's current rules, under the
 * zone's name as the feed's TZIDs write it (the library files an alias such as `UTC` under its
 * canonical name); nothing for a zone it does not know.
 */
export function vtimezoneOf(timeZone: string): string {
  let known = vtimezones.get(timeZone);
  if (known === undefined) {
    const found = tzlib_get_ical_block(timeZone);
    const block = Array.isArray(found) ? found[0] : undefined;
    known = block?.startsWith('BEGIN:VTIMEZONE')
      ? `${foldLines(block.replace(/^TZID:.*$/m, `TZID:${timeZone}`))}\r\n`
      : '';
    vtimezones.set(timeZone, known);
  }
  return known;
}

/** Each zone's VTIMEZONE, built once: the library's rules do not change while the process runs. */
const vtimezones = new Map<string, string>();

/** UTF-8 length of a code point. */
const utf8Length = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * Folds CRLF-separated content lines as the generator does (RFC 5545 §3.1): at most 75 octets
 * a line, continued on the next after a CRLF and a space, never inside a character.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      // 3 octets at most per UTF-16 unit (4 per surrogate pair): short lines need no count.
      if (line.length * 3 <= 74) return line;
      let folded = '';
      let octets = 0;
      for (const char of line) {
        const size = utf8Length(char.codePointAt(0) ?? 0);
        octets += size;
        if (octets > 74) {
          folded += '\r\n ';
          octets = size;
        }
        folded += char;
      }
      return folded;
    })
    .join('\r\n');
}
