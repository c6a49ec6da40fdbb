import {
  AUDIT_PAGE_SIZE,
  AUDIT_USER_AGENT_MAX_LENGTH,
  type AuditDetails,
  type AuditEvent,
  type AuditEventType,
  type AuditPage,
  decodeAuditCursor,
  encodeAuditCursor,
} from '@nestbox/shared/audit/audit.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { AuditEventsTable, Executor } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { requestContext } from '../../http/request-context.js';
import { insertAuditEvent, listAuditEvents } from './audit.repository.js';

/** Where an event came from: the request's address and user agent (none for the command line). */
export interface AuditCaller {
  ip: string | null;
  userAgent: string | null | undefined;
}

/** What happened, to whom. `details` never holds a password or a token's text. */
export interface AuditEventInput {
  type: AuditEventType;
  userId: string | null;
  details?: AuditDetails;
}

/** A written event, ready to be logged once its transaction has committed. */
export type AuditEntry = AuditEventsTable;

/** The current request's caller (see http/request-context.ts); nobody outside a request. */
function contextCaller(): AuditCaller {
  const context = requestContext();
  return { ip: context?.ip ?? null, userAgent: context?.userAgent };
}

function presentAuditEvent(row: AuditEventsTable): AuditEvent {
  return {
    id: row.id,
    type: row.type,
    userId: row.user_id,
    ip: row.ip,
    userAgent: row.user_agent,
    details: JSON.parse(row.details) as AuditDetails,
    createdAt: Number(row.created_at),
  };
}

/**
 * The audit trail (docs/guide.md "Audit"): security-relevant events in `audit_events` and in the log
 * at `info`. A change made in a transaction writes its event in that transaction (`write`),
 * and logs it once committed (`log`); `record` does both for a change made outside one.
 * Nothing deletes an event.
 */
export function createAuditService({
  db,
  log,
  now,
}: {
  db: Executor;
  log: Pick<FastifyBaseLogger, 'info'>;
  now: Clock;
}) {
  async function write(
    executor: Executor,
    event: AuditEventInput,
    caller: AuditCaller = contextCaller(),
  ): Promise<AuditEntry> {
    const userAgent = caller.userAgent?.trim().slice(0, AUDIT_USER_AGENT_MAX_LENGTH) || null;
    const row: AuditEventsTable = {
      id: newId(),
      type: event.type,
      user_id: event.userId,
      ip: caller.ip,
      user_agent: userAgent,
      details: JSON.stringify(event.details ?? {}),
      created_at: now(),
    };
    await insertAuditEvent(executor, row);
    return row;
  }

  function logEntry(entry: AuditEntry): void {
    log.info(
      { audit: { ...entry, details: JSON.parse(entry.details) as AuditDetails } },
      `audit: ${entry.type}`,
    );
  }

  return {
    write,
    log: logEntry,

    async record(event: AuditEventInput, caller?: AuditCaller): Promise<void> {
      logEntry(await write(db, event, caller));
    },

    /** A page of events, newest first: everyone's, or one user's. */
    async list({ userId, cursor }: { userId?: string; cursor?: string }): Promise<AuditPage> {
      const after = cursor === undefined ? undefined : decodeAuditCursor(cursor);
      if (cursor !== undefined && !after)
        throw appErrors.badRequest('error.validation', { cursor: 'audit.cursor.invalid' });
      const rows = await listAuditEvents(db, {
        ...(userId !== undefined ? { userId } : {}),
        ...(after ? { after } : {}),
        limit: AUDIT_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const last = page.at(-1);
      return {
        events: page.map(presentAuditEvent),
        next:
          rows.length > AUDIT_PAGE_SIZE && last
            ? encodeAuditCursor({ createdAt: Number(last.created_at), id: last.id })
            : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
