import { DEMO_PASSWORD, type ReseedType } from '@nestbox/shared/admin/admin.schema';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUsersPage,
  type AdminUsersQuery,
} from '@nestbox/shared/two-factor/two-factor.schema';
import type { Config } from '../../config/env.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { reseedDatabase } from '../../db/seeds/reseed.js';
import { appErrors } from '../../http/app-error.js';
import type { Publisher } from '../../realtime/realtime.js';
import type { AuditService } from '../audit/audit.service.js';
import { hashPassword } from '../auth/auth.service.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import { foldEmail, listAccounts } from '../users/users.service.js';

/** Administrators' tools (Application Settings → Database, and the accounts in Security). */
export function createAdminService({
  db,
  allowReseed,
  admin,
  sessions,
  audit,
  twoFactor,
}: {
  db: Executor;
  /** Records each re-seed, in its transaction. */
  audit: Pick<AuditService, 'write' | 'log'>;
  /** NESTBOX_ALLOW_RESEED. */
  allowReseed: boolean;
  /** NESTBOX_ADMIN_EMAIL / NESTBOX_ADMIN_PASSWORD: the admin every seed (re-)creates. */
  admin: Config['admin'];
  /** After a re-seed, everyone deleted loses their live socket too, told why. */
  sessions?: Pick<Publisher, 'endUserSessions'>;
  /** Whose two-factor codes are on, and turning them off for someone. */
  twoFactor: Pick<TwoFactorService, 'enabledAmong' | 'resetFor'>;
}) {
  return {
    /** A page of accounts by address, each with whether its two-factor codes are on. Admins only. */
    async listUsers(caller: UserRow, { q, after }: AdminUsersQuery): Promise<AdminUsersPage> {
      if (caller.is_admin !== 1) throw appErrors.forbidden();
      const rows = await listAccounts(db, { q, after, limit: ADMIN_USERS_PAGE_SIZE + 1 });
      const page = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
      const withCodes = await twoFactor.enabledAmong(page.map((row) => row.id));
      return {
        users: page.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          isAdmin: row.is_admin === 1,
          active: row.activated_at !== null,
          twoFactor: withCodes.has(row.id),
        })),
        next: rows.length > ADMIN_USERS_PAGE_SIZE ? (page.at(-1)?.email ?? null) : null,
      };
    },

    /** Turns a person's two-factor codes off (they lost their phone and their recovery codes). Admins only. */
    resetTwoFactor: (caller: UserRow, userId: string) => twoFactor.resetFor(caller, userId),

    /**
     * Wipes every row and seeds again (base, or base plus demo data). Only admins, and only
     * where the configuration allows it. The caller keeps their session only when they are
     * the configured admin (re-created under the same id); anyone else is logged out.
     */
    async reseed(caller: UserRow, type: ReseedType): Promise<{ sessionKept: boolean }> {
      if (caller.is_admin !== 1) throw appErrors.forbidden();
      if (!allowReseed) throw appErrors.forbidden('admin.reseed.disabled');
      const callerIsConfiguredAdmin = admin !== undefined && foldEmail(admin.email) === caller.email;
      // Hash outside the transaction: argon2 is slow on purpose.
      const [adminHash, demoPasswordHash] = await Promise.all([
        admin ? hashPassword(admin.password) : Promise.resolve(undefined),
        hashPassword(DEMO_PASSWORD),
      ]);
      const { before: everyone, recorded } = await reseedDatabase(db, {
        type,
        demoPasswordHash,
        inTransaction: (trx) =>
          audit.write(trx, { type: 'admin.reseed', userId: caller.id, details: { seed: type, via: 'http' } }),
        ...(admin && adminHash
          ? {
              admin: {
                email: admin.email,
                passwordHash: adminHash,
                ...(callerIsConfiguredAdmin
                  ? { keep: { id: caller.id, tokenVersion: caller.token_version } }
                  : {}),
              },
            }
          : {}),
      });
      if (recorded) audit.log(recorded);
      for (const id of everyone) {
        if (!(callerIsConfiguredAdmin && id === caller.id)) sessions?.endUserSessions(id, 'reseeded');
      }
      return { sessionKept: callerIsConfiguredAdmin };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
