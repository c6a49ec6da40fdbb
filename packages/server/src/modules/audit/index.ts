/**
 * The audit module's public face: other modules record their security-relevant events through
 * the service (created in app.ts, and by the command line); the table is this module's alone.
 */
export {
  type AuditCaller,
  type AuditEntry,
  type AuditEventInput,
  type AuditService,
  createAuditService,
} from './audit.service.js';
