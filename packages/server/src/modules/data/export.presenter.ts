import {
  EXPORT_MAX_COMPLETIONS,
  type ExportBox,
  type ExportComment,
  type ExportCompletion,
  type ExportMember,
  type ExportReminder,
  type ExportSettings,
  type ExportText,
} from '@nestbox/shared/data/export.schema';
import { dateClampedToRange, dateInRangeOrNull, isDateInRange } from '@nestbox/shared/dates/date-range';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { UserRow } from '../../db/schema.js';
import type { ExportedAttachment } from '../attachments/attachments.service.js';
import { hasTimeOf } from '../items/items.contract.js';
import type { ExportRow } from './export.repository.js';

/** An item with what the export writes beside it: the caller's reminders and the item's members. */
export interface ExportNode {
  row: ExportRow;
  reminders: ExportReminder[];
  /** Everyone linked to the item itself; undefined when nobody is (no direct share). */
  members: ExportMember[] | undefined;
  /** A repeating text's completed occurrences, oldest first; undefined when it has none. */
  completions?: ExportCompletion[] | undefined;
  /** The item's comments, oldest first; undefined when it has none. */
  comments?: ExportComment[] | undefined;
  /** The item's attached files, oldest first; undefined when it has none. */
  attachments?: ExportedAttachment[] | undefined;
}

/** The exporter's settings, as the JSON file carries them. */
export function presentSettings(user: UserRow): ExportSettings {
  return {
    locale: userLocaleOf(user.locale),
    timezone: user.timezone,
    workspace: { tooltipsEnabled: user.tooltips_enabled === 1, openBoxesIn: user.open_boxes_in },
    organizer: {
      prioritizedSplitPercentage: user.prioritized_split_percentage,
      unprioritizedListOrderBy: user.unprioritized_order_by,
      unprioritizedListOrderByDir: user.unprioritized_order_dir,
    },
    customizations: {
      defaultShowCompletedItems: user.default_show_completed === 1,
      defaultAutoAddToUnprioritized: user.default_auto_add_to_unprioritized === 1,
      reminderEmails: user.reminder_emails === 1,
      shortcutsEnabled: user.shortcuts_enabled === 1,
      colorScheme: user.color_scheme,
    },
  };
}

/**
 * One item of the JSON file without its children (the service writes them after it, so a
 * box's contents are never held whole). Keys in the schema's order.
 */
export function presentJsonItem({
  row,
  reminders,
  members,
  completions,
  comments,
  attachments,
}: ExportNode): ExportText | Omit<ExportBox, 'children'> {
  const common = {
    id: row.id,
    title: row.title,
  };
  // A stored time out of range (written by an older version, or straight into the database)
  // must neither break the file nor make it unreadable to the import: the nearer end of the
  // range, or no target date, as the API presents it.
  const dates = {
    createdAt: dateClampedToRange(row.created_at),
    completedAt: row.completed_at === null ? null : dateClampedToRange(row.completed_at),
    archivedAt: row.archived_at === null ? null : dateClampedToRange(row.archived_at),
    targetDate: dateInRangeOrNull(row.target_date),
    ...(row.target_has_time === null || dateInRangeOrNull(row.target_date) === null
      ? {}
      : { targetHasTime: row.target_has_time === 1 }),
    autoArchive:
      row.auto_archive_amount !== null && row.auto_archive_duration !== null
        ? { amount: row.auto_archive_amount, duration: row.auto_archive_duration }
        : null,
  };
  const personal = {
    mine: {
      favourited: row.favourited === 1,
      prioritizable: row.prioritizable === 1,
      priority: row.priority,
      markedForToday: row.marked_for_today === 1,
    },
    reminders,
    ...(members ? { members } : {}),
    ...(row.note === null ? {} : { note: row.note }),
    ...(comments ? { comments } : {}),
    ...(attachments ? { attachments: attachments.map((file) => file.attachment) } : {}),
  };
  if (row.type === 'todoText') {
    const recurrence = row.recurrence_rule
      ? {
          recurrence: {
            rule: row.recurrence_rule,
            fromCompletion: row.recur_from_completion === 1,
            done: row.recurrence_done,
            // The newest ones when there are more than a file carries, so the file stays importable.
            ...(completions && completions.length > 0
              ? {
                  completions: completions.slice(-EXPORT_MAX_COMPLETIONS).map((completion) => ({
                    occurrence: dateClampedToRange(completion.occurrence),
                    completedAt: dateClampedToRange(completion.completedAt),
                  })),
                }
              : {}),
          },
        }
      : {};
    return { type: 'text', ...common, ...dates, ...personal, ...recurrence };
  }
  return {
    type: 'box',
    ...common,
    boxType: row.box_type,
    ...dates,
    settings: {
      showCompleted: row.show_completed === 1,
      autoAddToUnprioritized: row.auto_add_to_unprioritized === 1,
    },
    ...personal,
  };
}

/** An instant's wall-clock fields in one time zone. */
export interface ZonedTime {
  /** `yyyy-MM-dd` */
  day: string;
  /** `HH:mm` */
  time: string;
  /** `HH:mm:ss` */
  timeWithSeconds: string;
  /** ISO 8601 offset: `+01:00`, or `Z` */
  offset: string;
  /** The very start of a day (a target date picked without a time). */
  startOfDay: boolean;
}

const DAY_MS = 86_400_000;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * Reads instants in a time zone. `Intl` gives the zone's offset, asked once per day (a day
 * with a change of offset asks for each instant); the fields then come from plain arithmetic:
 * a zoned date per value (date-fns' `TZDate`, or `formatToParts`) costs tens of microseconds,
 * which a 100,000-row export cannot afford.
 */
export function zonedClock(timeZone: string): (epochMs: number) => ZonedTime {
  const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' });
  /** The zone's offset at an instant, in minutes ("GMT+05:30" → 330, "GMT" → 0). */
  const offsetAt = (epochMs: number): number => {
    const name = offsetFormat.formatToParts(epochMs).find((part) => part.type === 'timeZoneName')?.value;
    const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
    if (!match) return 0;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  };
  /** Per UTC day: the offset all day long, or null when it changes that day. */
  const daysOffsets = new Map<number, number | null>();
  const offsetMinutes = (epochMs: number): number => {
    const day = Math.floor(epochMs / DAY_MS);
    let offset = daysOffsets.get(day);
    if (offset === undefined) {
      const first = offsetAt(day * DAY_MS);
      offset = first === offsetAt(day * DAY_MS + DAY_MS - 1) ? first : null;
      daysOffsets.set(day, offset);
    }
    return offset ?? offsetAt(epochMs);
  };
  return (epochMs) => {
    const minutes = offsetMinutes(epochMs);
    const local = new Date(epochMs + minutes * 60_000);
    const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
    const seconds = local.getUTCSeconds();
    const size = Math.abs(minutes);
    return {
      day: `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
      time,
      timeWithSeconds: `${time}:${pad(seconds)}`,
      offset:
        minutes === 0 ? 'Z' : `${minutes < 0 ? '-' : '+'}${pad(Math.floor(size / 60))}:${pad(size % 60)}`,
      startOfDay: time === '00:00' && seconds === 0 && local.getUTCMilliseconds() === 0,
    };
  };
}

/**
 * Is a target date a day alone? As recorded (`hasTime`), or when that was not recorded, the
 * start of a day in the exporter's zone.
 */
const isDayAlone = (at: ZonedTime, hasTime: boolean | null) => (hasTime === null ? at.startOfDay : !hasTime);

/**
 * A target date in ISO 8601 in the exporter's time zone: the day alone (`2026-11-26`) when it
 * was picked without a time, else the date and time with the zone's offset
 * (`2026-11-26T09:00:00+01:00`).
 */
export function isoTargetDate(at: ZonedTime, hasTime: boolean | null = null): string {
  return isDayAlone(at, hasTime) ? at.day : `${at.day}T${at.timeWithSeconds}${at.offset}`;
}

/**
 * A time as spreadsheets read one (`2026-11-26 09:00`), in the exporter's time zone; a target
 * date picked without a time (`dayAlone`) is the day alone.
 */
function spreadsheetTime(at: ZonedTime | null, dayAlone?: (at: ZonedTime) => boolean): string {
  if (!at) return '';
  return dayAlone?.(at) ? at.day : `${at.day} ${at.time}`;
}

/**
 * What XML 1.0 cannot carry at all: control characters other than tab, line feed and carriage
 * return, lone surrogates, and U+FFFE / U+FFFF. They are dropped.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the characters XML 1.0 forbids is its job.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // Written as references, or a parser would turn them into spaces (attribute normalisation).
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** A value ready to go between the double quotes of an XML attribute. */
export function xmlAttribute(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"\t\n\r]/g, (char) => XML_ATTRIBUTE_ESCAPES[char] ?? '');
}

/**
 * The attributes of an item's `<outline>` in OPML 2.0: `text` (the title), `created` (RFC 822,
 * as OPML 2.0 defines it), `_complete="true"` when completed (as Workflowy and Dynalist write
 * it), `_targetDate` (see `isoTargetDate`) and `_note` (the note, as Workflowy and Dynalist
 * write one).
 */
export function opmlAttributes(row: ExportRow, clock: (epochMs: number) => ZonedTime): string {
  let attributes = `text="${xmlAttribute(row.title)}"`;
  // A stored time out of range is left out (it has no calendar day to write).
  if (isDateInRange(row.created_at)) attributes += ` created="${new Date(row.created_at).toUTCString()}"`;
  if (row.completed_at !== null) attributes += ' _complete="true"';
  const targetDate = dateInRangeOrNull(row.target_date);
  if (targetDate !== null) attributes += ` _targetDate="${isoTargetDate(clock(targetDate), hasTimeOf(row))}"`;
  if (row.note !== null) attributes += ` _note="${xmlAttribute(row.note)}"`;
  return attributes;
}

/** The CSV file's columns, in order. */
export const CSV_COLUMNS = [
  'path',
  'title',
  'type',
  'completed_at',
  'archived_at',
  'target_date',
  'priority',
  'favourite',
  'today',
  'created_at',
  'note',
] as const;

/** What separates the boxes of a CSV path (the command palette shows paths the same way). */
export const CSV_PATH_SEPARATOR = ' › ';

/** A line inside a cell that a spreadsheet would read as a formula: after a line break, = + - @ or a tab. */
const FORMULA_LINE = /([\r\n])(?=[=+\-@\t])/g;

/**
 * A cell's text with every line after the first defused as the first is (csv-stringify's
 * `escape_formulas`): a spreadsheet that starts a new row at a bare line break must not find a
 * formula there. The writer quotes any cell holding a line break.
 */
export function defusedLines(value: string): string {
  return value.replace(FORMULA_LINE, "$1'");
}

/** One CSV record: `path` holds the titles of the boxes above the item, outermost first. */
export function csvRecord(
  row: ExportRow,
  path: readonly string[],
  clock: (epochMs: number) => ZonedTime,
): (string | number)[] {
  // A stored time out of range is an empty cell (it has no calendar day to write).
  const zoned = (epochMs: number | null) => {
    const at = dateInRangeOrNull(epochMs);
    return at === null ? null : clock(at);
  };
  return [
    defusedLines(path.join(CSV_PATH_SEPARATOR)),
    defusedLines(row.title),
    row.type === 'todoBox' ? 'box' : 'text',
    spreadsheetTime(zoned(row.completed_at)),
    spreadsheetTime(zoned(row.archived_at)),
    spreadsheetTime(zoned(row.target_date), (at) => isDayAlone(at, hasTimeOf(row))),
    row.priority ?? '',
    row.favourited === 1 ? 'true' : 'false',
    row.marked_for_today === 1 ? 'true' : 'false',
    spreadsheetTime(zoned(row.created_at)),
    defusedLines(row.note ?? ''),
  ];
}
