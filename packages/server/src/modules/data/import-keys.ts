import { createHash } from 'node:crypto';
import type { ImportQuerySchema, ImportResult } from '@nestbox/shared/data/import.schema';
import type { z } from 'zod';
import { appErrors } from '../../http/app-error.js';
import type { ImportKeyRow } from './import-keys.repository.js';

/**
 * The rules of an import's Idempotency-Key: what makes two requests the same, and what a key
 * already taken answers. The key rows themselves are import-keys.repository.ts's.
 */

/** Thrown inside an import's transaction when another import holds its key: it rolls back. */
export class KeyTaken extends Error {
  override name = 'KeyTaken';
}

/**
 * What an import request is, for telling a retry of it from another request sent with the same
 * key: the SHA-256 of the options that change what it writes and of the file.
 */
export function fingerprintOf(
  request: Pick<z.output<typeof ImportQuerySchema>, 'format' | 'boxId' | 'name' | 'settings'>,
  bytes: Buffer | undefined,
): string {
  const { format, boxId, name, settings } = request;
  return createHash('sha256')
    .update(JSON.stringify({ format, boxId, name, settings }))
    .update('\n')
    .update(bytes ?? Buffer.alloc(0))
    .digest('hex');
}

/**
 * The answer a key gives: the first import's, when it is this very request and it committed;
 * a refusal (409) when the key went with another request; nothing when it is free or its
 * import still runs.
 */
export function answerOf(
  claim: { fingerprint: string },
  stored: ImportKeyRow | undefined,
): (ImportResult & { replayed: true }) | undefined {
  if (!stored) return undefined;
  if (stored.fingerprint !== claim.fingerprint) throw appErrors.conflict('import.idempotencyKey.reused');
  if (stored.result === '') return undefined;
  return { ...(JSON.parse(stored.result) as ImportResult), replayed: true };
}
