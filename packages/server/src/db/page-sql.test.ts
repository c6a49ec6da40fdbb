import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pageSql } from './page-sql.js';

describe('pageSql', () => {
  const db = new Kysely<Record<string, never>>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  });

  it('writes the bounds into the SQL, binding nothing', () => {
    const compiled = sql`select 1 ${pageSql(100, 20)}`.compile(db);
    expect(compiled.sql).toBe('select 1 limit 100 offset 20');
    expect(compiled.parameters).toEqual([]);
  });

  it.each([
    [-1, 0],
    [1.5, 0],
    [10, -3],
    [Number.NaN, 0],
    [10, Number.POSITIVE_INFINITY],
  ])('refuses %s, %s', (limit, offset) => {
    expect(() => pageSql(limit, offset)).toThrow(RangeError);
  });
});
