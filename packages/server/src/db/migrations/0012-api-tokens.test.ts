import { SYSTEM_USER } from '@nestbox/shared/constants';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../../test/test-database.js';

describe(`migration 0012-api-tokens on ${testEngine}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  const token = (id: string, hash: string, scope = 'read') =>
    sql`insert into api_tokens (id, user_id, name, scope, token_hash, token_version, created_at)
      values (${id}, ${SYSTEM_USER.id}, 'n', ${scope}, ${hash}, 0, 1)`;

  it('refuses a scope outside read and write, and a hash stored twice', async () => {
    database = await createMigratedTestDatabase();
    const { db } = database;
    await token('a', 'hash-a').execute(db);
    await token('b', 'hash-b', 'write').execute(db);
    await expect(token('c', 'hash-c', 'admin').execute(db)).rejects.toThrow(/api_tokens_scope_check|CHECK/i);
    await expect(sql`update api_tokens set scope = 'admin' where id = 'a'`.execute(db)).rejects.toThrow(
      /api_tokens_scope_check|CHECK/i,
    );
    await expect(token('d', 'hash-a').execute(db)).rejects.toThrow(/unique|duplicate/i);
    expect(await db.selectFrom('api_tokens').select(['id', 'scope']).orderBy('id').execute()).toEqual([
      { id: 'a', scope: 'read' },
      { id: 'b', scope: 'write' },
    ]);
  });

  it('deletes a user’s tokens with the user', async () => {
    database = await createMigratedTestDatabase();
    const { db } = database;
    await token('a', 'hash-a').execute(db);
    await db.deleteFrom('items').where('created_by', '=', SYSTEM_USER.id).execute();
    await db.deleteFrom('users').where('id', '=', SYSTEM_USER.id).execute();
    expect(await db.selectFrom('api_tokens').select('id').execute()).toEqual([]);
  });
});
