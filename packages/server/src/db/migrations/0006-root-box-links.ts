import { type Kysely, sql } from 'kysely';

/**
 * A Workspace (root box) is its creator's alone: it is never shared. Earlier versions let a
 * user share theirs, after which the other person could even remove the creator, who then
 * lost their own Workspace. This gives every Workspace back to its creator alone: their owner
 * link is restored, and everybody else's link to it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into item_users (item_id, user_id, level, created_at)
    select i.id, i.created_by, 'owner', i.created_at from items i
    where i.is_root_box = 1 and i.created_by is not null
      and not exists (select 1 from item_users l where l.item_id = i.id and l.user_id = i.created_by)`.execute(
    db,
  );
  await sql`update item_users set level = 'owner'
    where level <> 'owner' and exists (select 1 from items i
      where i.id = item_users.item_id and i.is_root_box = 1 and i.created_by = item_users.user_id)`.execute(
    db,
  );
  await sql`delete from item_users
    where exists (select 1 from items i
      where i.id = item_users.item_id and i.is_root_box = 1 and i.created_by is not null
        and i.created_by <> item_users.user_id)`.execute(db);
}

/** Nothing to undo: the links removed were never valid. */
export async function down(): Promise<void> {}
