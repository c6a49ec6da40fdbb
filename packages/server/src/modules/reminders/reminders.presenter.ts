import type { UserLocale } from '@nestbox/shared/i18n/locales';
import { normalizedRule, type ReminderRule } from '@nestbox/shared/reminders/fire-time';
import type { Reminder, ReminderEvent } from '@nestbox/shared/reminders/reminder.schema';
import { translate, translatePlural } from '../../i18n/translate.js';
import type { MentionListRow } from './mention-events.repository.js';
import type { EventListRow } from './reminder-events.repository.js';
import type { ReminderRow } from './reminders.contract.js';

/** The stored rule as the shared rules read it. */
export function ruleOf(
  row: Pick<ReminderRow, 'number_of' | 'unit' | 'before_after_on' | 'repeat'>,
): ReminderRule {
  return {
    numberOf: row.number_of,
    unit: row.unit,
    beforeAfterOn: row.before_after_on,
    repeat: row.repeat === 1,
  };
}

/** A reminder as the API answers it. */
export function presentReminder(row: ReminderRow): Reminder {
  const rule = ruleOf(row);
  return {
    _id: row.id,
    itemId: row.item_id,
    ...rule,
    linkedDirectlyToTargetDate: row.linked_directly_to_target_date === 1,
    nextFireDate: row.next_fire_at,
  };
}

/** "1 day before the target date", "On the target date, then every 2 weeks", translated. */
export function reminderInfo(rule: ReminderRule, locale: UserLocale): string {
  const n = rule.numberOf;
  if (rule.beforeAfterOn === 'on')
    return rule.repeat
      ? translate(locale, 'reminder.info.repeat', {
          every: translatePlural(locale, `reminder.every.${rule.unit}`, n),
        })
      : translate(locale, 'reminder.info.on');
  return translate(locale, `reminder.info.${rule.beforeAfterOn}`, {
    amount: translatePlural(locale, `reminder.amount.${rule.unit}`, n),
  });
}

/**
 * A fired event as the list shows it. An event of an item the user can no longer see (no
 * longer shared with them, or moved out of their sight) stays in the list, so paging is not
 * upset, but says only that: neither its title nor a way to it.
 */
export function presentEvent(row: EventListRow, locale: UserLocale, accessible: boolean): ReminderEvent {
  const rule = ruleOf(row);
  const repeat = normalizedRule(rule).repeat;
  return {
    _id: row.id,
    kind: 'reminder',
    itemId: row.item_id,
    reminderId: row.reminder_id,
    title: accessible ? row.title : translate(locale, 'reminder.itemUnavailable'),
    reminderEventDate: row.event_date,
    reminderInfo: reminderInfo(rule, locale),
    repeat,
    reminderArchived: !accessible || row.archived_at !== null || (repeat && row.next_fire_at === null),
    unread: row.unread === 1,
    accessible,
    mention: null,
  };
}

/** How much of a comment a mention in the list shows. */
const EXCERPT_LENGTH = 140;

/**
 * A mention as the list shows it: who wrote, and how the comment starts. Out of sight, like a
 * reminder's event, it says only that: neither the item's title nor the comment's words.
 */
export function presentMention(row: MentionListRow, locale: UserLocale, accessible: boolean): ReminderEvent {
  const by = row.writer_name ?? row.author_name ?? translate(locale, 'reminder.mention.someone');
  const words = row.body.replace(/\s+/gu, ' ').trim();
  return {
    _id: row.id,
    kind: 'mention',
    itemId: row.item_id,
    reminderId: null,
    title: accessible ? row.title : translate(locale, 'reminder.itemUnavailable'),
    reminderEventDate: row.created_at,
    reminderInfo: translate(locale, 'reminder.mention.info', { name: by }),
    repeat: false,
    reminderArchived: !accessible || row.archived_at !== null,
    unread: row.unread === 1,
    accessible,
    mention: {
      commentId: row.comment_id,
      by,
      excerpt: !accessible
        ? ''
        : words.length > EXCERPT_LENGTH
          ? `${words.slice(0, EXCERPT_LENGTH - 1)}…`
          : words,
    },
  };
}
