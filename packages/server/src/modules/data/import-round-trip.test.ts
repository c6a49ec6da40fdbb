import { AUTO_ARCHIVE_DURATIONS } from '@nestbox/shared/constants';
import type {
  ExportFile,
  ExportItem,
  ExportReminder,
  ExportSettings,
} from '@nestbox/shared/data/export.schema';
import { EXPORT_VERSION, ExportFileSchema } from '@nestbox/shared/data/export.schema';
import { boxTitleError } from '@nestbox/shared/items/item-rules';
import { BOX_TYPES } from '@nestbox/shared/items/item-values';
import { BEFORE_AFTER_ON, REMINDER_UNITS } from '@nestbox/shared/reminders/fire-time';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { asReadBack, FILE_SETTINGS, readBack } from '../../test/export-files.js';
import { createSignedInUser } from '../../test/factories.js';
import { testEngine } from '../../test/test-database.js';
import { presentSettings } from './export.presenter.js';

let ids = 0;
const millis = fc.integer({ min: 0, max: 253_402_300_799_000 });
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
/** Titles in any script, and whatever spacing; never NUL, which no title may hold. */
const textTitle = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((title) => !title.includes('\u0000'));
/** Notes: Markdown or any text, never blank (a blank note is none) and never NUL. */
const note = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
  .filter((written) => !written.includes('\u0000') && written.trim() !== '');
const boxTitle = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
  .filter((title) => !title.includes('\u0000') && boxTitleError(title) === undefined);

/**
 * An item's comments, oldest first, each at a time of its own (the thread's order); the body as
 * a comment keeps it (trimmed, never blank). Anyone else's keep their writer's name.
 */
const comments = fc
  .array(
    fc.record({
      by: fc.string({ maxLength: 20 }),
      mine: fc.boolean(),
      body: note.map((written) => written.trim()).filter((written) => written !== ''),
      createdAt: millis,
      editedAt: nullable(millis),
    }),
    { maxLength: 3 },
  )
  .map((list) =>
    list
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((comment, i) => ({ ...comment, createdAt: Math.min(comment.createdAt + i, 253_402_300_799_000) })),
  )
  .filter((list) => new Set(list.map((comment) => comment.createdAt)).size === list.length);

const rule = fc.record({
  numberOf: fc.integer({ min: 1, max: 999 }),
  unit: fc.constantFrom(...REMINDER_UNITS),
  beforeAfterOn: fc.constantFrom(...BEFORE_AFTER_ON),
  repeat: fc.boolean(),
});

/** The shared fields and the exporter's own state, as an account can hold them. */
const fields = (type: 'box' | 'text') =>
  fc
    .record({
      createdAt: millis,
      completedAt: nullable(millis),
      archivedAt: nullable(millis),
      targetDate: nullable(millis),
      autoArchive: nullable(
        fc.record({
          amount: fc.integer({ min: 1, max: 999 }),
          duration: fc.constantFrom(...AUTO_ARCHIVE_DURATIONS),
        }),
      ),
      favourited: fc.boolean(),
      rank:
        type === 'text'
          ? nullable(
              nullable(
                // JSON has no -0 (it writes 0), so no file holds one.
                fc
                  .double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e12 })
                  .map((rank) => (Object.is(rank, -0) ? 0 : rank)),
              ),
            )
          : fc.constant(null),
      markedForToday: fc.boolean(),
      rules: fc.array(rule, { maxLength: 3 }),
      note: nullable(note),
      comments,
    })
    .map(({ favourited, rank, markedForToday, rules, note: written, comments: thread, ...shared }) => {
      const reminders: ExportReminder[] = rules.map((r) => ({
        ...r,
        repeat: r.beforeAfterOn === 'on' && r.repeat,
        linkedDirectlyToTargetDate: false,
      }));
      // Setting a target date gives its setter one hidden reminder linked to it.
      if (shared.targetDate !== null)
        reminders.push({
          numberOf: 1,
          unit: 'days',
          beforeAfterOn: 'on',
          repeat: false,
          linkedDirectlyToTargetDate: true,
        });
      return {
        id: `f${++ids}`,
        ...shared,
        // A rank: not prioritizable (undefined), prioritizable but unranked (null), or ranked.
        mine:
          rank === null
            ? { favourited, prioritizable: false, priority: null, markedForToday: false }
            : {
                favourited,
                prioritizable: true,
                priority: rank,
                markedForToday: rank !== null && markedForToday,
              },
        reminders,
        ...(written === null ? {} : { note: written }),
        ...(thread.length === 0 ? {} : { comments: thread }),
      };
    });

const item: fc.Memo<ExportItem> = fc.memo((depth) =>
  depth <= 1
    ? text()
    : fc.oneof(
        { weight: 3, arbitrary: text() },
        {
          weight: 1,
          arbitrary: fc
            .record({
              title: boxTitle,
              boxType: fc.constantFrom(...BOX_TYPES),
              settings: fc.record({ showCompleted: fc.boolean(), autoAddToUnprioritized: fc.boolean() }),
              fields: fields('box'),
              children: fc.array(item(depth - 1), { maxLength: 5 }),
            })
            .map(({ fields: shared, ...box }) => ({ type: 'box' as const, ...shared, ...box })),
        },
      ),
);
function text(): fc.Arbitrary<ExportItem> {
  return fc
    .record({ title: textTitle, fields: fields('text') })
    .map(({ title, fields: shared }) => ({ type: 'text' as const, title, ...shared }));
}

const settings: fc.Arbitrary<ExportSettings> = fc.record({
  locale: fc.constantFrom('en-GB' as const, 'fr' as const),
  timezone: fc.constantFrom('Europe/London', 'Europe/Paris', 'America/New_York', 'Asia/Tokyo'),
  workspace: fc.record({
    tooltipsEnabled: fc.boolean(),
    openBoxesIn: fc.constantFrom('newPane' as const, 'samePane' as const),
  }),
  organizer: fc.constant(FILE_SETTINGS.organizer),
  customizations: fc.record({
    defaultShowCompletedItems: fc.boolean(),
    defaultAutoAddToUnprioritized: fc.boolean(),
    reminderEmails: fc.boolean(),
    shortcutsEnabled: fc.boolean(),
    colorScheme: fc.constantFrom('system' as const, 'light' as const, 'dark' as const),
  }),
});

const exportFile = fc.record({
  format: fc.constant('nestbox' as const),
  version: fc.constant(EXPORT_VERSION),
  exportedAt: millis,
  settings,
  workspace: fc.array(item(4), { maxLength: 8 }),
});

/**
 * The file without what differs between two accounts holding the same lists: ids, its own
 * date, and the name on the importer's own comments (which an import makes theirs).
 */
function withoutIds(file: ExportFile): unknown {
  const strip = (items: readonly ExportItem[]): unknown[] =>
    items.map(({ id: _id, ...item }) => {
      const rest = item.comments
        ? { ...item, comments: item.comments.map((c) => (c.mine ? { ...c, by: '' } : c)) }
        : item;
      return rest.type === 'box' ? { ...rest, children: strip(rest.children) } : rest;
    });
  return { ...file, exportedAt: 0, workspace: strip(file.workspace) };
}

/**
 * The round trip: a Nestbox export imported into a fresh account holds exactly what the file
 * did, ids aside. The account is read straight from its tables (`readBack`), and through the
 * exporter: export, import into a fresh account, export again, and the two files are equal
 * apart from ids and the export's date.
 */
describe(`Nestbox JSON round trip on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('imports any export into a fresh account exactly, settings included', async () => {
    await fc.assert(
      fc.asyncProperty(exportFile, async (file) => {
        expect(ExportFileSchema.safeParse(file).success).toBe(true);
        const user = await createSignedInUser(t);
        const res = await t.request(`/api/import?format=json&boxId=${user.root}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(file),
        });
        expect(res.status, await res.clone().text()).toBe(200);
        expect(await readBack(t.database.db, user.id, user.root)).toEqual(asReadBack(file.workspace));
        const row = await t.database.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(presentSettings(row)).toEqual(file.settings);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('exports, imports into a fresh account and exports again to the same file, ids aside', async () => {
    const importInto = async (file: unknown) => {
      const user = await createSignedInUser(t);
      const res = await t.request(`/api/import?format=json&boxId=${user.root}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(file),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const exported = await t.request('/api/export?format=json', {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(exported.status).toBe(200);
      return ExportFileSchema.parse(await exported.json());
    };
    await fc.assert(
      fc.asyncProperty(exportFile, async (generated) => {
        const first = await importInto(generated);
        expect(withoutIds(first)).toEqual(withoutIds({ ...generated, exportedAt: 0 }));
        const second = await importInto(first);
        expect(withoutIds(second)).toEqual(withoutIds(first));
      }),
      { numRuns: 15 },
    );
  }, 180_000);
});
