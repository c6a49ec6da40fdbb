import type { ItemType } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';
import { seenBoxesSql } from '../access/access.contract.js';

/** What the finder reads of each item the caller sees: enough to match, rank and place it. */
export interface FindableRow {
  id: string;
  type: ItemType;
  title: string;
  parent_id: string | null;
  is_root_box: number;
  completed_at: number | null;
  updated_at: number;
}

const findableColumns = (alias: string) =>
  sql.join(
    ['id', 'type', 'title', 'parent_id', 'is_root_box', 'completed_at', 'updated_at'].map((column) =>
      sql.ref(`${alias}.${column}`),
    ),
  );

/**
 * Every box and text the caller sees, archived ones (and what archived boxes hold) left out:
 * the boxes of `seen_boxes` (decided once per box by the access module), the texts in them,
 * and the texts linked to the caller on their own whose box they do not see. Their Workspace
 * is among the boxes (the paths stop there); nobody else's ever is.
 */
export async function findableItems(db: Executor, userId: string): Promise<FindableRow[]> {
  const { rows } = await sql<FindableRow>`${seenBoxesSql(userId)},
    seen(id) as (select distinct id from seen_boxes)
    select ${findableColumns('b')} from seen s join items b on b.id = s.id
    union all
    select ${findableColumns('t')} from seen s join items t on t.parent_id = s.id
    where t.type = 'todoText' and t.archived_at is null
    union all
    select ${findableColumns('t')} from item_users own join items t on t.id = own.item_id
    where own.user_id = ${userId} and t.type = 'todoText' and t.archived_at is null
      and (t.parent_id is null or t.parent_id not in (select id from seen))`.execute(db);
  return rows;
}
