import type { ExportSettings } from '@nestbox/shared/data/export.schema';
import {
  IMPORT_KEY_TTL_MS,
  IMPORT_MAX_BYTES,
  IMPORT_PROBLEMS_SHOWN,
  type ImportProblem,
  type ImportQuerySchema,
  type ImportResult,
} from '@nestbox/shared/data/import.schema';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { isValidTimeZone } from '@nestbox/shared/dates/time-zone';
import { type UserLocale, userLocaleOf } from '@nestbox/shared/i18n/locales';
import { boxTitleError } from '@nestbox/shared/items/item-rules';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Executor, Tx, UserRow } from '../../db/schema.js';
import type { DomainEventBus } from '../../events/domain-events.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import type { AttachmentsService } from '../attachments/attachments.service.js';
import type { CommentsService } from '../comments/comments.service.js';
import type { ItemsService } from '../items/items.service.js';
import type { OrganizerService } from '../organizer/organizer.service.js';
import type { RemindersService } from '../reminders/reminders.service.js';
import { applyImportedSettings } from '../users/users.service.js';
import type { FileReader } from './file-reader.js';
import { answerOf, fingerprintOf, KeyTaken } from './import-keys.js';
import {
  claimImportKey,
  deleteExpiredImportKeys,
  findImportKey,
  saveImportKeyResult,
} from './import-keys.repository.js';
import { type TreeInParts, type TreeOptions, treeComments, treeItems } from './import-tree.js';
import type { ReadFile } from './parsers/parse-worker.js';
import type { FoundProblem, ParseContext } from './parsers/parsed-file.js';
import { isZip, openZipExport, ZIP_MAX_ENTRIES, type ZipExport } from './zip-export.js';

export type ImportRequest = z.output<typeof ImportQuerySchema>;

/** An import refused for its file's first error: answered 400 with that problem's message. */
export class ImportRefused extends Error {
  override name = 'ImportRefused';

  constructor(readonly problem: ImportProblem) {
    super(problem.message);
  }
}

/** The problem as the caller reads it: where it is, then what is wrong, in their language. */
function presentProblem(problem: FoundProblem, locale: UserLocale): ImportProblem {
  const where =
    problem.line !== undefined
      ? translate(locale, 'import.where.line', { line: problem.line })
      : problem.element !== undefined
        ? translate(locale, 'import.where.element', { element: problem.element })
        : problem.path !== undefined
          ? translate(locale, 'import.where.path', { path: problem.path })
          : translate(locale, 'import.where.file');
  return {
    severity: problem.severity,
    ...(problem.line !== undefined ? { line: problem.line } : {}),
    ...(problem.element !== undefined || problem.path !== undefined
      ? { element: problem.element ?? problem.path }
      : {}),
    messageKey: problem.key,
    message: translate(locale, 'import.problem', {
      where,
      problem: translate(locale, problem.key, problem.params),
    }),
  };
}

/** A warning that some attached files were left out, and how many. */
const warning = (
  key: 'import.attachments.missing' | 'import.attachments.overQuota' | 'import.attachments.unreadable',
  count: number,
): FoundProblem => ({
  severity: 'warning',
  key,
  params: { count },
});

/** Problems in the order of the file where their lines say it; the others as they were found. */
function inFileOrder(problems: FoundProblem[]): FoundProblem[] {
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => {
      const [x, y] = [a.problem.line, b.problem.line];
      return x !== undefined && y !== undefined && x !== y ? x - y : a.index - b.index;
    })
    .map(({ problem }) => problem);
}

/**
 * Imports (SPEC: Your data): a Nestbox export, an OPML outline or a Todoist CSV becomes boxes
 * and texts in one transaction, into a new box at the top of the Workspace (the file's name,
 * or "Imported <date>") or last into a box the person may edit. A dry run reads and checks the
 * file the same way and changes nothing. Every parser makes the same tree (the export
 * schema's); the checks and the writer are the same for all.
 */
export function createImportService({
  db,
  items,
  organizer,
  reminders,
  comments,
  attachments,
  events,
  fileReader,
  now,
}: {
  db: Executor;
  fileReader: FileReader;
  items: ItemsService;
  organizer: OrganizerService;
  reminders: RemindersService;
  comments: Pick<CommentsService, 'stageImported'>;
  attachments: Pick<AttachmentsService, 'stageImported'>;
  events: DomainEventBus;
  now: Clock;
}) {
  /**
   * The file read and checked in a worker thread; its items only when they are to be written.
   * A Nestbox export may come as the ZIP export: its `nestbox.json` is read, and the zip kept
   * for the files it attaches.
   */
  async function read(
    bytes: Buffer | undefined,
    request: ImportRequest,
    context: ParseContext,
    tree: TreeOptions | undefined,
  ): Promise<{ parsed: ReadFile; zip?: ZipExport }> {
    const fail = (key: FoundProblem['key'], params?: FoundProblem['params']) => ({
      parsed: {
        counts: { boxes: 0, texts: 0, dates: 0, reminders: 0 },
        problems: [{ severity: 'error', key, ...(params ? { params } : {}) }],
        treeProblems: [],
      } satisfies ReadFile,
    });
    if (!bytes || bytes.length === 0) return fail('import.file.empty');
    let zip: ZipExport | undefined;
    if (request.format === 'json' && isZip(bytes)) {
      const opened = await openZipExport(bytes, { maxJsonBytes: IMPORT_MAX_BYTES });
      if (opened === 'invalid') return fail('import.zip.invalid', { max: IMPORT_MAX_BYTES / (1024 * 1024) });
      if (opened === 'tooManyFiles') return fail('import.zip.tooManyFiles', { max: ZIP_MAX_ENTRIES });
      zip = opened;
    }
    const checked = await fileReader.read({
      bytes: zip ? zip.json : bytes,
      format: request.format,
      context,
      ...(tree ? { tree } : {}),
    });
    return checked ? { parsed: checked, ...(zip ? { zip } : {}) } : fail('import.file.tooHard');
  }

  /**
   * Attaches the files the tree lists to the items staged for it (`ids`), those the zip
   * holds; answers a warning for those left out (not in the file, or past the limits).
   */
  async function stageAttachments(
    user: UserRow,
    listed: TreeInParts['attachments'],
    ids: readonly string[],
    zip: ZipExport | undefined,
  ): Promise<FoundProblem[]> {
    const inFile = zip ? listed.filter(({ attachment }) => zip.has(attachment.file)) : [];
    const left = zip
      ? await attachments.stageImported(
          user,
          inFile.map(({ index, attachment }) => ({
            itemId: ids[index] as string,
            attachment,
            open: () => zip.open(attachment.file),
          })),
        )
      : { overQuota: 0, unreadable: 0 };
    const missing = listed.length - inFile.length;
    return [
      ...(missing > 0 ? [warning('import.attachments.missing', missing)] : []),
      ...(left.overQuota > 0 ? [warning('import.attachments.overQuota', left.overQuota)] : []),
      ...(left.unreadable > 0 ? [warning('import.attachments.unreadable', left.unreadable)] : []),
    ];
  }

  /** Settings from a file, checked as the profile checks them. */
  function settingsProblems(settings: ExportSettings | undefined): FoundProblem[] {
    return settings && !isValidTimeZone(settings.timezone)
      ? [{ severity: 'error', key: 'validation.timezone.required', path: 'settings.timezone' }]
      : [];
  }

  /** The new box's title: the file's name when it makes a valid box title, else "Imported <date>". */
  function newBoxTitle(user: UserRow, locale: UserLocale, name: string | undefined, at: number): string {
    if (name && !boxTitleError(name)) return name.trim();
    return translate(locale, 'import.imported', {
      date: formatDate(
        at,
        user.timezone,
        locale,
        locale === 'fr' ? "d MMMM yyyy 'à' HH:mm" : 'd MMMM yyyy, HH:mm',
      ),
    });
  }

  /** Applies a file's settings to the person, inside the import's transaction. */
  async function applySettings(trx: Executor, user: UserRow, settings: ExportSettings, at: number) {
    await applyImportedSettings(trx, user.id, settings, at);
    if (settings.timezone !== user.timezone)
      await reminders.timeZoneChanged(trx, { userId: user.id, timeZone: settings.timezone, at });
  }

  return {
    /**
     * Reads the file (`bytes`, the request body) and, unless it is a dry run, imports it.
     * A dry run answers what the file holds and its first problems; an import of a file with
     * an error throws ImportRefused (400) naming the first, and changes nothing. With a `key`
     * (the Idempotency-Key header) an import that committed is answered again to the same
     * request for IMPORT_KEY_TTL_MS, marked `replayed`, and writes nothing more; another request
     * with that key is refused (409). A dry run takes no key.
     */
    async importFile(
      user: UserRow,
      bytes: Buffer | undefined,
      request: ImportRequest,
      locale: UserLocale,
      key?: string,
    ): Promise<ImportResult & { replayed?: true }> {
      const at = now();
      const claim =
        key === undefined || request.dryRun
          ? undefined
          : {
              userId: user.id,
              key,
              fingerprint: fingerprintOf(request, bytes),
              at,
              expiresAt: at + IMPORT_KEY_TTL_MS,
            };
      if (claim) {
        const answered = answerOf(claim, await findImportKey(db, claim));
        if (answered) return answered;
      }
      const context: ParseContext = {
        now: at,
        timeZone: user.timezone,
        boxDefaults: {
          showCompleted: user.default_show_completed === 1,
          autoAddToUnprioritized: user.default_auto_add_to_unprioritized === 1,
        },
        locale: userLocaleOf(user.locale),
      };
      // Checked before the file is read, to refuse at once; the write checks it again in its transaction.
      const { boxId: targetId } = request;
      const target =
        targetId === undefined
          ? undefined
          : await db.transaction().execute((tx) => items.editableBoxOf(user.id, targetId, tx));
      const tree: TreeOptions | undefined = request.dryRun
        ? undefined
        : {
            fromNestbox: request.format === 'json',
            targetAutoAdds: target
              ? target.box_type === 'todo' && target.auto_add_to_unprioritized === 1
              : user.default_auto_add_to_unprioritized === 1,
            highestPriority: await organizer.highestPriority(db, user.id),
          };
      const { parsed, zip } = await read(bytes, request, context, tree);
      const settings = request.format === 'json' && request.settings ? parsed.settings : undefined;
      const found = inFileOrder([...parsed.problems, ...settingsProblems(settings), ...parsed.treeProblems]);
      const { counts } = parsed;
      if (found.length === 0 && counts.boxes + counts.texts === 0 && request.format !== 'json')
        found.push({ severity: 'error', key: 'import.file.nothing' });
      const problems = found.map((problem) => presentProblem(problem, locale));
      const firstError = problems.find((problem) => problem.severity === 'error');
      if (request.dryRun)
        return {
          dryRun: true,
          ok: firstError === undefined,
          counts,
          problems: problems.slice(0, IMPORT_PROBLEMS_SHOWN),
          boxId: null,
          settingsApplied: false,
        };
      if (firstError) throw new ImportRefused(firstError);

      const userLocale = userLocaleOf(user.locale);
      /** The answer of this import, once it wrote into `boxId`. */
      const resultWith = (boxId: string): ImportResult => ({
        dryRun: false,
        ok: true,
        counts,
        problems: problems.slice(0, IMPORT_PROBLEMS_SHOWN),
        boxId,
        settingsApplied: settings !== undefined,
      });
      // Written in parts out of sight first, so that no one transaction holds the database for
      // long; the short one below then places the tree and makes the import happen at once.
      const toWrite = parsed.tree ?? { parts: [], reminders: [], comments: [], attachments: [] };
      const { stagingId, ids } = await items.staging.stage(user.id, treeItems(toWrite), at);
      try {
        for (const part of treeComments(toWrite))
          await comments.stageImported(
            user.id,
            part.map(({ index, comment }) => ({ itemId: ids[index] as string, comment })),
          );
        const leftOut = await stageAttachments(user, toWrite.attachments, ids, zip);
        problems.unshift(...leftOut.map((problem) => presentProblem(problem, locale)));
      } catch (error) {
        await items.staging.discard(stagingId);
        throw error;
      }

      /** The import itself, inside its transaction, with its answer kept under its key. */
      const place = async (trx: Tx): Promise<{ boxId: string; newBox: boolean }> => {
        if (settings) await applySettings(trx, user, settings, at);
        let boxId: string;
        if (target) {
          boxId = (await items.editableBoxOf(user.id, target.id, trx)).id;
          await items.staging.placeInto(trx, user.id, stagingId, boxId);
        } else {
          const root = await items.rootBoxOf(user.id, trx);
          if (!root) throw appErrors.notFound();
          boxId = stagingId;
          await items.staging.placeAsBox(trx, user.id, stagingId, {
            parentId: root.id,
            title: newBoxTitle(user, userLocale, request.name, at),
            showCompleted: user.default_show_completed,
            autoAdd: user.default_auto_add_to_unprioritized,
          });
        }
        await reminders.insertImported(trx, {
          userId: user.id,
          timeZone: settings?.timezone ?? user.timezone,
          at,
          reminders: toWrite.reminders.map(({ index, reminder }) => ({
            ...reminder,
            itemId: ids[index] as string,
          })),
        });
        if (claim) await saveImportKeyResult(trx, { ...claim, result: JSON.stringify(resultWith(boxId)) });
        return { boxId, newBox: !target };
      };

      let written: { boxId: string; newBox: boolean };
      try {
        written = await db.transaction().execute(async (trx) => {
          // Taken first: a retry sent meanwhile waits here, then answers what this one did.
          if (claim && !(await claimImportKey(trx, claim))) throw new KeyTaken();
          return place(trx);
        });
      } catch (error) {
        await items.staging.discard(stagingId);
        if (!(error instanceof KeyTaken) || !claim) throw error;
        const answered = answerOf(claim, await findImportKey(db, claim));
        if (!answered) throw appErrors.conflict('import.idempotencyKey.reused');
        return answered;
      }
      const { boxId, newBox } = written;
      if (newBox) events.emit('items.created', { itemIds: [boxId] });
      events.emit('import.finished', { userId: user.id, boxId, intoExistingBox: !newBox, counts });
      return resultWith(boxId);
    },

    /** The scheduler's job: forgets the import keys that expired by `at`. */
    pruneExpiredKeys: (at: number) => deleteExpiredImportKeys(db, at),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
