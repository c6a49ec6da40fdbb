import { OPEN_BOXES_IN, ORDER_DIRECTIONS, UNPRIORITIZED_ORDER_COLUMNS } from '@nestbox/shared/constants';
import { isUserLocale } from '@nestbox/shared/i18n/locales';
import type { User } from '@nestbox/shared/users/user.schema';
import type { UserRow } from '../../db/schema.js';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** The logged-in user as the web app sees it (SPEC §3 "Logged-in user"). */
export function presentUser(row: UserRow, now: number = Date.now()): User {
  const pendingLive = row.pending_email !== null && (row.pending_email_expires_at ?? 0) > now;
  return {
    id: row.id,
    isAdmin: row.is_admin === 1,
    name: row.name,
    email: row.email,
    pendingEmail: pendingLive ? row.pending_email : null,
    locale: isUserLocale(row.locale) ? row.locale : 'en-GB',
    timezone: row.timezone,
    timezoneId: row.timezone,
    location: row.location,
    occupation: row.occupation,
    workspace: {
      split: row.workspace_split,
      settings: {
        tooltipsEnabled: row.tooltips_enabled === 1,
        openBoxesIn: oneOf(OPEN_BOXES_IN, row.open_boxes_in, 'newPane'),
      },
    },
    organizer: {
      prioritizedSplitPercentage: row.prioritized_split_percentage,
      unprioritizedListOrderBy: oneOf(UNPRIORITIZED_ORDER_COLUMNS, row.unprioritized_order_by, 'createdDate'),
      unprioritizedListOrderByDir: oneOf(ORDER_DIRECTIONS, row.unprioritized_order_dir, 'desc'),
    },
    customizations: {
      defaultShowCompletedItems: row.default_show_completed === 1,
      defaultAutoAddToUnprioritized: row.default_auto_add_to_unprioritized === 1,
      reminderEmails: row.reminder_emails === 1,
    },
  };
}
