import type { ReminderUnit } from '@nestbox/shared/reminders/fire-time';
import ICAL from 'ical.js';
import { dayOfEvent, triggerOf } from '../calendar/calendar.service.js';
import type { ReminderRow } from '../reminders/reminders.contract.js';
import type { ReminderRuleInput } from '../reminders/reminders.service.js';

/** When a task's alarm rings: seconds before its DUE (negative: after), or an instant. */
export type Alarm = { beforeStart: number } | { at: number };

/** The alarms of a VTODO: each VALARM's TRIGGER, relative to the task (DUE) or absolute. */
export function alarmsOf(todo: ICAL.Component): Alarm[] {
  const alarms: Alarm[] = [];
  for (const alarm of todo.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstProperty('trigger');
    const value = trigger?.getFirstValue();
    if (value instanceof ICAL.Duration) alarms.push({ beforeStart: -value.toSeconds() });
    else if (value instanceof ICAL.Time) alarms.push({ at: value.toUnixTime() * 1000 });
  }
  return alarms;
}

const UNITS: readonly [ReminderUnit, number][] = [
  ['weeks', 604_800],
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
];

/** The largest number a reminder's rule holds (1 to 999). */
const NUMBER_MAX = 999;

/** A reminder rule for an alarm Nestbox did not write: the largest whole unit, before or after the date. */
function ruleOfAlarm(alarm: Alarm, targetDate: number): ReminderRuleInput | undefined {
  const seconds = Math.round(('at' in alarm ? (targetDate - alarm.at) / 1000 : alarm.beforeStart) / 60) * 60;
  if (seconds === 0) return { numberOf: 1, unit: 'minutes', beforeAfterOn: 'on', repeat: false };
  const size = Math.abs(seconds);
  const fits = UNITS.find(([, unit]) => size % unit === 0 && size / unit <= NUMBER_MAX);
  if (!fits) return undefined;
  return {
    numberOf: size / fits[1],
    unit: fits[0],
    beforeAfterOn: seconds > 0 ? 'before' : 'after',
    repeat: false,
  };
}

const sameAlarm = (a: Alarm, b: Alarm) =>
  'at' in a
    ? 'at' in b && Math.abs(a.at - b.at) < 60_000
    : 'beforeStart' in b && a.beforeStart === b.beforeStart;

/**
 * What a task's alarms make of a person's reminders on a dated text: each alarm that is how
 * one of their reminders is written (`triggerOf`) keeps that reminder as it is, so a task sent
 * back unchanged changes nothing; any other alarm adds a reminder; a reminder whose alarm the
 * task no longer has goes. Reminders that ring no more (fired, dismissed) are not written as
 * alarms, so they are kept with their history.
 */
export function remindersForAlarms(
  existing: readonly ReminderRow[],
  alarms: readonly Alarm[],
  {
    targetDate,
    hasTime,
    timeZone,
    now,
  }: { targetDate: number; hasTime: boolean | null; timeZone: string; now: number },
): { remove: string[]; add: ReminderRuleInput[] } {
  const { allDay } = dayOfEvent(targetDate, timeZone, hasTime);
  const shown = existing.flatMap((reminder) => {
    const trigger = triggerOf(reminder, targetDate, allDay, timeZone, now);
    return trigger ? [{ reminder, trigger }] : [];
  });
  const kept = new Set<string>();
  const add: ReminderRuleInput[] = [];
  for (const alarm of alarms) {
    const match = shown.find(({ reminder, trigger }) => !kept.has(reminder.id) && sameAlarm(trigger, alarm));
    if (match) kept.add(match.reminder.id);
    else {
      const rule = ruleOfAlarm(alarm, targetDate);
      if (rule) add.push(rule);
    }
  }
  return {
    remove: shown.filter(({ reminder }) => !kept.has(reminder.id)).map(({ reminder }) => reminder.id),
    add,
  };
}
