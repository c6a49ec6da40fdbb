import type { OrderDirection, UnprioritizedOrderColumn } from '../constants.js';
import { groupPrioritised, type Prioritised } from './grouping.js';

/** What the Unprioritized list sorts on. */
export interface Unprioritised {
  _id: string;
  title: string;
  parentTitle: string | null;
  createdDate: number;
}

const text = (value: string | null) => (value ?? '').toLocaleLowerCase();

/**
 * The Unprioritized list's order (SPEC §3: created date, item title or parent title, ascending
 * or descending); titles compare case-blind in the locale's way, ties by created date, then
 * by id. The server pages in this order and the web app keeps it, so a page always continues
 * the last.
 */
export function compareUnprioritised(
  column: UnprioritizedOrderColumn,
  dir: OrderDirection,
): (a: Unprioritised, b: Unprioritised) => number {
  const sign = dir === 'asc' ? 1 : -1;
  const byCreation = (a: Unprioritised, b: Unprioritised) =>
    a.createdDate - b.createdDate || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  if (column === 'createdDate') return (a, b) => sign * byCreation(a, b);
  const key =
    column === 'itemTitle' ? (item: Unprioritised) => item.title : (item: Unprioritised) => item.parentTitle;
  return (a, b) => sign * (text(key(a)).localeCompare(text(key(b))) || byCreation(a, b));
}

/** The Prioritized list's items in display order: Today, each dated day, Undated; by priority within. */
export function prioritisedInDisplayOrder<T extends Prioritised>(
  items: readonly T[],
  now: number,
  timeZone: string,
): T[] {
  return groupPrioritised(items, now, timeZone).flatMap((group) => group.items);
}
