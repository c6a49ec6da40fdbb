import type { Executor, TwoFactorRecoveryCodesTable, TwoFactorTable } from '../../db/schema.js';

export function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorTable | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Of these people, those whose two-factor codes are on. */
export async function enabledAmong(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('enabled_at', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Starts (or starts again) an enrolment; false when the person's codes are already on. */
export async function putPendingSecret(
  db: Executor,
  row: Pick<TwoFactorTable, 'user_id' | 'secret_sealed' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .insertInto('two_factor')
    .values({ ...row, enabled_at: null, last_used_step: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: row.secret_sealed, created_at: row.created_at, last_used_step: null })
        .where('two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Turns a pending enrolment on, the confirming code's step taken; false when it was not pending. */
export async function markEnabled(db: Executor, userId: string, at: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: at, last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes a time step: false when this step or a later one was taken already (a replayed code). */
export async function takeStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a person's secret and recovery codes; false when there was nothing on. */
export async function deleteTwoFactor(db: Executor, userId: string): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db
    .deleteFrom('two_factor')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The person's recovery codes become these (every older one stops working). */
export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  rows: readonly TwoFactorRecoveryCodesTable[],
): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values([...rows])
    .execute();
}

/** The unused recovery code of this person with this hash. */
export async function findUnusedRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select('id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** Uses a recovery code up: false when it was used meanwhile. */
export async function useRecoveryCode(db: Executor, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
