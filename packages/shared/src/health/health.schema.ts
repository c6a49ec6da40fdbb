import { z } from 'zod';

/** `GET /api/health`: the process answers, and the stores it depends on. */
export const HealthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    db: z.enum(['ok', 'down']).describe('The SQL store answers a trivial query.'),
    redis: z.enum(['ok', 'down']).optional().describe('Present only when REDIS_URL is set.'),
  })
  .meta({ id: 'Health' });

export type HealthResponse = z.infer<typeof HealthResponseSchema>;
