import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Does the SQL store answer a trivial query? */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
