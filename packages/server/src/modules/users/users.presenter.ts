import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { User } from '@nestbox/shared/users/user.schema';
import type { UserRow } from '../../db/schema.js';

/** The logged-in user as the web app sees it (SPEC §3 "Logged-in user"). */
export function presentUser(row: UserRow, now: number): User {
  const pendingLive = row.pending_email !== null && (row.pending_email_expires_at ?? 0) > now;
  return {
    id: row.id,
    isAdmin: row.is_admin === 1,
    name: row.name,
    email: row.email,
    pendingEmail: pendingLive ? row.pending_email : null,
    locale: userLocaleOf(row.locale),
    timezone: row.timezone,
    timezoneId: row.timezone,
    location: row.location,
    occupation: row.occupation,
    workspace: {
      split: row.workspace_split,
      settings: {
        tooltipsEnabled: row.tooltips_enabled === 1,
        openBoxesIn: row.open_boxes_in,
      },
    },
    organizer: {
      prioritizedSplitPercentage: row.prioritized_split_percentage,
      unprioritizedListOrderBy: row.unprioritized_order_by,
      unprioritizedListOrderByDir: row.unprioritized_order_dir,
    },
    customizations: {
      defaultShowCompletedItems: row.default_show_completed === 1,
      defaultAutoAddToUnprioritized: row.default_auto_add_to_unprioritized === 1,
      reminderEmails: row.reminder_emails === 1,
      shortcutsEnabled: row.shortcuts_enabled === 1,
      colorScheme: row.color_scheme,
    },
  };
}
