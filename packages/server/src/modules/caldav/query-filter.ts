import ICAL from 'ical.js';
import { child, childrenNamed, NS, type XmlElement } from './dav-xml.js';
import type { TaskSource } from './vtodo.js';

/**
 * What a calendar-query keeps (RFC 4791 §9.7): tasks whose DUE (or, without one, their
 * creation) falls in a time range, and open or completed ones as a COMPLETED or STATUS filter
 * says. Filters on anything else keep every task: a client then has more than it asked for,
 * never less.
 */
export interface CalendarFilter {
  start?: number;
  end?: number;
  completed?: boolean;
}

const instant = (value: string | undefined) => {
  if (!value) return undefined;
  try {
    return (
      ICAL.Time.fromDateTimeString(
        value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
      ).toUnixTime() * 1000
    );
  } catch {
    return undefined;
  }
};

/** Reads a `CALDAV:filter` (VCALENDAR holding VTODO); none keeps every task. */
export function filterOf(filter: XmlElement | undefined): CalendarFilter {
  const calendar = childrenNamed(filter, NS.caldav, 'comp-filter').find(
    (c) => c.attributes.name?.toUpperCase() === 'VCALENDAR',
  );
  const todo = childrenNamed(calendar, NS.caldav, 'comp-filter').find(
    (c) => c.attributes.name?.toUpperCase() === 'VTODO',
  );
  if (!todo) return {};
  const result: CalendarFilter = {};
  const range = child(todo, NS.caldav, 'time-range');
  const start = instant(range?.attributes.start);
  const end = instant(range?.attributes.end);
  if (start !== undefined) result.start = start;
  if (end !== undefined) result.end = end;
  for (const property of childrenNamed(todo, NS.caldav, 'prop-filter')) {
    const name = property.attributes.name?.toUpperCase();
    if (name === 'COMPLETED') result.completed = child(property, NS.caldav, 'is-not-defined') === undefined;
    if (name === 'STATUS') {
      const match = child(property, NS.caldav, 'text-match');
      if (!match) continue;
      const negated = match.attributes['negate-condition'] === 'yes';
      const isCompleted = match.text.trim().toUpperCase() === 'COMPLETED';
      if (isCompleted) result.completed = !negated;
      else if (match.text.trim().toUpperCase() === 'NEEDS-ACTION') result.completed = negated;
    }
  }
  return result;
}

/** Whether a task passes a filter. */
export function matches(task: TaskSource, filter: CalendarFilter): boolean {
  if (filter.completed !== undefined && filter.completed !== (task.completed_at !== null)) return false;
  const at = task.target_date ?? task.created_at;
  if (filter.start !== undefined && at < filter.start && task.target_date !== null) return false;
  if (filter.end !== undefined && at >= filter.end) return false;
  return true;
}
