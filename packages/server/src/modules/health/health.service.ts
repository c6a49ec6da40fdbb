import type { HealthResponse } from '@nestbox/shared/health/health.schema';
import type { Redis } from 'ioredis';
import type { Executor } from '../../db/schema.js';
import { pingDatabase } from './health.repository.js';

const REDIS_PING_TIMEOUT_MS = 1_000;

async function pingRedis(redis: Redis): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), REDIS_PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([redis.ping().then((answer) => answer === 'PONG'), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The process is up; reports each store it depends on. Redis only when it is configured. */
export async function checkHealth(db: Executor, redis: Redis | undefined): Promise<HealthResponse> {
  const [dbUp, redisUp] = await Promise.all([pingDatabase(db), redis ? pingRedis(redis) : undefined]);
  const health: HealthResponse = { status: 'ok', db: dbUp ? 'ok' : 'down' };
  if (redisUp !== undefined) health.redis = redisUp ? 'ok' : 'down';
  if (!dbUp || redisUp === false) health.status = 'degraded';
  return health;
}
