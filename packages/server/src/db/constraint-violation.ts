/**
 * What kind of database constraint an error broke, on either engine, or undefined when it is
 * not a constraint violation:
 * - `conflict`: a unique, primary-key or foreign-key constraint (the row exists already, or
 *   what it points at went away meanwhile);
 * - `invalid`: a check or not-null constraint (a value the schema refuses).
 * SQLite (better-sqlite3) names them `SQLITE_CONSTRAINT_*`; PostgreSQL uses SQLSTATE class 23.
 */
export function constraintViolationOf(error: unknown): 'conflict' | 'invalid' | undefined {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  if (!code) return undefined;
  if (code.startsWith('SQLITE_CONSTRAINT')) {
    return /_(UNIQUE|PRIMARYKEY|FOREIGNKEY)$/.test(code) ? 'conflict' : 'invalid';
  }
  if (/^23\d{3}$/.test(code)) return code === '23505' || code === '23503' ? 'conflict' : 'invalid';
  return undefined;
}
