/**
 * Personal API tokens' fixed values, apart from their schemas so the web app can read them
 * without loading zod.
 */

/** What a token may do: `read` answers reads only, `write` what the session may do (account changes aside). */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every API token starts with this, so it is told apart from a session token (a JWT) at a glance. */
export const API_TOKEN_PREFIX = 'nbx_';

/** A token's name: 1 to this many characters once trimmed. */
export const API_TOKEN_NAME_MAX_LENGTH = 100;
