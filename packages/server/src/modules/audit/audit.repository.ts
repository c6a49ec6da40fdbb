import type { AuditCursor } from '@nestbox/shared/audit/audit.schema';
import type { AuditEventsTable, Executor } from '../../db/schema.js';

export async function insertAuditEvent(db: Executor, row: AuditEventsTable): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

/**
 * Events newest first (ties by id), everyone's or one user's, strictly after `after` in that
 * order; `limit` rows at most.
 */
export function listAuditEvents(
  db: Executor,
  { userId, after, limit }: { userId?: string; after?: AuditCursor; limit: number },
) {
  let query = db.selectFrom('audit_events').selectAll();
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  // A row comparison: both engines seek the (…, created_at, id) index to the cursor.
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
