import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type UserLocale, userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { displayTitle } from '@nestbox/shared/items/item-rules';
import type { Clock } from '../../clock.js';
import { constraintViolationOf } from '../../db/constraint-violation.js';
import type { Db, Tx, UserRow } from '../../db/schema.js';
import { translate } from '../../i18n/translate.js';
import { boxesAbove, type ItemsService } from '../items/items.service.js';
import type { RemindersService } from '../reminders/reminders.service.js';
import { remindersForAlarms } from './alarms.js';
import { checkPreconditions, etagOf, keptAsSent, type Task, writtenTasks } from './task-versions.js';

export type { Task } from './task-versions.js';

import {
  type ChangeRow,
  type CollectionRow,
  changesIn,
  claimsOn,
  collectionsOf,
  latestChange,
  listLevel,
  type MemberRow,
  memberNamed,
  membersOf,
  type PageEnd,
  saveObject,
  tasksInPage,
  tasksNamed,
  tasksOf,
  textStateOf,
} from './caldav.repository.js';
import { DavError } from './dav-error.js';
import { NS } from './dav-xml.js';
import { type ReadTask, readTask, type TaskSource } from './vtodo.js';

/** A box as a task list: who may write in it, its name for people, and its last change. */
export interface Collection {
  id: string;
  displayName: string;
  writable: boolean;
  /** The last change of a text in it (its CTag). */
  seq: number;
}

/** Texts read per query: each read is short, and other requests run between them. */
const READ_PAGE = 500;

const PATH_SEPARATOR = ' › ';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOWERCASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const notFound = () => new DavError(404, 'caldav.notFound');
const readOnly = () => new DavError(403, 'caldav.readOnly', { ns: NS.dav, name: 'need-privileges' });
const uidConflict = () =>
  new DavError(409, 'caldav.uid.conflict', { ns: NS.caldav, name: 'no-uid-conflict' });
/**
 * CalDAV's view of Nestbox: each box a person sees is a task list, each open or completed text
 * directly in it a task. Reads go through the access rule (`seen_boxes`), writes through the
 * items service (rights, tags, reminders, repeats and live updates as anywhere else), and what
 * changed since a client last looked comes from the database's change log (`item_changes`).
 */
export function createCaldavService({
  db,
  items,
  reminders,
  now,
}: {
  db: Db;
  items: Pick<ItemsService, 'saveTextFields' | 'archive' | 'moveItem' | 'createItem'>;
  reminders: Pick<RemindersService, 'ownOnItem' | 'replaceOwn' | 'pushUnreadCounts'>;
  now: Clock;
}) {
  const titleOf = (row: CollectionRow, locale: UserLocale) => {
    const shown = displayTitle({ title: row.title, isRootBox: row.is_root_box === 1, itemType: row.type });
    return 'title' in shown
      ? shown.title
      : translate(locale, shown.key === 'pane.rootTitle' ? 'calendar.workspace' : 'calendar.untitledBox');
  };

  function asCollections(rows: readonly CollectionRow[], user: UserRow): Collection[] {
    const boxes = new Map(
      rows.map((row) => [row.id, { ...row, parentId: row.parent_id, isRootBox: row.is_root_box === 1 }]),
    );
    return rows.map((row) => ({
      id: row.id,
      displayName: boxesAbove(row.id, boxes)
        .map((box) => titleOf(box, userLocaleOf(user.locale)))
        .join(PATH_SEPARATOR),
      writable: row.level !== 'readonly',
      seq: row.seq,
    }));
  }

  /** The box as a list, if the user sees it; 404 otherwise (a stranger learns nothing). */
  async function collection(user: UserRow, boxId: string): Promise<Collection> {
    const found = asCollections(await collectionsOf(db, user.id), user).find((c) => c.id === boxId);
    if (!found) throw notFound();
    return found;
  }

  /** The user's level on a list they see; 404 otherwise (a stranger learns nothing). */
  async function seenList(user: UserRow, boxId: string): Promise<AccessLevel> {
    const level = await listLevel(db, user.id, boxId);
    if (!level) throw notFound();
    return level;
  }

  /** A list the user may write in: 404 unseen, 403 `need-privileges` read-only. */
  async function writableList(user: UserRow, boxId: string): Promise<void> {
    if ((await seenList(user, boxId)) === 'readonly') throw readOnly();
  }

  /** The task at `name` in a list, or 404. */
  async function member(user: UserRow, boxId: string, name: string): Promise<MemberRow> {
    await seenList(user, boxId);
    const found = await memberNamed(db, boxId, name);
    if (!found) throw notFound();
    return found;
  }

  /** Makes the writer's reminders on a dated text the task's alarms, in the task's transaction. */
  async function keepAlarms(tx: Tx, user: UserRow, itemId: string, task: ReadTask): Promise<boolean> {
    const targetDate = task.fields.targetDate;
    if (targetDate === null || targetDate === undefined) return false;
    const at = now();
    const { remove, add } = remindersForAlarms(await reminders.ownOnItem(tx, user.id, itemId), task.alarms, {
      targetDate,
      hasTime: task.fields.targetHasTime ?? null,
      timeZone: user.timezone,
      now: at,
    });
    if (remove.length > 0 || add.length > 0)
      await reminders.replaceOwn(tx, { user, itemId, targetDate, remove, add, at });
    return remove.length > 0;
  }

  return {
    collection,

    /** Every list the user sees, named by its path ("Home › Kitchen"). */
    async collections(user: UserRow): Promise<Collection[]> {
      return asCollections(await collectionsOf(db, user.id), user);
    },

    /** The tasks in a list: names and versions only. */
    async members(user: UserRow, boxId: string): Promise<Task[]> {
      await seenList(user, boxId);
      return (await membersOf(db, boxId)).map((row) => ({ name: row.name, etag: etagOf(row.seq, user) }));
    },

    /**
     * Tasks of a list with their iCalendar text: every one, or those at these names (unknown
     * names are left out), or these texts (still in the list). Read a page at a time.
     */
    async tasks(
      user: UserRow,
      boxId: string,
      which: { names: readonly string[] } | { ids: readonly string[] } | 'all' = 'all',
    ): Promise<(Task & TaskSource)[]> {
      await seenList(user, boxId);
      const rows: (TaskSource & MemberRow)[] = [];
      if (which === 'all') {
        for (let after: PageEnd | null = null; ; ) {
          const page = await tasksInPage(db, boxId, after, READ_PAGE);
          rows.push(...page);
          const last = page[page.length - 1];
          if (!last || page.length < READ_PAGE) break;
          after = { position: last.position, id: last.id };
          await yieldToEventLoop();
        }
      } else {
        const keys = 'names' in which ? which.names : which.ids;
        for (let start = 0; start < keys.length; start += READ_PAGE) {
          const slice = keys.slice(start, start + READ_PAGE);
          rows.push(...('names' in which ? await tasksNamed(db, boxId, slice) : await tasksOf(db, slice)));
          await yieldToEventLoop();
        }
      }
      const tasks = await writtenTasks(db, now, user, rows);
      return tasks.map((task, index) => ({ ...(rows[index] as TaskSource & MemberRow), ...task }));
    },

    /** One task with its iCalendar text, or 404. */
    async task(user: UserRow, boxId: string, name: string): Promise<Task> {
      const found = await member(user, boxId, name);
      const [task] = await writtenTasks(db, now, user, await tasksOf(db, [found.id]));
      if (!task) throw notFound();
      return task;
    },

    /**
     * What changed in a list since a sync token's change (every task, when there is none):
     * the tasks there now, and the names of those that left. The token answered covers every
     * change committed before it was read.
     */
    async changes(
      user: UserRow,
      boxId: string,
      since: number | undefined,
    ): Promise<{ token: number; present: MemberRow[]; gone: ChangeRow[] }> {
      await seenList(user, boxId);
      const token = await latestChange(db);
      if (since !== undefined && since > token)
        throw new DavError(403, 'caldav.syncToken.invalid', { ns: NS.dav, name: 'valid-sync-token' });
      if (since === undefined) return { token, present: await membersOf(db, boxId), gone: [] };
      const changed = await changesIn(db, boxId, since);
      return {
        token,
        present: changed.filter((row) => row.present),
        gone: changed.filter((row) => !row.present),
      };
    },

    etagOf,

    /**
     * Stores a task a client PUT at `name` in a list: a new text (its UID taken for its id
     * when free), or the text already there, every field in one transaction. 409
     * `no-uid-conflict` when another text has the UID; 412 when If-Match or If-None-Match fails.
     * The new ETag is answered when the task was kept as sent (its title, note, date, repeat
     * and completion; the rest of its text as written, or as Nestbox always writes it), so the
     * client's copy stands; not when Nestbox made something else of it (a completed repeat
     * moved on to its next occurrence), so the client reads it again (RFC 4791 §5.3.4).
     */
    async put(
      user: UserRow,
      boxId: string,
      name: string,
      body: string,
      conditions: { ifMatch?: string | undefined; ifNoneMatch?: string | undefined },
    ): Promise<{ created: boolean; etag: string | undefined }> {
      await writableList(user, boxId);
      const current = await memberNamed(db, boxId, name);
      checkPreconditions(current, user, conditions);
      const task = readTask(body, user.timezone);
      // A client's UID becomes a new text's id when it is a UUID no item has.
      const candidate = !current && UUID.test(task.uid) ? task.uid.toLowerCase() : undefined;
      const claims = await claimsOn(db, { uid: task.uid, name, id: candidate });
      if (claims.uidHolder !== undefined && claims.uidHolder !== current?.id) throw uidConflict();
      if (!current && claims.nameHolder !== undefined) throw uidConflict();
      let kept = false;
      let removedReminders = false;
      try {
        await items.saveTextFields(
          user,
          current
            ? { itemId: current.id }
            : { create: { boxId, id: claims.idTaken ? undefined : candidate } },
          task.fields,
          async (tx, itemId) => {
            await saveObject(tx, { item_id: itemId, name, uid: task.uid, extra: task.extra });
            removedReminders = await keepAlarms(tx, user, itemId, task);
            const stored = await textStateOf(tx, itemId);
            kept = stored !== undefined && keptAsSent(stored, task.fields);
          },
        );
      } catch (error) {
        // Another write took the UID, the id or the name meanwhile.
        if (constraintViolationOf(error) === 'conflict') throw uidConflict();
        throw error;
      }
      // Removed reminders took their events with them: the badge may have dropped.
      if (removedReminders) await reminders.pushUnreadCounts([user.id]);
      const stored = kept ? await memberNamed(db, boxId, name) : undefined;
      return { created: !current, etag: stored && etagOf(stored.seq, user) };
    },

    /**
     * Makes a new list (MKCALENDAR): a box at the end of the caller's Workspace, its id the
     * lowercase UUID the app chose for the list's address. 403 `calendar-collection-location-ok`
     * for another name, 405 `resource-must-be-null` when something has that id.
     */
    async makeList(user: UserRow, boxId: string, title: string): Promise<void> {
      if (!LOWERCASE_UUID.test(boxId))
        throw new DavError(403, 'caldav.mkcalendar.location', {
          ns: NS.caldav,
          name: 'calendar-collection-location-ok',
        });
      const rows = await collectionsOf(db, user.id);
      if ((await claimsOn(db, { id: boxId })).idTaken)
        throw new DavError(405, 'caldav.mkcalendar.exists', { ns: NS.dav, name: 'resource-must-be-null' });
      const workspace = rows.find((row) => row.is_root_box === 1 && row.level === 'owner');
      if (!workspace) throw notFound();
      const name = title.trim() || translate(userLocaleOf(user.locale), 'caldav.mkcalendar.untitled');
      await items.createItem(user, {
        itemId: boxId,
        parentItemId: workspace.id,
        itemType: 'todoBox',
        title: name,
      });
    },

    /** Archives the task at `name` (a client's DELETE): it leaves the list, and can be restored in Nestbox. */
    async remove(user: UserRow, boxId: string, name: string, ifMatch: string | undefined): Promise<void> {
      await writableList(user, boxId);
      const current = await memberNamed(db, boxId, name);
      if (!current) throw notFound();
      checkPreconditions(current, user, { ifMatch });
      await items.archive(user, current.id);
    },

    /** Moves the task at `name` to another list of the user's, under the same name. */
    async move(
      user: UserRow,
      boxId: string,
      name: string,
      to: { boxId: string; name: string },
    ): Promise<void> {
      await writableList(user, boxId);
      const current = await memberNamed(db, boxId, name);
      if (!current) throw notFound();
      if (to.name !== name) throw new DavError(403, 'caldav.move.destination');
      await writableList(user, to.boxId);
      await items.moveItem(user, { itemId: current.id, parentId: to.boxId });
    },
  };
}

export type CaldavService = ReturnType<typeof createCaldavService>;
