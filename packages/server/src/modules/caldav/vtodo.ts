import { TZDate } from '@date-fns/tz';
import { NOTE_MAX_LENGTH, TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import { isDateInRange } from '@nestbox/shared/dates/date-range';
import { targetDateFromDay } from '@nestbox/shared/dates/target-date';
import { instantOfWallTime } from '@nestbox/shared/dates/wall-time';
import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import { recurrenceRuleError } from '@nestbox/shared/recurrence/recurrence-rule';
import { findTags, normaliseTag, tagsOf } from '@nestbox/shared/tags/tags';
import ICAL from 'ical.js';
import { dayOfEvent, feedRule, icalText, triggerOf, vtimezoneOf } from '../calendar/calendar.service.js';
import { hasTimeOf } from '../items/items.contract.js';
import type { TextFields } from '../items/items.service.js';
import type { ReminderRow } from '../reminders/reminders.contract.js';
import { type Alarm, alarmsOf } from './alarms.js';
import { DavError } from './dav-error.js';
import { NS } from './dav-xml.js';

/** What a task is written from: a text, what a client left on it, and its reader's reminders on it. */
export interface TaskSource {
  id: string;
  title: string;
  note: string | null;
  target_date: number | null;
  /** Whether the target date carries a time of day (1), is a day alone (0), or was not recorded (null). */
  target_has_time: number | null;
  recurrence_rule: string | null;
  recurrence_done: number;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
  /** The UID a client gave it, or null (its id is its UID). */
  uid: string | null;
  /** Properties a client sent that Nestbox does not model (jCal), or '' . */
  extra: string;
}

/** The person a task is written for: dates in their zone, alarms from their reminders. */
export interface TaskReader {
  timezone: string;
  reminderText: (title: string) => string;
  now: number;
  /** Where a target date falls in the reader's zone (`dueOf`, kept per date: many tasks share one). */
  dueOf: (targetDate: number, hasTime: boolean | null) => Due;
}

/** A target date as a task's DUE: a day alone (picked without a time), or a wall-clock time in the reader's zone. */
export interface Due {
  allDay: boolean;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Where a target date falls in a zone, as a DUE (`hasTime` as recorded, or null). */
export function dueOf(targetDate: number, timeZone: string, hasTime: boolean | null): Due {
  const { allDay } = dayOfEvent(targetDate, timeZone, hasTime);
  const wall = new TZDate(targetDate, timeZone);
  return {
    allDay,
    year: wall.getFullYear(),
    month: wall.getMonth() + 1,
    day: wall.getDate(),
    hour: wall.getHours(),
    minute: wall.getMinutes(),
  };
}

/** The properties Nestbox writes from its own fields; a client's values of any other are kept. */
const MODELLED = new Set([
  'uid',
  'summary',
  'description',
  'due',
  'rrule',
  'status',
  'completed',
  'percent-complete',
  'categories',
  'dtstamp',
  'created',
  'last-modified',
]);

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

/** A text as a VCALENDAR holding one VTODO, with its reader's zone as a VTIMEZONE when DUE has a time. */
export function writeTask(task: TaskSource, reminders: readonly ReminderRow[], reader: TaskReader): string {
  const todo = new ICAL.Component('vtodo');
  todo.addPropertyWithValue('uid', task.uid ?? task.id);
  todo.addPropertyWithValue('dtstamp', utc(task.updated_at));
  todo.addPropertyWithValue('created', utc(task.created_at));
  todo.addPropertyWithValue('last-modified', utc(task.updated_at));
  const { summary, categories } = summaryOf(task.title);
  todo.addPropertyWithValue('summary', icalText(summary));
  if (task.note) todo.addPropertyWithValue('description', icalText(task.note));
  let timed = false;
  const targetDate = task.target_date !== null && isDateInRange(task.target_date) ? task.target_date : null;
  if (targetDate !== null) {
    const { allDay, year, month, day, hour, minute } = reader.dueOf(targetDate, hasTimeOf(task));
    const due = new ICAL.Property('due');
    if (allDay) {
      due.resetType('date');
      due.setValue(ICAL.Time.fromData({ year, month, day, isDate: true }));
    } else {
      due.setValue(ICAL.Time.fromData({ year, month, day, hour, minute, second: 0 }));
      due.setParameter('tzid', reader.timezone);
      timed = true;
    }
    todo.addProperty(due);
    const rule = feedRule(task);
    if (rule) todo.addPropertyWithValue('rrule', ICAL.Recur.fromString(rule.slice('RRULE:'.length)));
    for (const reminder of reminders) {
      const trigger = triggerOf(reminder, targetDate, allDay, reader.timezone, reader.now);
      if (!trigger) continue;
      const alarm = new ICAL.Component('valarm');
      alarm.addPropertyWithValue('action', 'DISPLAY');
      alarm.addPropertyWithValue('description', icalText(reader.reminderText(task.title)));
      const property = new ICAL.Property('trigger');
      if ('at' in trigger) {
        property.resetType('date-time');
        property.setValue(utc(trigger.at));
      } else {
        property.setValue(ICAL.Duration.fromSeconds(-trigger.beforeStart));
        // A task's alarm is relative to its DUE (RFC 5545 §3.8.6.3).
        property.setParameter('related', 'END');
      }
      alarm.addProperty(property);
      todo.addSubcomponent(alarm);
    }
  }
  if (task.completed_at !== null) {
    todo.addPropertyWithValue('status', 'COMPLETED');
    todo.addPropertyWithValue('completed', utc(task.completed_at));
    todo.addPropertyWithValue('percent-complete', 100);
  } else todo.addPropertyWithValue('status', 'NEEDS-ACTION');
  if (categories.length > 0) {
    const property = new ICAL.Property('categories');
    property.setValues(categories);
    todo.addProperty(property);
  }
  for (const json of extraProperties(task.extra)) todo.addProperty(new ICAL.Property(json));
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Nestbox//CalDAV//EN');
  const text = `${calendar.toString().replace(/END:VCALENDAR\r?\n?$/, '')}${todo.toString()}\r\nEND:VCALENDAR\r\n`;
  return timed ? text.replace('BEGIN:VTODO', `${vtimezoneOf(reader.timezone)}BEGIN:VTODO`) : text;
}

/**
 * A title as a task's SUMMARY and CATEGORIES: its tags are its categories, each once, as
 * written; the run of tags that ends it is left out of the summary (where apps show
 * categories apart), the tags within it stay. `readTask` appends categories the summary lacks,
 * so a title goes out and comes back the same.
 */
export function summaryOf(title: string): { summary: string; categories: string[] } {
  const tags = findTags(title);
  const categories: string[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    if (seen.has(tag.name)) continue;
    seen.add(tag.name);
    categories.push(tag.written);
  }
  let end = title.trimEnd().length;
  for (const tag of [...tags].reverse()) {
    if (tag.end !== end || title.slice(0, tag.start).trim() === '') break;
    end = title.slice(0, tag.start).trimEnd().length;
  }
  return { summary: title.slice(0, end), categories };
}

function extraProperties(extra: string): unknown[][] {
  if (extra === '') return [];
  try {
    const parsed: unknown = JSON.parse(extra);
    return Array.isArray(parsed) ? (parsed as unknown[][]) : [];
  } catch {
    return [];
  }
}

/** A task as a client sent it: its UID, the text's fields, and what Nestbox keeps as sent. */
export interface ReadTask {
  uid: string;
  fields: TextFields;
  /** The properties Nestbox does not model, as jCal (JSON), or ''. */
  extra: string;
  /** Its alarms, which become the writer's reminders. */
  alarms: Alarm[];
}

const refuse = (reason: MessageKey, params?: Record<string, string | number>): never => {
  throw new DavError(
    403,
    'caldav.object.invalid',
    { ns: NS.caldav, name: 'valid-calendar-object-resource' },
    {},
    { reason, ...params },
  );
};

/**
 * Reads a task a client sent (RFC 5545 text holding one VTODO, perhaps with VTIMEZONEs) into a
 * text's fields, in the writer's zone where the task gives none: SUMMARY the title (each
 * CATEGORIES value not already a tag in it is added as one), DESCRIPTION the note, DUE the
 * target date (a DATE is that day, a time is read in its TZID, in UTC or, floating, in the
 * writer's zone), RRULE the repeat, STATUS:COMPLETED or a COMPLETED time the completion. Any
 * other property is kept and given back as sent.
 */
export function readTask(text: string, timeZone: string): ReadTask {
  try {
    return readParsedTask(new ICAL.Component(ICAL.parse(text) as unknown[]), timeZone);
  } catch (error) {
    // ical.js reads a value when it is asked for: a malformed one throws then, not at parse.
    if (error instanceof DavError) throw error;
    throw new DavError(
      400,
      'caldav.calendarData.invalid',
      { ns: NS.caldav, name: 'valid-calendar-data' },
      {},
      { reason: error instanceof Error ? error.message : String(error) },
    );
  }
}

function readParsedTask(calendar: ICAL.Component, timeZone: string): ReadTask {
  if (calendar.name !== 'vcalendar')
    throw new DavError(
      400,
      'caldav.calendarData.invalid',
      { ns: NS.caldav, name: 'valid-calendar-data' },
      {},
      { reason: 'no VCALENDAR' },
    );
  const components = calendar.getAllSubcomponents().filter((c) => c.name !== 'vtimezone');
  if (components.some((c) => c.name !== 'vtodo'))
    throw new DavError(403, 'caldav.component.unsupported', {
      ns: NS.caldav,
      name: 'supported-calendar-component',
    });
  const [todo, ...more] = components;
  if (!todo) return refuse('caldav.object.oneTask');
  if (more.length > 0 || todo.hasProperty('recurrence-id')) return refuse('caldav.object.overrides');
  const uid = String(todo.getFirstPropertyValue('uid') ?? '').trim();
  if (uid === '' || uid.length > 255) return refuse('caldav.object.oneTask');

  let title = String(todo.getFirstPropertyValue('summary') ?? '');
  const tags = new Set(tagsOf(title));
  for (const category of todo.getAllProperties('categories').flatMap((p) => p.getValues().map(String))) {
    const name = normaliseTag(category.replace(/\s+/g, '-'));
    if (name === '' || tags.has(name)) continue;
    const written = `#${category.trim().replace(/\s+/g, '-')}`;
    if (findTags(written).length !== 1) continue;
    title = title === '' ? written : `${title} ${written}`;
    tags.add(name);
  }
  if (title.length > TEXT_TITLE_MAX_LENGTH)
    return refuse('caldav.object.titleTooLong', { max: TEXT_TITLE_MAX_LENGTH });
  const note = String(todo.getFirstPropertyValue('description') ?? '');
  if (note.length > NOTE_MAX_LENGTH) return refuse('caldav.object.noteTooLong', { max: NOTE_MAX_LENGTH });

  const dueProperty = todo.getFirstProperty('due');
  const targetDate = dueProperty ? instantOf(dueProperty, calendar, timeZone) : null;
  if (targetDate !== null && !isDateInRange(targetDate)) return refuse('caldav.object.date');
  const ruleValue = todo.getFirstPropertyValue('rrule');
  const recurrence = ruleValue ? ruleValue.toString() : null;
  if (recurrence !== null) {
    const error = recurrenceRuleError(recurrence);
    if (error) return refuse('caldav.object.rule', { reason: error });
  }
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const completed = status === 'COMPLETED' || (status === '' && todo.hasProperty('completed'));
  const completedValue = todo.getFirstPropertyValue('completed');
  const completedAt =
    completed && completedValue instanceof ICAL.Time ? completedValue.toUnixTime() * 1000 : undefined;

  const extra = todo
    .getAllProperties()
    .filter((property) => !MODELLED.has(property.name))
    .map((property) => property.toJSON());
  return {
    uid,
    fields: {
      title,
      note,
      targetDate,
      ...(dueProperty && targetDate !== null
        ? { targetHasTime: !(dueProperty.getFirstValue() as ICAL.Time).isDate }
        : {}),
      recurrence: targetDate === null ? null : recurrence,
      completed,
      ...(completedAt !== undefined && isDateInRange(completedAt) ? { completedAt } : {}),
    },
    extra: extra.length > 0 ? JSON.stringify(extra) : '',
    alarms: alarmsOf(todo),
  };
}

/** When a DUE falls: a DATE is the day's start in the writer's zone; a time is read in its own. */
function instantOf(property: ICAL.Property, calendar: ICAL.Component, timeZone: string): number {
  const value = property.getFirstValue() as ICAL.Time;
  if (value.isDate)
    return targetDateFromDay(
      `${String(value.year).padStart(4, '0')}-${String(value.month).padStart(2, '0')}-${String(value.day).padStart(2, '0')}`,
      timeZone,
    );
  if (value.zone === ICAL.Timezone.utcTimezone) return value.toUnixTime() * 1000;
  const tzid = property.getParameter('tzid');
  const wall = {
    year: value.year,
    month: value.month,
    day: value.day,
    hour: value.hour,
    minute: value.minute,
  };
  if (typeof tzid !== 'string') return instantOfWallTime(wall, timeZone);
  const zone = ianaZone(tzid);
  if (zone) return instantOfWallTime(wall, zone);
  // A zone by another name (Outlook's "W. Europe Standard Time"): the rules the task carries.
  const definition = calendar
    .getAllSubcomponents('vtimezone')
    .find((component) => component.getFirstPropertyValue('tzid') === tzid);
  if (!definition) return instantOfWallTime(wall, timeZone);
  const time = value.clone();
  time.zone = new ICAL.Timezone(definition);
  return time.toUnixTime() * 1000;
}

/** The IANA zone a TZID names, itself or at the end of a path ("/mozilla.org/…/Europe/Paris"), if any. */
function ianaZone(tzid: string): string | undefined {
  const parts = tzid.split('/');
  for (let start = 0; start < parts.length; start += 1) {
    const candidate = parts.slice(start).join('/');
    if (candidate === '') continue;
    try {
      new Intl.DateTimeFormat('en', { timeZone: candidate });
      return candidate;
    } catch {}
  }
  return undefined;
}
