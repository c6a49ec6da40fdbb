import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';
import {
  type CaptchaService,
  createAltchaCaptcha,
  createDatabaseReplayStore,
  createRedisReplayStore,
} from './captcha.service.js';

const SECRET = 'captcha-test-secret-captcha-test-secret';

/** A real answer to a challenge of `captcha`, as the browser widget makes it. */
async function solved(captcha: CaptchaService): Promise<string> {
  const challenge: Challenge = await captcha.createChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe(`ALTCHA replay protection on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });
  afterAll(() => database.close());

  it('accepts an answer once, across restarts and instances sharing the database, until it expires', async () => {
    const first = createAltchaCaptcha(SECRET, createDatabaseReplayStore(database.db));
    const answer = await solved(first);
    expect(await first.verify(answer, '127.0.0.1')).toBe(true);
    // Another instance (or this one after a restart) has no memory of its own.
    const second = createAltchaCaptcha(SECRET, createDatabaseReplayStore(database.db));
    expect(await second.verify(answer, '127.0.0.1')).toBe(false);
    expect(await first.verify(answer, '127.0.0.1')).toBe(false);

    const store = createDatabaseReplayStore(database.db);
    const [row] = await database.db.selectFrom('used_captchas').selectAll().execute();
    expect(row?.expires_at).toBeGreaterThan(Date.now());
    expect(await store.prune(Date.now())).toBe(0);
    expect(await store.prune((row?.expires_at ?? 0) + 1)).toBe(1);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('ALTCHA replay protection in Redis', () => {
  it('accepts an answer once across instances sharing Redis', async () => {
    const prefix = `nestbox:test:${Date.now().toString(36)}:captcha:`;
    const [a, b] = [new Redis(redisUrl ?? ''), new Redis(redisUrl ?? '')];
    try {
      const first = createAltchaCaptcha(SECRET, createRedisReplayStore(a, prefix));
      const second = createAltchaCaptcha(SECRET, createRedisReplayStore(b, prefix));
      const answer = await solved(first);
      expect(await first.verify(answer, '127.0.0.1')).toBe(true);
      expect(await second.verify(answer, '127.0.0.1')).toBe(false);
      const keys = await a.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(await a.pttl(keys[0] ?? '')).toBeGreaterThan(0);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });
});
