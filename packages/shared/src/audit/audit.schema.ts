import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';

/** The kinds of event the audit trail records; stable names (stored, and keys of the web app's texts). */
export const AUDIT_EVENT_TYPES = [
  'auth.login',
  'auth.loginFailed',
  'auth.logout',
  'auth.passwordChanged',
  'auth.passwordReset',
  'users.emailChanged',
  'tokens.created',
  'tokens.revoked',
  'calendar.created',
  'calendar.regenerated',
  'calendar.revoked',
  'sharing.shared',
  'sharing.levelChanged',
  'sharing.unshared',
  'admin.reseed',
  'slack.linked',
  'slack.unlinked',
  'oidc.login',
  'oidc.accountCreated',
  'oidc.linked',
  'oidc.unlinked',
  'oidc.refused',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'twoFactor.reset',
  'twoFactor.recoveryCodesRegenerated',
  'twoFactor.used',
  'twoFactor.failed',
  'passkeys.added',
  'passkeys.renamed',
  'passkeys.removed',
  'passkeys.login',
  'passkeys.failed',
  'comments.removed',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Events listed a page at a time. */
export const AUDIT_PAGE_SIZE = 50;

/** At most this much of a user agent is kept. */
export const AUDIT_USER_AGENT_MAX_LENGTH = 256;

/** Where a page of events ends: the last event's time and id. */
export interface AuditCursor {
  createdAt: number;
  id: string;
}

const CURSOR = /^([0-9a-z]{1,11})\.([0-9a-f-]{36})$/;

/** The `next` of a page: opaque to callers, who send it back as `cursor`. */
export const encodeAuditCursor = ({ createdAt, id }: AuditCursor): string =>
  `${createdAt.toString(36)}.${id}`;

/** Reads a cursor back; undefined when it is not one this server made. */
export function decodeAuditCursor(cursor: string): AuditCursor | undefined {
  const match = CURSOR.exec(cursor);
  if (!match?.[1] || !match[2]) return undefined;
  const createdAt = Number.parseInt(match[1], 36);
  return Number.isSafeInteger(createdAt) ? { createdAt, id: match[2] } : undefined;
}

const msg = (key: MessageKey) => ({ error: key });

const cursor = z
  .string()
  .refine((value) => decodeAuditCursor(value) !== undefined, msg('audit.cursor.invalid'))
  .optional()
  .describe('The `next` of the previous page; leave out for the newest events.');

/** `GET /api/users/audit`: the caller's own events. */
export const OwnAuditQuerySchema = z.object({ cursor });

/** `GET /api/admin/audit`: everyone's events, or one user's. */
export const AdminAuditQuerySchema = z.object({
  userId: z.uuid(msg('audit.userId.invalid')).optional().describe("Only this user's events."),
  cursor,
});

/** One recorded event. */
export const AuditEventSchema = z
  .object({
    id: z.string(),
    type: z.string().describe('What happened (`auth.login`, `tokens.created`…).'),
    userId: z
      .string()
      .nullable()
      .describe('Who; null when nobody is known (a failed login with an unknown address).'),
    ip: z.string().nullable().describe("The caller's address; null for the command line."),
    userAgent: z.string().nullable().describe("The caller's user agent, at most 256 characters."),
    details: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .describe('What the event concerns (item, other person, level, token…); never a password.'),
    createdAt: z.number().describe('When (UTC ms).'),
  })
  .meta({ id: 'AuditEvent' });

/** A page of events, newest first. */
export const AuditPageSchema = z
  .object({
    events: z.array(AuditEventSchema),
    next: z.string().nullable().describe('The `cursor` of the following page; null on the last.'),
  })
  .meta({ id: 'AuditPage' });

export type AuditEvent = z.infer<typeof AuditEventSchema>;
export type AuditPage = z.infer<typeof AuditPageSchema>;
export type AuditDetails = AuditEvent['details'];
