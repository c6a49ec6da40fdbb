import { z } from 'zod';

/**
 * The one error shape of every API failure (API.md): a stable code that is also the i18n
 * key, the message translated for the caller's `Accept-Language`, and per-field messages
 * for invalid input.
 */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable code; also the i18n key of the message.'),
      message: z.string().describe("Translated for the caller's Accept-Language."),
      fields: z.record(z.string(), z.string()).optional().describe('Translated message per invalid field.'),
      requestId: z.string().optional().describe('Quote this when reporting a server error.'),
    }),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
