import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';

/** A DAV precondition or postcondition element (RFC 4918 §16, RFC 4791 §5.3.2 and §9, RFC 6578 §6). */
export interface Condition {
  ns: string;
  name: string;
}

/**
 * A refusal in WebDAV's terms: a status, the condition that failed (the element clients read),
 * and a message translated into the caller's language. Answered as an XML `DAV:error` body.
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly condition?: Condition,
    readonly headers: Record<string, string> = {},
    /** What the message names (a reason, a limit). */
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}
