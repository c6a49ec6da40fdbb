import type { Redis } from 'ioredis';
import { appErrors } from './app-error.js';

/** How many attempts a key may make per window. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** A fixed-window counter store: in memory for one process, in Redis across instances. */
export interface RateLimitStore {
  /** Counts one attempt; returns the attempts in the current window and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

const MEMORY_SWEEP_SIZE = 10_000;

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const at = now();
      if (windows.size > MEMORY_SWEEP_SIZE) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { ...window };
    },
  };
}

export function createRedisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const redisKey = `${prefix}${key}`;
      const results = await redis
        .multi()
        .set(redisKey, 0, 'PX', windowMs, 'NX')
        .incr(redisKey)
        .pttl(redisKey)
        .exec();
      const count = Number(results?.[1]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
  };
}

/** A limiter bound to a store: `consume` throws 429 (with Retry-After) once a key is over its limit. */
export interface RateLimiter {
  consume(key: string, limit: Limit): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, now: () => number = Date.now): RateLimiter {
  return {
    async consume(key, { max, windowMs }) {
      const { count, resetAt } = await store.hit(key, windowMs);
      if (count > max) throw appErrors.tooManyRequests((resetAt - now()) / 1000);
    },
  };
}
