import { dayKey } from '@nestbox/shared/organizer/grouping';
import { upcomingGroupOfDay } from '@nestbox/shared/upcoming/upcoming';
import type { UpcomingItem, UpcomingPage, UpcomingQuery } from '@nestbox/shared/upcoming/upcoming.schema';
import type { Clock } from '../../clock.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { boxesAbove, presentItem } from '../items/items.service.js';
import { seenBoxes, type UpcomingCursor, type UpcomingRow, upcomingRows } from './upcoming.repository.js';

/** A cursor as the query writes it (`<ms>:<id>`, checked by the shared schema). */
function readCursor(cursor: string | undefined): UpcomingCursor | null {
  if (!cursor) return null;
  const at = cursor.indexOf(':');
  return { targetDate: Number(cursor.slice(0, at)), id: cursor.slice(at + 1) };
}

const writeCursor = (row: UpcomingRow) => `${row.target_date}:${row.id}`;

/**
 * Upcoming: every open dated text the caller sees, their own and those shared with them,
 * whether prioritizable or not, by target date, a page at a time. Each text carries its
 * group (Overdue, Today, Tomorrow, one of the days after, Later: the shared rule) worked out
 * in the caller's time zone at the server's now, and the path of boxes above it.
 */
export function createUpcomingService({ db, now }: { db: Executor; now: Clock }) {
  return {
    async page(user: UserRow, query: UpcomingQuery): Promise<UpcomingPage> {
      // One row more than asked says whether another page follows.
      const rows = await upcomingRows(db, user.id, readCursor(query.cursor), query.limit + 1);
      const shown = rows.slice(0, query.limit);
      const today = dayKey(now(), user.timezone);
      const boxes = new Map(
        shown.length === 0
          ? []
          : (await seenBoxes(db, user.id)).map((box) => [
              box.id,
              { title: box.title, parentId: box.parent_id, isRootBox: box.is_root_box === 1 },
            ]),
      );
      const seen = new Set<string>();
      const items: UpcomingItem[] = [];
      for (const row of shown) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        const day = dayKey(row.target_date as number, user.timezone);
        const path = boxesAbove(row.parent_id, boxes)
          .filter((box) => !box.isRootBox)
          .map((box) => box.title);
        // Object.assign, not a spread: no second copy of each item of a long page.
        items.push(
          Object.assign(presentItem(row, row.level), { path, group: upcomingGroupOfDay(day, today), day }),
        );
      }
      const last = shown.at(-1);
      return { items, today, next: rows.length > query.limit && last ? writeCursor(last) : null };
    },
  };
}

export type UpcomingService = ReturnType<typeof createUpcomingService>;
