import type { AccessLevel, SearchScope } from '@nestbox/shared/items/item.schema';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';
import { seenBoxesSql, visibleItemsSql } from '../access/access.contract.js';
import type { PresentableRow } from '../items/items.contract.js';

/** Most results a search answers. */
export const SEARCH_LIMIT = 200;

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `visible_parent_id`, `parent_title`: the parent box, only when the caller sees it too. */
type VisibleRow = PresentableRow & {
  level: AccessLevel;
  visible_parent_id: string | null;
  parent_title: string | null;
};

const visibleColumns = sql`i.*, v.level as level, p.id as visible_parent_id, p.title as parent_title,
  ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
  ui.marked_for_today as marked_for_today`;

/**
 * Items whose title contains the term among everything the caller can see (their root box's
 * tree only for the 'workspace' scope), with the caller's state and the parent box when the
 * caller sees it too (an item shared on its own says nothing of the box it sits in).
 * Archived items (and what is inside them) and completed ones only when asked; 'favourites'
 * keeps the caller's starred ones; `withinBoxId` keeps what lies inside that box, at any depth.
 */
export async function searchVisibleItems(
  db: Executor,
  userId: string,
  options: {
    term: string;
    includeArchived: boolean;
    includeCompleted: boolean;
    scope: SearchScope;
    rootBoxId?: string;
    withinBoxId?: string;
    /** A normalised tag name: texts carrying it, instead of titles containing the term. */
    tag?: string;
  },
): Promise<VisibleRow[]> {
  if (
    options.tag !== undefined &&
    options.scope !== 'workspace' &&
    !options.includeArchived &&
    !options.withinBoxId
  )
    return searchTagged(db, userId, { ...options, tag: options.tag });
  const matches =
    options.tag === undefined
      ? sql`lower(i.title) like ${likePattern(options.term)} escape '\\'`
      : sql`exists (select 1 from item_tags t where t.item_id = i.id and t.name = ${options.tag})`;
  const favourites = options.scope === 'favourites' ? sql`and ui.favourited = 1` : sql``;
  const anchor = options.scope === 'workspace' ? options.rootBoxId : undefined;
  const within = options.withinBoxId
    ? sql`, inside(id) as (
        select id from items where parent_id = ${options.withinBoxId}
        union
        select i.id from items i join inside t on i.parent_id = t.id
      )`
    : sql``;
  const insideOnly = options.withinBoxId ? sql`and i.id in (select id from inside)` : sql``;
  const { rows } = await sql<VisibleRow>`
    ${visibleItemsSql(userId, options.includeArchived, anchor)}${within}
    select ${visibleColumns}
    from visible v
    join items i on i.id = v.id
    left join items p on p.id = i.parent_id and p.id in (select id from visible)
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where v.rn = 1 and i.is_root_box = 0
      and ${matches}
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
      ${insideOnly}
    order by lower(i.title), i.id
    limit ${SEARCH_LIMIT}`.execute(db);
  return rows;
}

/**
 * The texts carrying a tag among everything the caller sees, archived ones left out: from the
 * tag's rows (its index) to the texts, each seen through its own link or its box (`seen_boxes`,
 * decided once per box), so its cost follows the tag's texts, not everything the caller sees.
 */
async function searchTagged(
  db: Executor,
  userId: string,
  options: { tag: string; includeCompleted: boolean; scope: SearchScope },
): Promise<VisibleRow[]> {
  const favourites =
    options.scope === 'favourites'
      ? sql`and exists (select 1 from user_items f where f.item_id = i.id and f.user_id = ${userId} and f.favourited = 1)`
      : sql``;
  // The page of ids first (the tag's rows, a title each to sort by), then full rows for those only.
  const { rows: page } = await sql<{ id: string }>`${seenBoxesSql(userId)}
    select i.id as id
    from item_tags t
    join items i on i.id = t.item_id
    left join item_users own on own.item_id = i.id and own.user_id = ${userId}
    left join seen_boxes s on s.id = i.parent_id
    where t.name = ${options.tag} and i.archived_at is null
      and (own.level is not null or s.level is not null)
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
    order by lower(i.title), i.id
    limit ${SEARCH_LIMIT}`.execute(db);
  if (page.length === 0) return [];
  const { rows } = await sql<VisibleRow>`${seenBoxesSql(userId)}
    select i.*, coalesce(own.level, s.level) as level, p.id as visible_parent_id, p.title as parent_title,
      ui.favourited as favourited, ui.prioritizable as prioritizable, ui.priority as priority,
      ui.marked_for_today as marked_for_today
    from items i
    left join item_users own on own.item_id = i.id and own.user_id = ${userId}
    left join seen_boxes s on s.id = i.parent_id
    left join items p on p.id = s.id
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where i.id in (${sql.join(page.map((row) => row.id))})`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap((row) => byId.get(row.id) ?? []);
}
