import { createHash, randomBytes } from 'node:crypto';
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@nestbox/shared/tokens/token-values';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { ApiTokensTable, Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  deleteApiToken,
  deleteEndedApiTokens,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  touchApiToken,
} from './tokens.repository.js';

/** A token's last use is written at most this often (no write per request). */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** What is stored of a token: the SHA-256 (hex) of its whole text. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tells a personal API token from a session token (a JWT never starts so). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

function presentApiToken(
  row: Pick<ApiTokensTable, 'id' | 'name' | 'scope' | 'created_at' | 'last_used_at'>,
): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** Who an API token speaks for, as `authenticate` checks it against its owner. */
export interface ApiTokenCaller {
  userId: string;
  scope: ApiTokenScope;
  /** The owner's token_version when it was made: it works only while theirs is the same. */
  tokenVersion: number;
}

/**
 * Looks an API token up by its hash and records its use (at most once a minute). Undefined
 * when no token has that text: never made, or revoked. The owner is checked by the caller.
 */
export async function apiTokenCaller(
  db: Executor,
  token: string,
  now: number = Date.now(),
): Promise<ApiTokenCaller | undefined> {
  const row = await findApiTokenByHash(db, hashApiToken(token));
  if (!row) return undefined;
  const notAfter = now - LAST_USED_RESOLUTION_MS;
  if (row.last_used_at === null || row.last_used_at <= notAfter)
    await touchApiToken(db, row.id, now, notAfter);
  return { userId: row.user_id, scope: row.scope, tokenVersion: row.token_version };
}

/**
 * Personal API tokens (docs/guide.md "Personal API tokens"): a person makes, lists and revokes their
 * own. The token's text is answered once, when it is made; only its hash is kept.
 */
export function createTokensService({
  db,
  audit,
  now,
}: {
  db: Executor;
  /** Records tokens made and revoked. */
  audit: Pick<AuditService, 'write' | 'log'>;
  now: Clock;
}) {
  return {
    /** Makes a token; the caller's tokens ended by a password change or reset go in the same transaction. */
    async create(user: UserRow, body: CreateApiTokenBody): Promise<CreatedApiToken> {
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row: ApiTokensTable = {
        id: newId(),
        user_id: user.id,
        name: body.name,
        scope: body.scope,
        token_hash: hashApiToken(token),
        token_version: user.token_version,
        last_used_at: null,
        created_at: now(),
      };
      const entry = await db.transaction().execute(async (trx) => {
        await deleteEndedApiTokens(trx, user.id, user.token_version);
        await insertApiToken(trx, row);
        return audit.write(trx, {
          type: 'tokens.created',
          userId: user.id,
          details: { tokenId: row.id, name: row.name, scope: row.scope },
        });
      });
      audit.log(entry);
      return { ...presentApiToken(row), token };
    },

    /** The caller's working tokens (those a password change or reset ended are left out). */
    async list(user: UserRow): Promise<ApiToken[]> {
      return (await listApiTokens(db, user.id, user.token_version)).map(presentApiToken);
    },

    /** Revokes one of the caller's tokens; someone else's and an unknown id are both 404. */
    async revoke(user: UserRow, id: string): Promise<void> {
      const entry = await db.transaction().execute(async (trx) => {
        const name = await deleteApiToken(trx, user.id, id);
        if (name === undefined) throw appErrors.notFound();
        return audit.write(trx, { type: 'tokens.revoked', userId: user.id, details: { tokenId: id, name } });
      });
      audit.log(entry);
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
