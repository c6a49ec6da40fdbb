import type { AccessLevel, SearchScope } from '@nestbox/shared/items/item.schema';
import { matchesWordStart, PART_MIN } from '@nestbox/shared/search/search-query';
import { type RawBuilder, sql } from 'kysely';
import { type DbEngine, engineOf } from '../../db/connection.js';
import { escapeLike } from '../../db/like.js';
import type { Executor } from '../../db/schema.js';
import { seenBoxesSql, visibleItemsSql } from '../access/access.contract.js';
import type { PresentableRow } from '../items/items.contract.js';

/** Most results a search answers. */
export const SEARCH_LIMIT = 200;

/**
 * The condition on `i` that its title or note holds every word (folded, see
 * `parseSearchQuery`), each through an index: a part of three characters or more through
 * SQLite's trigram table `item_search` (each word a quoted phrase) or PostgreSQL's trigram
 * index on `nb_search_text`; a shorter word at a word's start through SQLite's `item_words`
 * (a prefix query, `"ka"*`) or PostgreSQL's words index (`'ka':*`). A short word with no
 * letter or digit (`%`) has no word to start, and is compared on each candidate with
 * `nb_fold`. Undefined when there are no words.
 */
function wordsMatch(engine: DbEngine, words: readonly string[]) {
  if (words.length === 0) return undefined;
  const starts = words.filter(matchesWordStart);
  const parts = words.filter((word) => word.length >= PART_MIN);
  const folded = (word: string) => sql`'%' || nb_fold(${escapeLike(word)}) || '%'`;
  const conditions = words
    .filter((word) => word.length < PART_MIN && !matchesWordStart(word))
    .map((word) => sql`nb_fold(i.title || ' ' || coalesce(i.note, '')) like ${folded(word)} escape '\\'`);
  if (engine === 'postgres') {
    conditions.push(
      ...parts.map((word) => sql`nb_search_text(i.title, i.note) like ${folded(word)} escape '\\'`),
    );
    if (starts.length > 0) {
      const prefixes = starts.map((word) => `'${word.replace(/['\\]/g, (c) => `\\${c}`)}':*`).join(' & ');
      conditions.push(sql`to_tsvector('simple'::regconfig, nb_search_text(i.title, i.note))
        @@ to_tsquery('simple'::regconfig, ${prefixes})`);
    }
    return sql.join(conditions, sql` and `);
  }
  const phrases = (list: readonly string[], suffix: string) =>
    list.map((word) => `"${word.replaceAll('"', '""')}"${suffix}`).join(' AND ');
  const through = (table: string, query: string) =>
    sql`i.id in (select k.item_id from ${sql.raw(table)} s
      join item_search_keys k on k.key = s.rowid where ${sql.raw(table)} match ${query})`;
  if (parts.length > 0) conditions.push(through('item_search', phrases(parts, '')));
  if (starts.length > 0) conditions.push(through('item_words', phrases(starts, '*')));
  return sql.join(conditions, sql` and `);
}

/**
 * Best first: the title starts with the first word, then holds it as a whole word, then
 * anything else (a part of a word, or the note only); the most recently changed first within
 * each, then by id so pages are stable.
 */
function ranking(words: readonly string[]) {
  const first = words[0];
  if (first === undefined) return sql`lower(i.title), i.id`;
  const word = escapeLike(first);
  return sql`case
      when nb_fold(i.title) like nb_fold(${word}) || '%' escape '\\' then 0
      when ' ' || nb_fold(i.title) || ' ' like '% ' || nb_fold(${word}) || ' %' escape '\\' then 1
      else 2
    end, i.updated_at desc, i.id`;
}

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
 * Items whose title or note holds every word and that carry every tag, among everything the
 * caller can see (their root box's tree only for the 'workspace' scope), best first, with the
 * caller's state and the parent box when the caller sees it too (an item shared on its own
 * says nothing of the box it sits in). Archived items (and what is inside them) and completed
 * ones only when asked; 'favourites' keeps the caller's starred ones; `withinBoxId` keeps what
 * lies inside that box, at any depth. Unless Archived, a box limit or the Workspace scope is
 * asked for, a search with words or tags starts from its matches (`searchSeen`); otherwise
 * from everything the caller sees.
 */
export async function searchVisibleItems(
  db: Executor,
  userId: string,
  options: {
    /** Folded words and phrases, all of which the title or note holds. */
    words: readonly string[];
    includeArchived: boolean;
    includeCompleted: boolean;
    scope: SearchScope;
    rootBoxId?: string;
    withinBoxId?: string;
    /** Normalised tag names: texts carrying every one. */
    tags: readonly string[];
  },
): Promise<VisibleRow[]> {
  const conditions = options.tags.map(
    (tag) => sql`exists (select 1 from item_tags t where t.item_id = i.id and t.name = ${tag})`,
  );
  const words = wordsMatch(engineOf(db), options.words);
  if (words) conditions.push(words);
  if (
    conditions.length > 0 &&
    options.scope !== 'workspace' &&
    !options.includeArchived &&
    !options.withinBoxId
  )
    return searchSeen(db, userId, { ...options, matches: sql.join(conditions, sql` and `) });
  const matches = conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
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
      ${matches}
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
      ${insideOnly}
    order by ${ranking(options.words)}
    limit ${SEARCH_LIMIT}`.execute(db);
  return rows;
}

/**
 * The matching items among everything the caller sees, archived ones left out: from the
 * matches (the search index, a tag's rows) to the items, each seen through its own link or its
 * box (`seen_boxes`, decided once per box by the access module), so the cost follows the
 * matches, not everything the caller sees.
 */
async function searchSeen(
  db: Executor,
  userId: string,
  options: {
    matches: RawBuilder<unknown>;
    words: readonly string[];
    includeCompleted: boolean;
    scope: SearchScope;
  },
): Promise<VisibleRow[]> {
  const favourites =
    options.scope === 'favourites'
      ? sql`and exists (select 1 from user_items f where f.item_id = i.id and f.user_id = ${userId} and f.favourited = 1)`
      : sql``;
  // The page of ids first (ranked), then full rows for those only.
  const { rows: page } = await sql<{ id: string }>`${seenBoxesSql(userId)},
    seen(id) as (select distinct id from seen_boxes)
    select i.id as id
    from items i
    left join item_users own on own.item_id = i.id and own.user_id = ${userId}
    left join seen s on s.id = i.parent_id
    where ${options.matches} and i.archived_at is null and i.is_root_box = 0
      and (own.level is not null or s.id is not null)
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
    order by ${ranking(options.words)}
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
