import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  type ExportFormat,
} from '@nestbox/shared/data/export.schema';
import { isValidTimeZone } from '@nestbox/shared/dates/time-zone';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type { Clock } from '../../clock.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import type { AccessService } from '../access/access.service.js';
import type { AttachmentsService, ExportedAttachment } from '../attachments/attachments.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { ItemsService } from '../items/items.service.js';
import {
  CSV_COLUMNS,
  csvRecord,
  type ExportNode,
  opmlAttributes,
  presentJsonItem,
  presentSettings,
  xmlAttribute,
  type ZonedTime,
  zonedClock,
} from './export.presenter.js';
import {
  childrenPage,
  completionsOfItems,
  type ExportRow,
  linkedItems,
  membersOf,
  remindersOfUser,
  type SiblingCursor,
} from './export.repository.js';
import { IdSet } from './id-set.js';
import { zipExport } from './zip-export.js';

/** How many of a box's children are read at once: memory holds at most this many per open box. */
export const EXPORT_PAGE_SIZE = 200;

/** How much text is gathered before it is handed to the answer (characters). */
const CHUNK_CHARS = 64 * 1024;

/**
 * One step of the walk through what a person sees: an item (with the titles of the boxes
 * above it), or the end of the box last opened (after its children).
 */
export type ExportStep = { kind: 'item'; node: ExportNode; path: readonly string[] } | { kind: 'close' };

/** A streamed export: the answer's body, its media type and the file name to save it as. */
export interface ExportDownload {
  body: Readable;
  contentType: string;
  fileName: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
  opml: 'text/x-opml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Exports everything a person sees from their Workspace, as Nestbox JSON, OPML
 * 2.0 or CSV. The tree is read in pages, box by box, and written as it is read, so memory
 * stays flat whatever the account's size, and a slow reader slows the reading (back-pressure)
 * instead of filling the memory.
 */
export function createExportService({
  db,
  access,
  items,
  comments,
  attachments,
  now,
}: {
  db: Executor;
  access: AccessService;
  items: ItemsService;
  comments: Pick<CommentsService, 'exported'>;
  attachments: Pick<AttachmentsService, 'exported' | 'storedBytes'>;
  now: Clock;
}) {
  /** The caller's reminder rules by item, as the file writes them. */
  async function remindersByItem(userId: string): Promise<Map<string, ExportNode['reminders']>> {
    const reminders = new Map<string, ExportNode['reminders']>();
    for (const reminder of await remindersOfUser(db, userId)) {
      const list = reminders.get(reminder.item_id) ?? [];
      list.push({
        numberOf: reminder.number_of,
        unit: reminder.unit,
        beforeAfterOn: reminder.before_after_on,
        repeat: reminder.repeat === 1,
        linkedDirectlyToTargetDate: reminder.linked_directly_to_target_date === 1,
      });
      reminders.set(reminder.item_id, list);
    }
    return reminders;
  }

  /**
   * The rows of a page with the caller's reminders, each item's members, each repeating
   * text's completion history and each commented item's thread beside them.
   */
  async function nodesOf(
    userId: string,
    rows: ExportRow[],
    reminders: Map<string, ExportNode['reminders']>,
    withFiles: boolean,
  ): Promise<ExportNode[]> {
    const withLinks = rows.filter((row) => row.has_links === 1).map((row) => row.id);
    const members = new Map<string, NonNullable<ExportNode['members']>>();
    for (const member of withLinks.length > 0 ? await membersOf(db, withLinks) : []) {
      const list = members.get(member.item_id) ?? [];
      list.push({ name: member.name, level: member.level });
      members.set(member.item_id, list);
    }
    const repeating = rows.filter((row) => row.recurrence_rule !== null).map((row) => row.id);
    const completions = new Map<string, NonNullable<ExportNode['completions']>>();
    for (const done of repeating.length > 0 ? await completionsOfItems(db, repeating) : []) {
      const list = completions.get(done.item_id) ?? [];
      list.push({ occurrence: Number(done.occurrence), completedAt: Number(done.completed_at) });
      completions.set(done.item_id, list);
    }
    const commented = rows.filter((row) => row.comment_count > 0).map((row) => row.id);
    const threads = commented.length > 0 ? await comments.exported(userId, commented) : new Map();
    const files = withFiles
      ? await attachments.exported(
          userId,
          rows.map((row) => row.id),
        )
      : new Map();
    return rows.map((row) => ({
      row,
      reminders: reminders.get(row.id) ?? [],
      members: members.get(row.id),
      completions: completions.get(row.id),
      comments: threads.get(row.id),
      attachments: files.get(row.id),
    }));
  }

  /**
   * The tree as the person's Workspace shows it, depth first, each box's children in their
   * order: the Workspace's own children, then the items shared with the person whose box they
   * do not see (as the Workspace lists them). Archived items (and what they hold) only when
   * asked for; attached files (a query per page) only `withFiles`, for the formats that carry
   * them. Each item comes once, even if a move made meanwhile carries it elsewhere.
   */
  async function* walk(
    user: UserRow,
    includeArchived: boolean,
    withFiles = false,
  ): AsyncGenerator<ExportStep> {
    const root = await items.rootBoxOf(user.id, db);
    if (!root) throw appErrors.notFound();
    // The person's own rules, read at once: one query instead of one per page that has some.
    const reminders = await remindersByItem(user.id);

    async function* boxPages(boxId: string): AsyncGenerator<ExportNode[]> {
      let after: SiblingCursor | null = null;
      for (;;) {
        const rows = await childrenPage(db, user.id, boxId, {
          after,
          limit: EXPORT_PAGE_SIZE,
          includeArchived,
        });
        if (rows.length > 0) yield nodesOf(user.id, rows, reminders, withFiles);
        // SQLite answers without a turn of the event loop, and a socket on loopback takes
        // whatever is written at once: a turn is given here, or the walk would hold the loop.
        await setImmediate();
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_SIZE) return;
        after = { position: last.position, id: last.id };
      }
    }
    async function* workspacePages(rootId: string): AsyncGenerator<ExportNode[]> {
      yield* boxPages(rootId);
      // After the Workspace's own children: what is shared with the person and not reached
      // through a box they see (that box's walk brings it).
      const shared: ExportRow[] = [];
      for (const row of await linkedItems(db, user.id, includeArchived))
        if (!row.parent_id || (await access.levelOf(user.id, row.parent_id, db)) === undefined)
          shared.push(row);
      if (shared.length > 0) yield nodesOf(user.id, shared, reminders, withFiles);
    }

    interface Frame {
      /** The titles of the boxes above this level's items. */
      path: readonly string[];
      /** Whether the level is a box's (it closes after its children); the top level is not. */
      box: boolean;
      pages: AsyncGenerator<ExportNode[]>;
      nodes: ExportNode[];
      next: number;
    }
    const written = new IdSet();
    const stack: Frame[] = [{ path: [], box: false, pages: workspacePages(root.id), nodes: [], next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      const node = frame.nodes[frame.next++];
      if (!node) {
        const page = await frame.pages.next();
        if (page.done) {
          stack.pop();
          if (frame.box) yield { kind: 'close' };
        } else {
          frame.nodes = page.value;
          frame.next = 0;
        }
        continue;
      }
      if (!written.add(node.row.id)) continue;
      yield { kind: 'item', node, path: frame.path };
      if (node.row.type === 'todoBox')
        stack.push({
          path: [...frame.path, node.row.title],
          box: true,
          pages: boxPages(node.row.id),
          nodes: [],
          next: 0,
        });
    }
  }

  /** Joins small pieces of text into chunks of about CHUNK_CHARS. */
  async function* chunked(pieces: AsyncIterable<string>): AsyncGenerator<string> {
    let chunk = '';
    for await (const piece of pieces) {
      chunk += piece;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }

  /**
   * Nestbox JSON (ExportFileSchema): each item is `JSON.stringify`'d without its children, and
   * a box's `children` array is opened after it and closed when its walk ends. The attached
   * files it lists are added to `files`, when given.
   */
  async function* json(user: UserRow, at: number, files?: ExportedAttachment[]): AsyncGenerator<string> {
    const head: Omit<ExportFile, 'workspace'> = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: at,
      settings: presentSettings(user),
    };
    yield `${JSON.stringify(head).slice(0, -1)},"workspace":[`;
    // Per open level: whether the next item is its first (no comma before it).
    const first: boolean[] = [true];
    for await (const step of walk(user, true, true)) {
      if (step.kind === 'close') {
        first.pop();
        yield ']}';
        continue;
      }
      const comma = first[first.length - 1] ? '' : ',';
      first[first.length - 1] = false;
      if (files && step.node.attachments) files.push(...step.node.attachments);
      const item = JSON.stringify(presentJsonItem(step.node));
      if (step.node.row.type === 'todoBox') {
        first.push(true);
        yield `${comma}${item.slice(0, -1)},"children":[`;
      } else yield `${comma}${item}`;
    }
    yield ']}\n';
  }

  /**
   * OPML 2.0: the box tree with texts as outlines. Archived items are left out: the apps that
   * read OPML (Workflowy, Dynalist, Logseq…) know no archive and would show them as live
   * items; the JSON export keeps them.
   */
  async function* opml(
    user: UserRow,
    at: number,
    clock: (epochMs: number) => ZonedTime,
  ): AsyncGenerator<string> {
    const title = translate(userLocaleOf(user.locale), 'export.opml.title');
    yield [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<opml version="2.0">',
      '  <head>',
      `    <title>${xmlAttribute(title)}</title>`,
      `    <dateCreated>${new Date(at).toUTCString()}</dateCreated>`,
      '  </head>',
      '  <body>\n',
    ].join('\n');
    const open: string[] = [];
    for await (const step of walk(user, false)) {
      if (step.kind === 'close') {
        yield `${open.pop()}</outline>\n`;
        continue;
      }
      const indent = '    '.padEnd(4 + 2 * step.path.length, ' ');
      const attributes = opmlAttributes(step.node.row, clock);
      if (step.node.row.type === 'todoBox') {
        open.push(indent);
        yield `${indent}<outline ${attributes}>\n`;
      } else yield `${indent}<outline ${attributes}/>\n`;
    }
    yield '  </body>\n</opml>\n';
  }

  /**
   * CSV, one record per item, archived ones included: RFC 4180 (CRLF), with a byte order mark
   * so spreadsheets read it as UTF-8; a cell that starts with = + - @ tab or CR, or holds such
   * a line, gets a leading apostrophe on it (OWASP's CSV injection), and a cell holding any line
   * break is quoted (a bare CR or LF would otherwise start a row in some readers). Records are
   * written a page at a time: one piece per record would cost a socket write each.
   */
  async function* csv(user: UserRow, clock: (epochMs: number) => ZonedTime): AsyncGenerator<string> {
    const options = {
      columns: [...CSV_COLUMNS],
      record_delimiter: 'windows',
      escape_formulas: true,
      quoted_match: /[\r\n]/,
    } as const;
    yield stringifyCsv([], { ...options, bom: true, header: true });
    let records: (string | number)[][] = [];
    for await (const step of walk(user, true)) {
      if (step.kind !== 'item') continue;
      records.push(csvRecord(step.node.row, step.path, clock));
      if (records.length >= EXPORT_PAGE_SIZE) {
        yield stringifyCsv(records, options);
        records = [];
        // Writing a page of records costs about as much as reading it: a turn between the two.
        await setImmediate();
      }
    }
    if (records.length > 0) yield stringifyCsv(records, options);
  }

  return {
    /** The walk itself, for the importer's round-trip tests and anything else that reads a whole account. */
    walk,

    /**
     * The person's export in a format, as a stream. Nothing is read until the stream is: a
     * failure while reading ends the answer early (its headers are gone by then).
     */
    download(user: UserRow, format: ExportFormat): ExportDownload {
      const at = now();
      const timeZone = isValidTimeZone(user.timezone) ? user.timezone : 'UTC';
      const clock = zonedClock(timeZone);
      const fileName = `nestbox-export-${clock(at).day}.${format}`;
      const body =
        format === 'zip'
          ? zipExport(at, (files) => chunked(json(user, at, files)), attachments.storedBytes)
          : Readable.from(
              chunked(
                format === 'json'
                  ? json(user, at)
                  : format === 'opml'
                    ? opml(user, at, clock)
                    : csv(user, clock),
              ),
              { objectMode: false },
            );
      return { body, contentType: CONTENT_TYPES[format], fileName };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
