import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { AppError } from './app-error.js';
import { createMemoryRateLimitStore, createRateLimiter, createRedisRateLimitStore } from './rate-limit.js';

describe('rate limiter', () => {
  it('allows max attempts per window, then 429 with the seconds left', async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(
      createMemoryRateLimitStore(() => now),
      () => now,
    );
    const limit = { max: 2, windowMs: 60_000 };
    await limiter.consume('k', limit);
    await limiter.consume('k', limit);
    now += 15_000;
    const error = (await limiter.consume('k', limit).catch((e: unknown) => e)) as AppError;
    expect(error.statusCode).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '45' });
    await limiter.consume('other', limit);
    now += 45_000;
    await expect(limiter.consume('k', limit)).resolves.toBeUndefined();
  });

  it.runIf(process.env.REDIS_URL)('shares counters across instances through Redis', async () => {
    const a = new Redis(process.env.REDIS_URL ?? '');
    const b = new Redis(process.env.REDIS_URL ?? '');
    const prefix = `test:rl:${randomUUID()}:`;
    try {
      const instanceA = createRateLimiter(createRedisRateLimitStore(a, prefix));
      const instanceB = createRateLimiter(createRedisRateLimitStore(b, prefix));
      const limit = { max: 3, windowMs: 10_000 };
      await instanceA.consume('login:ip:1', limit);
      await instanceB.consume('login:ip:1', limit);
      await instanceA.consume('login:ip:1', limit);
      await expect(instanceB.consume('login:ip:1', limit)).rejects.toMatchObject({ statusCode: 429 });
      const ttl = await a.pttl(`${prefix}login:ip:1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(10_000);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});
