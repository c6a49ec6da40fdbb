import type { OpenBoxesIn, OrderDirection, UnprioritizedOrderColumn } from '@nestbox/shared/constants';
import type { ExportSettings } from '@nestbox/shared/data/export.schema';
import { isValidTimeZone } from '@nestbox/shared/dates/time-zone';
import type { UserLocale } from '@nestbox/shared/i18n/locales';
import type {
  SaveProfileBody,
  UpdateCustomizationsBody,
  UpdatePasswordBody,
} from '@nestbox/shared/users/user.schema';
import type { Clock } from '../../clock.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AccountChecks, SessionEnder } from '../auth/auth.contract.js';
import { foldEmail } from './users.contract.js';
import * as records from './users.repository.js';

export { foldEmail, SESSION_USER_TTL_MS } from './users.contract.js';
export { presentUser } from './users.presenter.js';

// The account records. The users table is this module's: signing up, activating and resetting
// (auth), the admin tools, quick capture, imports, the end-to-end helpers, the seeds and the
// command line read and write it through these, and this module's own service does too.

/** The account with this id, active or not. */
export const findUserById: typeof records.findUserById = (db, id) => records.findUserById(db, id);

/** Like findUserById, from this process's short-lived copy when it has one (sessions). */
export const findSessionUser: typeof records.findSessionUser = (db, id) => records.findSessionUser(db, id);

/** Drops this process's copy of a user (every user with no id), after a write it did not make. */
export const forgetSessionUser: typeof records.forgetSessionUser = (id) => records.forgetSessionUser(id);

/** The account with this address (compared case-folded). */
export const findUserByEmail: typeof records.findUserByEmail = (db, email) =>
  records.findUserByEmail(db, email);

/** A new account together with its root box ('Workspace'), which it owns. */
export const insertUserWithRootBox: typeof records.insertUserWithRootBox = (db, user, rootBoxId) =>
  records.insertUserWithRootBox(db, user, rootBoxId);

/** The account's address is confirmed and the account active: its activation link was opened. */
export async function markActivated(db: Executor, id: string, at: number): Promise<void> {
  await records.updateUser(db, id, { activated_at: at, email_verified_at: at, updated_at: at });
}

/**
 * Keeps the address the account is moving to until `expiresAt`, when the link that confirms it
 * stops working; the account's own address stays until then.
 */
export async function setPendingEmail(
  db: Executor,
  id: string,
  email: string,
  expiresAt: number,
): Promise<void> {
  await records.updateUser(db, id, { pending_email: email, pending_email_expires_at: expiresAt });
}

/** Remembers the box quick capture files into (the person's Inbox). */
export async function setInbox(db: Executor, id: string, boxId: string): Promise<void> {
  await records.updateUser(db, id, { inbox_item_id: boxId });
}

/** Takes the settings a Nestbox export carries, inside the importing transaction. */
export async function applyImportedSettings(
  db: Executor,
  id: string,
  settings: ExportSettings,
  at: number,
): Promise<void> {
  const { workspace, organizer: order, customizations } = settings;
  await records.updateUser(db, id, {
    locale: settings.locale,
    timezone: settings.timezone,
    tooltips_enabled: workspace.tooltipsEnabled ? 1 : 0,
    open_boxes_in: workspace.openBoxesIn,
    prioritized_split_percentage: order.prioritizedSplitPercentage,
    unprioritized_order_by: order.unprioritizedListOrderBy,
    unprioritized_order_dir: order.unprioritizedListOrderByDir,
    default_show_completed: customizations.defaultShowCompletedItems ? 1 : 0,
    default_auto_add_to_unprioritized: customizations.defaultAutoAddToUnprioritized ? 1 : 0,
    reminder_emails: customizations.reminderEmails ? 1 : 0,
    shortcuts_enabled: customizations.shortcutsEnabled ? 1 : 0,
    ...(customizations.colorScheme ? { color_scheme: customizations.colorScheme } : {}),
    updated_at: at,
  });
}

/** The quick-capture Inbox box of a person, read after locking their row in the caller's transaction. */
export const lockedInboxOf: typeof records.lockedInboxOf = (db, id) => records.lockedInboxOf(db, id);

/** A new password hash; every older token stops counting. */
export const replacePassword: typeof records.replacePassword = (db, id, passwordHash, now) =>
  records.replacePassword(db, id, passwordHash, now);

/** Moves the account to a confirmed address; false when another account took it meanwhile. */
export const replaceEmail: typeof records.replaceEmail = (db, id, email, now) =>
  records.replaceEmail(db, id, email, now);

/** A page of accounts by address, for the administrators' list. */
export const listAccounts: typeof records.listAccounts = (db, query) => records.listAccounts(db, query);

/** Removes an account and the items only it could reach (the end-to-end helpers). */
export const deleteUserByEmail: typeof records.deleteUserByEmail = (db, email) =>
  records.deleteUserByEmail(db, email);

/** Activates an account not activated yet; an active one stays as it is. */
export const activateIfPending: typeof records.activateIfPending = (db, id, now) =>
  records.activateIfPending(db, id, now);

/** The logged-in user's own account: profile, password and language (Application Settings → Profile). */
export function createUsersService({
  db,
  now,
  accounts,
  sessions,
  audit,
  onTimeZoneChanged,
}: {
  db: Executor;
  now: Clock;
  /** Proving the current password (rate limited) and e-mail changes belong to the accounts service. */
  accounts: AccountChecks;
  /** Records password changes. */
  audit: Pick<AuditService, 'record'>;
  /** Ends live sockets whose tokens a password change voids. */
  sessions?: Pick<SessionEnder, 'endUserSessions'>;
  /** Called inside the profile's transaction when the user's time zone changes (reminders re-plan). */
  onTimeZoneChanged?: (
    trx: Executor,
    change: { userId: string; timeZone: string; at: number },
  ) => Promise<void>;
}) {
  return {
    /**
     * Saves the profile. A new e-mail address needs the current password and only becomes
     * the account's once the link sent to it is opened (`emailChangePending` is then the
     * address waiting); the old address is told.
     */
    async saveProfile(
      user: UserRow,
      body: SaveProfileBody,
      ip: string,
    ): Promise<{ user: UserRow; emailChangePending?: string }> {
      if (!isValidTimeZone(body.timezone))
        throw appErrors.badRequest('error.validation', { timezone: 'validation.timezone.invalid' });
      const email = foldEmail(body.email);
      const changesEmail = email !== user.email;
      if (changesEmail) {
        await accounts.verifyCurrentPassword(user, body.currentPassword, ip);
      }
      const at = now();
      const sendEmailChangeMails = await db.transaction().execute(async (trx) => {
        await records.updateUser(trx, user.id, {
          name: body.name,
          timezone: body.timezone,
          locale: body.locale,
          ...(body.location !== undefined ? { location: body.location || null } : {}),
          ...(body.occupation !== undefined ? { occupation: body.occupation || null } : {}),
          updated_at: at,
        });
        if (body.timezone !== user.timezone)
          await onTimeZoneChanged?.(trx, { userId: user.id, timeZone: body.timezone, at });
        return changesEmail ? accounts.requestEmailChange(trx, user, email) : undefined;
      });
      await sendEmailChangeMails?.();
      const saved = (await findUserById(db, user.id)) ?? user;
      return changesEmail ? { user: saved, emailChangePending: email } : { user: saved };
    },

    /**
     * Changes the password after checking the current one (rate limited); every other
     * session ends, each of its tabs told why. `tokenId` is the caller's own session, which
     * carries on with a new token.
     */
    async updatePassword(
      user: UserRow,
      body: UpdatePasswordBody,
      ip: string,
      tokenId: string,
    ): Promise<UserRow> {
      await accounts.verifyCurrentPassword(user, body.currentPassword, ip);
      const passwordHash = await accounts.hashNewPassword(body.password);
      // Committed on its own, before the event: the change drops this process's cached copy of
      // the user, which a transaction still open could let another request put back.
      await replacePassword(db, user.id, passwordHash, now());
      await audit.record({ type: 'auth.passwordChanged', userId: user.id });
      sessions?.endUserSessions(user.id, 'passwordChanged', tokenId);
      return (await findUserById(db, user.id)) ?? user;
    },

    /** The workspace's layout (panes aimed for) and whether tooltips show. */
    async updateWorkspacePreferences(
      user: UserRow,
      prefs: { split?: number; tooltipsEnabled?: boolean; openBoxesIn?: OpenBoxesIn },
    ): Promise<void> {
      await records.updateUser(db, user.id, {
        ...(prefs.split !== undefined ? { workspace_split: prefs.split } : {}),
        ...(prefs.tooltipsEnabled !== undefined ? { tooltips_enabled: prefs.tooltipsEnabled ? 1 : 0 } : {}),
        ...(prefs.openBoxesIn !== undefined ? { open_boxes_in: prefs.openBoxesIn } : {}),
        updated_at: now(),
      });
    },

    /** The Organizer's split between its lists and the Unprioritized list's order. */
    async updateOrganizerPreferences(
      user: UserRow,
      prefs: {
        prioritizedSplitPercentage?: number;
        order?: { column: UnprioritizedOrderColumn; dir: OrderDirection };
      },
    ): Promise<void> {
      await records.updateUser(db, user.id, {
        ...(prefs.prioritizedSplitPercentage !== undefined
          ? { prioritized_split_percentage: prefs.prioritizedSplitPercentage }
          : {}),
        ...(prefs.order
          ? { unprioritized_order_by: prefs.order.column, unprioritized_order_dir: prefs.order.dir }
          : {}),
        updated_at: now(),
      });
    },

    /** An activated account, or undefined. */
    findActiveUser: async (id: string) => {
      const user = await findUserById(db, id);
      return user && user.activated_at !== null ? user : undefined;
    },

    /** Application Settings → Customizations: defaults for new boxes, reminder e-mails, keyboard shortcuts and colours. */
    async updateCustomizations(user: UserRow, body: UpdateCustomizationsBody): Promise<UserRow> {
      const flag = (value: boolean) => (value ? 1 : 0);
      await records.updateUser(db, user.id, {
        ...(body.defaultShowCompletedItems !== undefined
          ? { default_show_completed: flag(body.defaultShowCompletedItems) }
          : {}),
        ...(body.defaultAutoAddToUnprioritized !== undefined
          ? { default_auto_add_to_unprioritized: flag(body.defaultAutoAddToUnprioritized) }
          : {}),
        ...(body.reminderEmails !== undefined ? { reminder_emails: flag(body.reminderEmails) } : {}),
        ...(body.shortcutsEnabled !== undefined ? { shortcuts_enabled: flag(body.shortcutsEnabled) } : {}),
        ...(body.colorScheme !== undefined ? { color_scheme: body.colorScheme } : {}),
        updated_at: now(),
      });
      return (await findUserById(db, user.id)) ?? user;
    },

    async updateLanguage(user: UserRow, locale: UserLocale): Promise<void> {
      await records.updateUser(db, user.id, { locale, updated_at: now() });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
