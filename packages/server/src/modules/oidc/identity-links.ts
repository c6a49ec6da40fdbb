import type { OidcLinkPageResult } from '@nestbox/shared/oidc/oidc.schema';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AuditCaller, AuditService } from '../audit/audit.service.js';
import { hasUsablePassword } from '../auth/auth.service.js';
import { activateIfPending, findUserById, foldEmail } from '../users/users.service.js';
import {
  deleteIdentity,
  findIdentityBySubject,
  findIdentityOfUser,
  findOwnIdentity,
  insertIdentity,
  touchIdentity,
} from './oidc.repository.js';
import type { ProviderClaims } from './oidc-client.js';

/** An identity whose verified address is an existing account's, waiting for that account's password. */
export interface PendingLink {
  userId: string;
  issuer: string;
  subject: string;
  email: string;
  idToken: string;
}

/** Records a refusal in the audit log (`oidc.refused`). */
export type Refuse = (
  userId: string | null,
  reason: string,
  caller?: AuditCaller,
  details?: object,
) => Promise<void>;

/**
 * Linking identities to accounts and unlinking them: from Settings → Security by the signed-in
 * owner, or once the account's password has proved an identity waiting for it.
 */
export function createIdentityLinks({
  db,
  now,
  audit,
  refused,
  hasPasskey,
}: {
  db: Executor;
  now: Clock;
  audit: Pick<AuditService, 'write' | 'log'>;
  refused: Refuse;
  /** Whether the person has a passkey, another way in. */
  hasPasskey?: (executor: Executor, userId: string) => Promise<boolean>;
}) {
  return {
    /** Settings → Security → Link: the identity goes to the signed-in account that started the round trip. */
    async fromSettings(
      userId: string,
      claims: ProviderClaims,
      caller: AuditCaller,
    ): Promise<OidcLinkPageResult> {
      const { issuer, subject } = claims;
      const email = claims.email ? foldEmail(claims.email) : null;
      const holder = await findIdentityBySubject(db, issuer, subject);
      if (holder && holder.user_id !== userId) {
        await refused(userId, 'linkedElsewhere', caller, { issuer, subject });
        return 'linkedElsewhere';
      }
      if (holder) {
        await touchIdentity(db, holder.id, email, now());
        return 'linked';
      }
      const own = await findIdentityOfUser(db, userId, issuer);
      if (own) {
        await refused(userId, 'alreadyLinked', caller, { issuer, subject });
        return 'alreadyLinked';
      }
      if (!(await findUserById(db, userId))) return 'linkFailed';
      const entry = await db.transaction().execute(async (trx) => {
        await insertIdentity(trx, {
          id: newId(),
          user_id: userId,
          issuer,
          subject,
          email,
          last_used_at: null,
          created_at: now(),
        });
        return audit.write(
          trx,
          { type: 'oidc.linked', userId, details: { issuer, subject, via: 'settings' } },
          caller,
        );
      });
      audit.log(entry);
      return 'linked';
    },

    /**
     * Links the waiting identity to the account its password proved (unless it is linked already)
     * and activates the account; refuses when either side is linked elsewhere.
     */
    async withPassword(user: UserRow, pending: PendingLink): Promise<void> {
      const entries = await db.transaction().execute(async (trx) => {
        const holder = await findIdentityBySubject(trx, pending.issuer, pending.subject);
        if (holder && holder.user_id !== user.id) throw appErrors.conflict('oidc.link.linkedElsewhere');
        const own = await findIdentityOfUser(trx, user.id, pending.issuer);
        if (own && own.subject !== pending.subject) throw appErrors.conflict('oidc.link.alreadyLinked');
        if (!own)
          await insertIdentity(trx, {
            id: newId(),
            user_id: user.id,
            issuer: pending.issuer,
            subject: pending.subject,
            email: pending.email,
            last_used_at: now(),
            created_at: now(),
          });
        // The provider vouched for the address and the password for the account: it is active.
        await activateIfPending(trx, user.id, now());
        const details = { issuer: pending.issuer, subject: pending.subject, via: 'password' };
        return [
          await audit.write(trx, { type: 'oidc.linked', userId: user.id, details }),
          await audit.write(trx, {
            type: 'oidc.login',
            userId: user.id,
            details: { issuer: pending.issuer },
          }),
        ];
      });
      for (const entry of entries) audit.log(entry);
    },

    /**
     * Unlinks one of the caller's identities (anybody else's answers 404). An account with
     * neither a password of its own nor a passkey keeps its identity: unlinking would leave no
     * way to sign in.
     */
    async unlink(user: UserRow, identityId: string): Promise<void> {
      const entry = await db.transaction().execute(async (trx) => {
        if (!(await findOwnIdentity(trx, user.id, identityId))) throw appErrors.notFound();
        const stored = await findUserById(trx, user.id);
        if (!hasUsablePassword(stored?.password_hash) && !(await hasPasskey?.(trx, user.id)))
          throw appErrors.conflict('oidc.unlink.noPassword');
        if (!(await deleteIdentity(trx, user.id, identityId))) throw appErrors.notFound();
        return audit.write(trx, { type: 'oidc.unlinked', userId: user.id, details: { identityId } });
      });
      audit.log(entry);
    },
  };
}
