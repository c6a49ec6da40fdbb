import { dayKey, todayBounds } from '@nestbox/shared/organizer/grouping';
import type { Executor } from '../../db/schema.js';
import type { ItemSight, itemSight } from '../access/access.service.js';
import {
  type After,
  type CandidatePart,
  candidatesOf,
  type OrganizerCandidate,
  type OrganizerRow,
  type UnsightedOrganizerRow,
} from './organizer.repository.js';

/*
 * A page of an Organizer list without reading the whole list: its candidates come through
 * indexes of `user_items` in display order, a batch at a time, with their rows, and only the
 * boxes of those the page reaches are looked at for the caller's sight, until it is full. The
 * order is the shared rule's (grouping.ts): Today by priority, each dated day by priority,
 * Undated by priority; the Unprioritized list by creation. A list that must be read whole to
 * be ordered (the Unprioritized list by title) is the service's to read.
 */

/** A slice of a list: its rows in display order, and whether more follow. */
export interface Slice {
  rows: OrganizerRow[];
  more: boolean;
}

/** Of these rows, those the caller sees, in the same order. */
export type Seen = (rows: UnsightedOrganizerRow[]) => Promise<OrganizerRow[]>;

/**
 * The rows the caller sees (`see`: the access module's `itemSight`), with the level they see
 * each at, and its parent box only when they see that too.
 */
export function seenThrough(see: ReturnType<typeof itemSight>): Seen {
  return async (rows) => {
    const sights = await see(rows.map((row) => ({ parentId: row.parent_id, ownLevel: row.own_level })));
    return rows.flatMap((row, at) => {
      const { level, boxSeen } = sights[at] as ItemSight;
      if (!level) return [];
      // Onto the row as read: thousands of rows are not copied.
      return [
        Object.assign(row, {
          level,
          visible_parent_id: boxSeen ? row.parent_id : null,
          parent_title: boxSeen ? row.parent_title : null,
        }),
      ];
    });
  };
}

/** The largest batch read at once; batches grow by four from the page's size up to it. */
const BATCH_MAX = 4_096;
const grown = (size: number) => Math.min(size * 4, BATCH_MAX);
/** The fewest candidates looked at together. */
const SEEN_MIN = 32;

const byPriority = (a: OrganizerCandidate, b: OrganizerCandidate) =>
  (a.priority ?? 0) - (b.priority ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What one reader of a list is given. */
export interface ListRead {
  db: Executor;
  userId: string;
  tags: readonly string[];
  /** How many candidates the first batch reads: the page's end, so one batch usually does. */
  first: number;
}

/** The Prioritized list's candidates in display order: Today, the dated days, Undated. */
export async function* prioritisedCandidates(
  { db, userId, tags, first }: ListRead,
  now: number,
  timeZone: string,
): AsyncGenerator<OrganizerCandidate[]> {
  const read = (part: CandidatePart) => candidatesOf(db, userId, tags, part);
  const { end } = todayBounds(now, timeZone);
  // Today: the marked ones come by priority, a batch at a time; those due by today's end
  // (usually few) are read whole and slotted in among them.
  const due = (await read({ part: 'due', endOfToday: end })).sort(byPriority);
  let dueTaken = 0;
  for (let after: After = null, size = first; ; size = grown(size)) {
    const marked = await read({ part: 'marked', after, limit: size });
    const bound = marked.length < size ? undefined : marked.at(-1);
    const upTo = bound ? due.findIndex((row) => byPriority(row, bound) > 0) : -1;
    const dueHere = due.slice(dueTaken, upTo === -1 ? due.length : Math.max(dueTaken, upTo));
    dueTaken += dueHere.length;
    yield [...marked, ...dueHere].sort(byPriority);
    if (!bound) break;
    after = { key: bound.priority ?? 0, id: bound.id };
  }

  // The dated days, read by date: a batch's last day may go on in the next batch, so it is
  // read again from its start there, unless the batch was the last.
  const days = new Map<number, string>();
  const dayOf = ({ key_target_date }: OrganizerCandidate) => {
    const target = key_target_date ?? end;
    let day = days.get(target);
    if (day === undefined) {
      day = dayKey(target, timeZone);
      days.set(target, day);
    }
    return day;
  };
  for (let after = end, size = first; ; ) {
    const rows = await read({ part: 'dated', after, limit: size });
    const last = rows.length < size;
    const lastDay = rows.length > 0 ? dayOf(rows[rows.length - 1] as OrganizerCandidate) : '';
    const complete = last ? rows : rows.filter((row) => dayOf(row) !== lastDay);
    if (complete.length === 0 && !last) {
      // One day holds the whole batch: read more of it at once.
      size *= 4;
      continue;
    }
    // Read by date, so each day's rows are together: by day, then by priority within it.
    const order = new Map<string, number>();
    for (const row of complete) if (!order.has(dayOf(row))) order.set(dayOf(row), order.size);
    yield complete.sort(
      (a, b) => (order.get(dayOf(a)) ?? 0) - (order.get(dayOf(b)) ?? 0) || byPriority(a, b),
    );
    if (last) break;
    after = complete.at(-1)?.key_target_date ?? after;
    size = grown(size);
  }

  yield* keyed((after, limit) => read({ part: 'undated', after, limit }), 'priority', first);
}

/** The Unprioritized list's candidates by creation, oldest or newest first. */
export function unrankedByCreation(
  { db, userId, tags, first }: ListRead,
  dir: 'asc' | 'desc',
): AsyncGenerator<OrganizerCandidate[]> {
  return keyed(
    (after, limit) => candidatesOf(db, userId, tags, { part: 'unranked', dir, after, limit }),
    'key_created_at',
    first,
  );
}

/** Batches of a read that goes on past its last row's key. */
async function* keyed(
  read: (after: After, size: number) => Promise<OrganizerCandidate[]>,
  key: 'priority' | 'key_created_at',
  first: number,
): AsyncGenerator<OrganizerCandidate[]> {
  for (let after: After = null, size = first; ; size = grown(size)) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { key: last[key] ?? 0, id: last.id };
  }
}

/** The rows at the seen positions `offset` to `offset + limit` of a list, and whether one more is seen after them. */
export async function seenSlice(
  batches: AsyncIterable<OrganizerCandidate[]>,
  seen: Seen,
  offset: number,
  limit: number,
): Promise<Slice> {
  const wanted = offset + limit + 1;
  const found: OrganizerRow[] = [];
  for await (const batch of batches) {
    // A batch (the due ones of Today, say) may hold far more than the page: boxes are looked
    // at only as far as the page still needs.
    for (let from = 0; from < batch.length && found.length < wanted; ) {
      const part = batch.slice(from, from + Math.max(wanted - found.length, SEEN_MIN));
      from += part.length;
      found.push(...(await seen(part)).slice(0, wanted - found.length));
    }
    if (found.length === wanted) break;
  }
  return { rows: found.slice(offset, offset + limit), more: found.length > offset + limit };
}
