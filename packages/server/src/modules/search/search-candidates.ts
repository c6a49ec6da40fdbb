import { matchesWordStart, PART_MIN } from '@nestbox/shared/search/search-query';
import { type RawBuilder, sql } from 'kysely';
import type { DbEngine } from '../../db/connection.js';
import { escapeLike } from '../../db/like.js';

/**
 * How a search finds its candidates: `from` joins `items i` to the index that holds every
 * word, `order` walks that index newest item first (SQLite: the key in `item_search_keys`,
 * given in creation order; PostgreSQL and tags: the UUIDv7 id), and `conditions` are the
 * rest of what a match holds. `titleStart`, when the first word can start a title, finds
 * those whose title starts with it (a note starting with it too, on SQLite).
 */
export interface CandidateSource {
  from: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
  conditions: RawBuilder<unknown>[];
  titleStart?: CandidateSource;
}

const folded = (word: string) => sql`'%' || nb_fold(${escapeLike(word)}) || '%'`;

/** A short word with no letter or digit (`%`) is in no index: compared on each candidate. */
const unindexed = (words: readonly string[]) =>
  words
    .filter((word) => word.length < PART_MIN && !matchesWordStart(word))
    .map((word) => sql`nb_fold(i.title || ' ' || coalesce(i.note, '')) like ${folded(word)} escape '\\'`);

/**
 * PostgreSQL: a part of three characters or more through the trigram index on
 * `nb_search_text`, a shorter word at a word's start through the words index (`'ka':*`).
 */
function postgresSource(words: readonly string[], tags: readonly string[]): CandidateSource {
  const conditions = unindexed(words);
  const parts = words.filter((word) => word.length >= PART_MIN);
  conditions.push(
    ...parts.map((word) => sql`nb_search_text(i.title, i.note) like ${folded(word)} escape '\\'`),
  );
  const starts = words.filter(matchesWordStart);
  if (starts.length > 0) {
    const prefixes = starts.map((word) => `'${word.replace(/['\\]/g, (c) => `\\${c}`)}':*`).join(' & ');
    conditions.push(sql`to_tsvector('simple'::regconfig, nb_search_text(i.title, i.note))
      @@ to_tsquery('simple'::regconfig, ${prefixes})`);
  }
  conditions.push(...tags.map(hasTag));
  const first = words[0];
  const source = { from: sql`items i`, order: sql`i.id`, conditions };
  if (!first || !/[\p{L}\p{N}]/u.test(first)) return source;
  const startsTitle = sql`nb_fold(i.title) like nb_fold(${escapeLike(first)}) || '%' escape '\\'`;
  return { ...source, titleStart: { ...source, conditions: [...conditions, startsTitle] } };
}

const hasTag = (tag: string) =>
  sql`exists (select 1 from item_tags t where t.item_id = i.id and t.name = ${tag})`;

const phrase = (word: string, prefix = word.length < PART_MIN) =>
  `"${word.replaceAll('"', '""')}"${prefix ? '*' : ''}`;

/**
 * The source that walks `table` (`item_search` or `item_words`) for `query`, each candidate
 * also holding `others` (a query of the other table, asked of it by key).
 */
function sqliteWalk(
  table: 'item_search' | 'item_words',
  query: string,
  others: string | undefined,
  conditions: readonly RawBuilder<unknown>[],
): CandidateSource {
  const walked = sql.raw(table);
  const other = sql.raw(table === 'item_search' ? 'item_words' : 'item_search');
  return {
    from: sql`${walked} s join item_search_keys k on k.key = s.rowid join items i on i.id = k.item_id`,
    order: sql`s.rowid`,
    conditions: [
      sql`${walked} match ${query}`,
      ...(others
        ? [sql`exists (select 1 from ${other} w where w.rowid = s.rowid and ${other} match ${others})`]
        : []),
      ...conditions,
    ],
  };
}

/**
 * SQLite: parts through the trigram table `item_search` (each word a quoted phrase), shorter
 * words at a word's start through `item_words` (`"ka"*`); the first of the two a search needs
 * is walked, the other asked of each candidate. Titles starting with the first word come
 * through `item_words` too (`^"repo"*`: the first word of the title, or of the note).
 */
function sqliteSource(words: readonly string[], tags: readonly string[]): CandidateSource {
  const conditions = unindexed(words);
  const query = (list: readonly string[]) =>
    list.length > 0 ? list.map((word) => phrase(word)).join(' AND ') : undefined;
  const parts = query(words.filter((word) => word.length >= PART_MIN));
  const starts = query(words.filter(matchesWordStart));
  const first = words[0];
  if (parts === undefined && starts === undefined) {
    const [tag, ...rest] = tags;
    if (tag === undefined) return { from: sql`items i`, order: sql`i.id`, conditions };
    return {
      from: sql`item_tags t0 join items i on i.id = t0.item_id`,
      order: sql`t0.item_id`,
      conditions: [sql`t0.name = ${tag}`, ...conditions, ...rest.map(hasTag)],
    };
  }
  conditions.push(...tags.map(hasTag));
  const titleStart =
    first !== undefined && /[\p{L}\p{N}]/u.test(first)
      ? sqliteWalk(
          'item_words',
          [`^${phrase(first, true)}`, starts].filter(Boolean).join(' AND '),
          parts,
          conditions,
        )
      : undefined;
  const source =
    parts !== undefined
      ? sqliteWalk('item_search', parts, starts, conditions)
      : sqliteWalk('item_words', starts as string, undefined, conditions);
  return { ...source, ...(titleStart ? { titleStart } : {}) };
}

/** The candidates' source for a search's folded words and tags, on this engine. */
export function candidateSource(engine: DbEngine, words: readonly string[], tags: readonly string[]) {
  return engine === 'postgres' ? postgresSource(words, tags) : sqliteSource(words, tags);
}
