import { deserialize, serialize } from 'node:v8';
import { PRIORITY_LIMIT, PRIORITY_STEP } from '@nestbox/shared/constants';
import type { ExportAttachment, ExportComment, ExportItem } from '@nestbox/shared/data/export.schema';
import type { NewTreeItem } from '../items/items.contract.js';
import type { ImportedReminder } from '../reminders/reminders.service.js';

/**
 * Items per part of the tree, each part read back and written in its own transaction (see the
 * items module's `stageTree`). SQLite has one connection and a synchronous driver: a transaction
 * of 100,000 rows would hold every other request, and the event loop, for seconds; a part of
 * this size holds them for a few tens of milliseconds.
 */
export const TREE_PART_ITEMS = 1_000;

/** How a file's items become the tree to write: known before the file is read. */
export interface TreeOptions {
  /** A Nestbox export keeps its own reminders and Organizer state. */
  fromNestbox: boolean;
  /** Whether the box imported into adds new texts to the Unprioritized list. */
  targetAutoAdds: boolean;
  /** The highest priority the person already ranks, if any. */
  highestPriority: number | null;
}

/** A reminder to give the tree's item at `index`. */
export interface TreeReminder {
  index: number;
  reminder: Omit<ImportedReminder, 'itemId'>;
}

/** A comment to write on the tree's item at `index`. */
export interface TreeComment {
  index: number;
  comment: ExportComment;
}

/** An attached file the file lists for the tree's item at `index`. */
export interface TreeAttachment {
  index: number;
  attachment: ExportAttachment;
}

/**
 * The tree to write, made in the reading thread: its items in parts, each serialized on its
 * own, so that the event loop reads one part back at a time as it writes it, never the whole
 * tree at once; and the reminders to give, the comments to write and the files to attach.
 */
export interface TreeInParts {
  parts: Uint8Array[];
  reminders: TreeReminder[];
  /** The comments in parts, serialized as the items are: a file may hold 100,000 of them. */
  comments: Uint8Array[];
  attachments: TreeAttachment[];
}

/** The reminder setting a target date gives its setter (hidden, linked to the date), as Item settings does. */
const LINKED_REMINDER = { numberOf: 1, unit: 'days', beforeAfterOn: 'on', repeat: false } as const;

/**
 * The tree as rows for the items module, depth first, with the comments to write, the files
 * to attach and the reminders to give: the file's
 * own (a Nestbox export), or for a dated item of another format the date's linked reminder,
 * as setting a target date gives one. A text of another format joins the Unprioritized list
 * when its box adds new texts there (as a text created in it would).
 */
function flatten(
  items: readonly ExportItem[],
  { fromNestbox, targetAutoAdds }: { fromNestbox: boolean; targetAutoAdds: boolean },
): Omit<TreeInParts, 'parts' | 'comments'> & { tree: NewTreeItem[]; comments: TreeComment[] } {
  const tree: NewTreeItem[] = [];
  const reminders: TreeReminder[] = [];
  const comments: TreeComment[] = [];
  const attachments: TreeAttachment[] = [];
  const walk = (list: readonly ExportItem[], parent: number | null, autoAdds: boolean) => {
    for (const item of list) {
      const index = tree.length;
      const isBox = item.type === 'box';
      const joinsUnprioritized = !fromNestbox && !isBox && autoAdds;
      tree.push({
        parent,
        itemType: isBox ? 'todoBox' : 'todoText',
        boxType: isBox ? item.boxType : 'todo',
        title: item.title,
        createdAt: item.createdAt,
        completedAt: item.completedAt,
        archivedAt: item.archivedAt,
        targetDate: item.targetDate,
        targetHasTime: item.targetHasTime,
        autoArchive: item.autoArchive,
        settings: isBox ? item.settings : null,
        note: item.note ?? null,
        recurrence: !isBox && item.recurrence && item.targetDate !== null ? item.recurrence : null,
        personal: joinsUnprioritized ? { ...item.mine, prioritizable: true } : item.mine,
      });
      const given = fromNestbox
        ? item.reminders
        : item.targetDate !== null
          ? [{ ...LINKED_REMINDER, linkedDirectlyToTargetDate: true }]
          : [];
      for (const { linkedDirectlyToTargetDate, ...rule } of given)
        reminders.push({
          index,
          reminder: { targetDate: item.targetDate, rule, linkedDirectlyToTargetDate },
        });
      for (const comment of item.comments ?? []) comments.push({ index, comment });
      for (const attachment of item.attachments ?? []) attachments.push({ index, attachment });
      if (isBox) walk(item.children, index, item.boxType === 'todo' && item.settings.autoAddToUnprioritized);
    }
  };
  walk(items, null, targetAutoAdds);
  return { tree, reminders, comments, attachments };
}

/**
 * Ranked items keep their order among themselves and go below everything the person already
 * ranks: the file's priorities as they are when they all lie below, else all moved down by the
 * same amount (so a file imported into a fresh account keeps its very numbers). When that
 * would take a rank beyond PRIORITY_LIMIT, they are spread in order between the last rank and
 * the limit instead: every rank stays a number an export of it can be imported with.
 */
function rebasePriorities(tree: NewTreeItem[], highestExisting: number | null): void {
  const ranked = tree.filter((item) => item.personal.prioritizable && item.personal.priority !== null);
  if (ranked.length === 0 || highestExisting === null) return;
  const priorityOf = (item: NewTreeItem) => item.personal.priority as number;
  const lowest = ranked.reduce((min, item) => Math.min(min, priorityOf(item)), Infinity);
  if (lowest > highestExisting) return;
  const shift = highestExisting - lowest + PRIORITY_STEP;
  const highest = ranked.reduce((max, item) => Math.max(max, priorityOf(item)), -Infinity);
  if (highest + shift <= PRIORITY_LIMIT) {
    for (const item of ranked) item.personal = { ...item.personal, priority: priorityOf(item) + shift };
    return;
  }
  const inOrder = ranked.map((item, index) => ({ item, index }));
  inOrder.sort((a, b) => priorityOf(a.item) - priorityOf(b.item) || a.index - b.index);
  const base = Math.min(highestExisting, PRIORITY_LIMIT);
  const gap = Math.min(PRIORITY_STEP, (PRIORITY_LIMIT - base) / inOrder.length);
  for (const [rank, { item }] of inOrder.entries())
    item.personal = { ...item.personal, priority: Math.min(PRIORITY_LIMIT, base + (rank + 1) * gap) };
}

/** A file's items as the tree to write, in parts (run in the reading thread). */
export function treeInParts(items: readonly ExportItem[], options: TreeOptions): TreeInParts {
  const { tree, reminders, comments, attachments } = flatten(items, options);
  rebasePriorities(tree, options.highestPriority);
  return { parts: inParts(tree), reminders, comments: inParts(comments), attachments };
}

/** A list as parts of TREE_PART_ITEMS, each serialized on its own. */
function inParts<T>(list: readonly T[]): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < list.length; start += TREE_PART_ITEMS)
    parts.push(serialize(list.slice(start, start + TREE_PART_ITEMS)));
  return parts;
}

/** The tree's items, one part read back at a time. */
export function* treeItems({ parts }: TreeInParts): Generator<NewTreeItem[]> {
  for (const part of parts) yield deserialize(part) as NewTreeItem[];
}

/** The tree's comments, one part read back at a time. */
export function* treeComments({ comments }: TreeInParts): Generator<TreeComment[]> {
  for (const part of comments) yield deserialize(part) as TreeComment[];
}
