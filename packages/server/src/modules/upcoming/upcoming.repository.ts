import { EARLIEST_DATE_MS, LATEST_DATE_MS } from '@nestbox/shared/dates/date-range';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import { pageSql } from '../../db/page-sql.js';
import type { Executor } from '../../db/schema.js';
import { seenBoxesSql } from '../access/access.contract.js';
import { PRESENTED_COLUMNS, type PresentableRow } from '../items/items.contract.js';

/**
 * Upcoming's reads: the open dated texts the caller sees (through a box of `seen_boxes`,
 * decided once per box by the access module, or a link of their own), by target date then
 * id, from a cursor. The conditions repeat those of the partial index `items_open_dated_idx`
 * word for word, so both engines walk that index in order and stop at the page's end.
 */

/** An Upcoming row: what presentItem reads, and the caller's level. */
export type UpcomingRow = PresentableRow & { level: AccessLevel };

/** Where a page starts: after this target date and id. */
export interface UpcomingCursor {
  targetDate: number;
  id: string;
}

/** A box on the way up to a text: what its path reads. */
export interface SeenBoxRow {
  id: string;
  title: string;
  parent_id: string | null;
  is_root_box: number;
}

const columns = sql.join(PRESENTED_COLUMNS.map((column) => sql.ref(`i.${column}`)));

/** The statement of a page: up to `limit` rows after `after` (from the start without it). */
export function upcomingPageSql(userId: string, after: UpcomingCursor | null, limit: number) {
  const from = after
    ? sql`and (i.target_date > ${after.targetDate} or (i.target_date = ${after.targetDate} and i.id > ${after.id}))`
    : sql``;
  return sql<UpcomingRow>`${seenBoxesSql(userId)},
    page(id) as (
      select i.id from items i
      where i.target_date is not null and i.completed_at is null and i.archived_at is null
        and i.type = 'todoText'
        and i.target_date >= ${EARLIEST_DATE_MS} and i.target_date <= ${LATEST_DATE_MS} ${from}
        and (i.parent_id in (select id from seen_boxes)
          or exists (select 1 from item_users l where l.item_id = i.id and l.user_id = ${userId}))
      order by i.target_date, i.id ${pageSql(limit)}
    )
    select ${columns}, coalesce(own.level, s.level) as level,
      ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
      ui.marked_for_today as marked_for_today
    from page
    join items i on i.id = page.id
    left join item_users own on own.item_id = i.id and own.user_id = ${userId}
    left join seen_boxes s on s.id = i.parent_id
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    order by i.target_date, i.id`;
}

/** Up to `limit` rows after `after` (from the start without it), by target date then id. */
export async function upcomingRows(
  db: Executor,
  userId: string,
  after: UpcomingCursor | null,
  limit: number,
): Promise<UpcomingRow[]> {
  return (await upcomingPageSql(userId, after, limit).execute(db)).rows;
}

/** Every box the caller sees (their Workspace among them), for the paths above the texts. */
export async function seenBoxes(db: Executor, userId: string): Promise<SeenBoxRow[]> {
  const { rows } = await sql<SeenBoxRow>`${seenBoxesSql(userId)},
    seen(id) as (select distinct id from seen_boxes)
    select b.id as id, b.title as title, b.parent_id as parent_id, b.is_root_box as is_root_box
    from seen s join items b on b.id = s.id`.execute(db);
  return rows;
}
