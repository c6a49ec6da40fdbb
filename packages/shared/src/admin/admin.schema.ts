import { z } from 'zod';

/** The two re-seeds of Application Settings → Database. */
export const RESEED_TYPES = ['base', 'full'] as const;
export type ReseedType = (typeof RESEED_TYPES)[number];

/** `POST /api/admin/tools/resend`. */
export const ReseedBodySchema = z.object({ type: z.enum(RESEED_TYPES) }).meta({ id: 'ReseedBody' });

/** Its answer: a translated message, and whether the caller's session survived the re-seed. */
export const ReseedResponseSchema = z
  .object({
    message: z.string(),
    sessionKept: z
      .boolean()
      .describe('True when the caller is the configured admin (re-created with the same id).'),
  })
  .meta({ id: 'ReseedResponse' });

export type ReseedBody = z.infer<typeof ReseedBodySchema>;
export type ReseedResponse = z.infer<typeof ReseedResponseSchema>;

/** The demo accounts of the full seed (docs/operations.md lists them); all share one password. */
export const DEMO_PASSWORD = 'nestbox-demo-2026';
export const DEMO_EMAILS = {
  alice: 'alice@demo.nestbox',
  bob: 'bob@demo.nestbox',
  camille: 'camille@demo.nestbox',
} as const;
