import type { ImportResult } from '@nestbox/shared/data/import.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { anExportFile } from '../../test/export-files.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { createImportService } from './import.service.js';

const AT = Date.UTC(2026, 2, 10, 12);
const DAY = 24 * 60 * 60 * 1000;

describe(`imports sent again with their Idempotency-Key on ${testEngine}`, () => {
  let t: TestApp;
  let ann: SignedInUser;

  const clock = fixedClock(AT);

  beforeAll(async () => {
    t = await buildTestApp({ now: clock });
    ann = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  const fileOf = (...titles: string[]) =>
    JSON.stringify(anExportFile(titles.map((title) => ({ type: 'text', title }))));

  /** POST /api/import?format=json&settings=0 with the file as the body. */
  const post = (
    body: string,
    {
      key,
      user = ann,
      language = 'en-GB',
      query = '',
    }: { key?: string; user?: SignedInUser; language?: string; query?: string } = {},
  ) =>
    t.request(`/api/import?format=json&settings=0${query}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'accept-language': language,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body,
    });

  const itemsOf = async (user: SignedInUser) =>
    Number(
      (
        await t.database.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('created_by', '=', user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function imported(res: Response): Promise<ImportResult> {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ImportResult;
  }

  it('answers a retry with the first answer and imports nothing again', async () => {
    const file = fileOf('one', 'two');
    const before = await itemsOf(ann);
    const first = await post(file, { key: 'retry-1' });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstResult = await imported(first);
    expect(await itemsOf(ann)).toBe(before + 3);
    for (let retry = 0; retry < 2; retry++) {
      const again = await post(file, { key: 'retry-1' });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await imported(again)).toEqual(firstResult);
    }
    expect(await itemsOf(ann)).toBe(before + 3);
    // Without a key, or with another, the same file imports again.
    await imported(await post(file));
    await imported(await post(file, { key: 'retry-2' }));
    expect(await itemsOf(ann)).toBe(before + 9);
  });

  it('makes one import of retries sent at once', async () => {
    const file = fileOf('a', 'b', 'c');
    const before = await itemsOf(ann);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(file, { key: 'at-once' })));
    const results = await Promise.all(answers.map(imported));
    expect(await itemsOf(ann)).toBe(before + 4);
    expect(new Set(results.map((result) => result.boxId)).size).toBe(1);
    expect(answers.filter((res) => res.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
  });

  it('refuses the key with another file or other options (409, translated), importing nothing', async () => {
    await imported(await post(fileOf('first'), { key: 'reused' }));
    const before = await itemsOf(ann);
    for (const [body, query] of [
      [fileOf('second'), ''],
      [fileOf('first'), '&name=Elsewhere'],
    ] as const) {
      for (const [language, message] of [
        ['en-GB', /^This Idempotency-Key was used for another import/],
        ['fr', /^Cette clé Idempotency-Key a servi à une autre importation/],
      ] as const) {
        const res = await post(body, { key: 'reused', language, query });
        expect(res.status).toBe(409);
        const { error } = (await res.json()) as ErrorBody;
        expect(error.code).toBe('import.idempotencyKey.reused');
        expect(error.message).toMatch(message);
      }
    }
    expect(await itemsOf(ann)).toBe(before);
  });

  it('keeps each person’s keys their own', async () => {
    const bob = await createSignedInUser(t);
    const file = fileOf('shared key');
    await imported(await post(file, { key: 'mine' }));
    const bobs = await post(file, { key: 'mine', user: bob });
    expect(bobs.headers.get('idempotent-replayed')).toBeNull();
    await imported(bobs);
    expect(await itemsOf(bob)).toBe(1 + 2);
  });

  it('keeps no key for a refused file or a dry run', async () => {
    const before = await itemsOf(ann);
    expect((await post('{"format":', { key: 'after-a-fix' })).status).toBe(400);
    expect(
      (await imported(await post(fileOf('dry'), { key: 'after-a-fix', query: '&dryRun=1' }))).dryRun,
    ).toBe(true);
    const fixed = await post(fileOf('fixed'), { key: 'after-a-fix' });
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    await imported(fixed);
    expect(await itemsOf(ann)).toBe(before + 2);
  });

  it('refuses a malformed key (400, translated), importing nothing', async () => {
    const before = await itemsOf(ann);
    for (const key of ['with space', 'é', 'x'.repeat(256)])
      for (const [language, message] of [
        ['en-GB', /^The Idempotency-Key header must be/],
        ['fr', /^L’en-tête Idempotency-Key doit/],
      ] as const) {
        const res = await post(fileOf('never'), { key, language });
        expect(res.status, key).toBe(400);
        const { error } = (await res.json()) as ErrorBody;
        expect(error.code).toBe('import.idempotencyKey.invalid');
        expect(error.message).toMatch(message);
      }
    expect(await itemsOf(ann)).toBe(before);
  });

  it('forgets a key after a day: it imports again, and the scheduler prunes it', async () => {
    const file = fileOf('daily');
    await imported(await post(file, { key: 'expiring' }));
    clock.advance(DAY - 1);
    expect((await post(file, { key: 'expiring' })).headers.get('idempotent-replayed')).toBe('true');
    clock.advance(1);
    const before = await itemsOf(ann);
    const later = await post(file, { key: 'expiring' });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    await imported(later);
    expect(await itemsOf(ann)).toBe(before + 2);

    const { pruneExpiredKeys } = createImportService({
      db: t.database.db,
      items: {} as never,
      organizer: {} as never,
      reminders: {} as never,
      comments: {} as never,
      attachments: {} as never,
      events: {} as never,
      fileReader: {} as never,
      now: clock,
    });
    expect(await pruneExpiredKeys(clock())).toBeGreaterThan(0);
    const kept = await t.database.db
      .selectFrom('import_keys')
      .select('key')
      .where('user_id', '=', ann.id)
      .execute();
    expect(kept.map((row) => row.key)).toEqual(['expiring']);
  });
});
