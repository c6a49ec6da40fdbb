import type { AccessLevel, SearchScope } from '@nestbox/shared/items/item.schema';
import { foldForSearch } from '@nestbox/shared/search/search-query';
import { sql } from 'kysely';
import { engineOf } from '../../db/connection.js';
import type { Executor } from '../../db/schema.js';
import { visibleItemsSql } from '../access/access.contract.js';
import { type ItemSight, itemSight } from '../access/access.service.js';
import type { PresentableRow } from '../items/items.contract.js';
import { type CandidateSource, candidateSource } from './search-candidates.js';

/** Most results a search answers. */
export const SEARCH_LIMIT = 200;

/** Candidates read from the index in a first batch, newest first, and at most in a later one. */
const BATCH = 500;
const BATCH_MAX = 16_000;
/** The matches ranked when a search starts from everything the caller sees, at most. */
const RANK_WINDOW = 2_000;
/** Hidden boxes a batch passes over in the query at most. */
const HIDDEN_MAX = 1_000;

/** The condition that `i` is a match of `source`, for queries that start from elsewhere. */
const matchOf = (source: CandidateSource) =>
  sql`i.id in (select i.id from ${source.from} where ${sql.join(source.conditions, sql` and `)})`;

/** A match as search ranks it, with the caller's level and whether they see its box. */
interface Match {
  id: string;
  title: string;
  updated_at: number | string;
  level: AccessLevel;
  parentSeen: boolean;
}

/**
 * The page of `SEARCH_LIMIT` best matches. Best first: the title starts with the first word,
 * then holds it as a whole word, then anything else (a part of a word, or the note only); the
 * most recently changed first within each, then by id so pages are stable. With no words (tags
 * alone, or nothing), by title.
 */
function bestMatches(matches: Iterable<Match>, words: readonly string[]): Match[] {
  const first = words[0];
  const keyed = [...matches].map((match) => {
    const title = foldForSearch(match.title);
    const tier =
      first === undefined ? 0 : title.startsWith(first) ? 0 : ` ${title} `.includes(` ${first} `) ? 1 : 2;
    return { match, tier, title, updated: Number(match.updated_at) };
  });
  keyed.sort(
    (a, b) =>
      a.tier - b.tier ||
      (first === undefined ? a.title.localeCompare(b.title) : b.updated - a.updated) ||
      (a.match.id < b.match.id ? -1 : a.match.id > b.match.id ? 1 : 0),
  );
  return keyed.slice(0, SEARCH_LIMIT).map(({ match }) => match);
}

/** The page's items, in its order, with the caller's state and the box when they see it. */
async function presentPage(db: Executor, userId: string, page: readonly Match[]): Promise<VisibleRow[]> {
  if (page.length === 0) return [];
  const { rows } = await sql<PresentableRow & { parent_title: string | null }>`
    select i.*, p.title as parent_title, ui.favourited as favourited, ui.prioritizable as prioritizable,
      ui.priority as priority, ui.marked_for_today as marked_for_today
    from items i
    left join items p on p.id = i.parent_id
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where i.id in (${sql.join(page.map((match) => match.id))})`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap(({ id, level, parentSeen }) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        ...row,
        level,
        visible_parent_id: parentSeen ? row.parent_id : null,
        parent_title: parentSeen ? row.parent_title : null,
      },
    ];
  });
}

/** `visible_parent_id`, `parent_title`: the parent box, only when the caller sees it too. */
type VisibleRow = PresentableRow & {
  level: AccessLevel;
  visible_parent_id: string | null;
  parent_title: string | null;
};

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
  const source =
    options.words.length + options.tags.length > 0
      ? candidateSource(engineOf(db), options.words, options.tags)
      : undefined;
  if (source && options.scope !== 'workspace' && !options.includeArchived && !options.withinBoxId)
    return searchSeen(db, userId, { ...options, source });
  const matching = source ? sql`and ${matchOf(source)}` : sql``;
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
  // What is ranked, so that a search matching a whole account never folds and sorts every
  // title on the event loop: with words, the most recently changed matches; without, the
  // first page by title already.
  const window =
    options.words.length > 0
      ? { order: sql`i.updated_at desc, i.id`, size: RANK_WINDOW }
      : { order: sql`lower(i.title), i.id`, size: SEARCH_LIMIT };
  const { rows } = await sql<Omit<Match, 'parentSeen'> & { parent_seen: number | boolean }>`
    ${visibleItemsSql(userId, options.includeArchived, anchor)}${within}
    select i.id as id, i.title as title, i.updated_at as updated_at, v.level as level,
      case when i.parent_id in (select id from visible) then 1 else 0 end as parent_seen
    from visible v
    join items i on i.id = v.id
    left join user_items ui on ui.item_id = i.id and ui.user_id = ${userId}
    where v.rn = 1 and i.is_root_box = 0
      ${matching}
      and (${options.includeCompleted ? 1 : 0} = 1 or i.completed_at is null)
      ${favourites}
      ${insideOnly}
    order by ${window.order} limit ${window.size}`.execute(db);
  const found = rows.map(({ parent_seen, ...match }) => ({
    ...match,
    parentSeen: Number(parent_seen) === 1,
  }));
  return presentPage(db, userId, bestMatches(found, options.words));
}

/**
 * The matching items among everything the caller sees, archived ones left out, read from the
 * index newest first a batch at a time (each batch four times the last, while few are seen),
 * each kept when the access module sees it through its own link or its box (`itemSight`, which
 * reads each box once): the cost follows the matches read, not everything the caller sees.
 * The page is ranked among what was read; when a search matches more than the first batch,
 * the newest matches whose title starts with the first word are read too, so those still
 * lead the page.
 */
async function searchSeen(
  db: Executor,
  userId: string,
  options: {
    source: CandidateSource;
    words: readonly string[];
    includeCompleted: boolean;
    scope: SearchScope;
  },
): Promise<VisibleRow[]> {
  const { source } = options;
  const filters = [sql`i.archived_at is null`, sql`i.is_root_box = 0`];
  if (!options.includeCompleted) filters.push(sql`i.completed_at is null`);
  if (options.scope === 'favourites')
    filters.push(
      sql`exists (select 1 from user_items f where f.item_id = i.id and f.user_id = ${userId} and f.favourited = 1)`,
    );
  const see = itemSight(db, userId);
  const seen = new Map<string, Match>();
  // Boxes found hidden from the caller: later batches pass over what they hold in the query
  // (other people's matches, newer than the caller's, would otherwise be read and dropped).
  const hidden = new Set<string>();
  const read = async (from: CandidateSource, after: unknown, size: number) => {
    const where = [...from.conditions, ...filters];
    if (after !== undefined) where.push(sql`${from.order} < ${after}`);
    if (hidden.size > 0)
      where.push(
        sql`(l.level is not null or i.parent_id not in (${sql.join([...hidden].slice(0, HIDDEN_MAX))}))`,
      );
    const { rows } = await sql<
      Omit<Match, 'parentSeen' | 'level'> & {
        cursor: unknown;
        parent_id: string | null;
        level: AccessLevel | null;
      }
    >`
      select i.id as id, i.title as title, i.updated_at as updated_at, ${from.order} as cursor,
        i.parent_id as parent_id, l.level as level
      from ${from.from}
      left join item_users l on l.item_id = i.id and l.user_id = ${userId}
      where ${sql.join(where, sql` and `)}
      order by ${from.order} desc limit ${size}`.execute(db);
    const sights = await see(rows.map((row) => ({ parentId: row.parent_id, ownLevel: row.level })));
    rows.forEach(({ cursor, parent_id, ...row }, at) => {
      const { level, boxSeen } = sights[at] as ItemSight;
      if (level) seen.set(row.id, { ...row, level, parentSeen: boxSeen });
      else if (parent_id) hidden.add(parent_id);
    });
    return { full: rows.length === size, last: rows.at(-1)?.cursor };
  };
  const first = await read(source, undefined, BATCH);
  if (first.full && source.titleStart) await read(source.titleStart, undefined, BATCH);
  // A batch that found new hidden boxes is followed by one of the same size, which passes
  // over them; one that found neither what the caller sees nor new hidden boxes, by a bigger one.
  for (let { full, last } = first, size = BATCH; full && seen.size < SEARCH_LIMIT; ) {
    const before = hidden.size;
    ({ full, last } = await read(source, last, size));
    size = hidden.size > before ? BATCH : Math.min(size * 4, BATCH_MAX);
  }
  return presentPage(db, userId, bestMatches(seen.values(), options.words));
}
