/** E-mail addresses are stored and compared case-folded. */
export const foldEmail = (email: string) => email.trim().toLowerCase();

/**
 * Who is behind a session is read on every authenticated request, so this process keeps each
 * answer for a moment: every write to a user drops it at once, and a write made by another
 * instance (or behind this module's back) shows within SESSION_USER_TTL_MS. A password change
 * there (a bumped token_version) so ends a session everywhere within that time.
 */
export const SESSION_USER_TTL_MS = 1_000;
