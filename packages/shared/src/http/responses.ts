import { z } from 'zod';

/** The answer of a change that has nothing more to tell: `{ ok: true }`. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });

export type OkResponse = z.infer<typeof OkResponseSchema>;

/**
 * An answer without a body (HTTP 204), as a client reads it: nothing at all. A call that
 * expects no body says so with this, rather than by naming no contract.
 */
export const NoBodySchema = z.undefined();
