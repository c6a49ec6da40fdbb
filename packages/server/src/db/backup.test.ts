import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFolder } from '../modules/attachments/attachments.contract.js';
import { appendTexts } from '../modules/items/items.service.js';
import { createUser, rootBoxOf } from '../test/factories.js';
import { createMigratedTestDatabase, type TestDatabase, testEngine } from '../test/test-database.js';
import { BackupError, type BackupTarget, backupDatabase, describeReport, restoreDatabase } from './backup.js';
import { openDatabase } from './connection.js';
import { newId } from './ids.js';
import { migrateToLatest } from './migrate.js';
import { runBaseSeed } from './seeds/base-seed.js';

/** Appends texts to a box one by one, through the items repository, until stopped. */
function startWriting(database: TestDatabase, box: string, userId: string) {
  const committed = { count: 0 };
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      await appendTexts(database.db, {
        parentId: box,
        createdBy: userId,
        titles: [`written ${committed.count}`],
        now: Date.now(),
      });
      committed.count += 1;
      // SQLite answers without leaving the microtask queue: let timers and the backup run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    committed,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

const ids = async (target: BackupTarget) => {
  const database = openDatabase(
    target.engine === 'sqlite'
      ? { sqliteFile: target.file }
      : { databaseUrl: target.url, ...(target.schema ? { pgSchema: target.schema } : {}) },
  );
  try {
    const rows = await database.db.selectFrom('items').select('id').execute();
    return new Set(rows.map((row) => row.id));
  } finally {
    await database.close();
  }
};

describe(`backup and restore on ${testEngine}`, () => {
  let database: TestDatabase;
  let dir: string;
  let source: BackupTarget;
  let userId: string;
  let box: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'nestbox-backup-'));
    source =
      testEngine === 'sqlite'
        ? { engine: 'sqlite', file: database.location }
        : { engine: 'postgres', url: database.databaseUrl ?? '', schema: database.pgSchema ?? '' };
    const user = await createUser(database.db);
    userId = user.id;
    box = await rootBoxOf(database.db, user.id);
    // Enough rows for a database of many pages, so the copy takes several steps.
    await appendTexts(database.db, {
      parentId: box,
      createdBy: userId,
      titles: Array.from({ length: 3000 }, (_, i) => `text ${i} ${'x'.repeat(100)}`),
      now: Date.now(),
    });
  });

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Backs up with a store of attached files and restores into `fresh` with another: the folder
   * beside the backup holds every complete object, and the restore puts them back.
   */
  async function roundTripsAttachedFiles(fresh: BackupTarget) {
    const liveDir = path.join(dir, `live-files-${fresh.engine}`);
    const live = attachmentFolder(liveDir);
    const [picture, document] = [newId(), newId()];
    const put = (key: string, text: string) =>
      live.put(key, Readable.from([Buffer.from(text)]), { maxBytes: 1024 });
    await put(picture, 'picture bytes');
    await put(`${picture}.thumb`, 'thumb');
    await put(document, 'a document');
    // An upload cut short: never copied.
    writeFileSync(path.join(liveDir, `${newId()}.${newId()}.part`), 'half an upload');

    const file = path.join(dir, `with-files-${fresh.engine}.backup`);
    const folder = `${file}.attachments`;
    const report = await backupDatabase(source, file, { attachments: live });
    expect(report.attachments).toEqual({ folder, copied: { files: 3, bytes: 13 + 5 + 10 } });
    expect(readdirSync(folder).sort()).toEqual([picture, `${picture}.thumb`, document].sort());
    expect(describeReport('Backed up', 'here', report)).toContain(`Attached files: 3 (28 B), in ${folder}`);

    // The folder counts as the backup: kept without --force, replaced whole with it.
    rmSync(file);
    await expect(backupDatabase(source, file, { attachments: live })).rejects.toThrow(/add --force/);
    await live.remove(document);
    await backupDatabase(source, file, { attachments: live, force: true });
    expect(readdirSync(folder).sort()).toEqual([picture, `${picture}.thumb`].sort());

    const restoredDir = path.join(dir, `restored-files-${fresh.engine}`);
    const restoredStore = attachmentFolder(restoredDir);
    const restored = await restoreDatabase(fresh, file, { force: true, attachments: restoredStore });
    expect(restored.attachments?.copied).toEqual({ files: 2, bytes: 18 });
    expect(readFileSync(path.join(restoredDir, picture), 'utf8')).toBe('picture bytes');
    expect(readFileSync(path.join(restoredDir, `${picture}.thumb`), 'utf8')).toBe('thumb');

    rmSync(folder, { recursive: true });
    const bare = await restoreDatabase(fresh, file, { force: true, attachments: restoredStore });
    expect(describeReport('Restored', 'here', bare)).toContain(
      `Attached files: none restored, there is no ${folder} beside the backup`,
    );
  }

  it('refuses to overwrite an existing file without --force', async () => {
    const file = path.join(dir, 'existing.backup');
    writeFileSync(file, 'keep me');
    await expect(backupDatabase(source, file)).rejects.toThrow(BackupError);
    await expect(backupDatabase(source, file)).rejects.toThrow(/already exists; add --force/);
    const report = await backupDatabase(source, file, { force: true });
    expect(report.items).toBeGreaterThanOrEqual(3001);
    expect(report.users).toBe(1);
    expect(report.bytes).toBeGreaterThan(0);
  });

  it('refuses a backup into a folder that does not exist', async () => {
    await expect(backupDatabase(source, path.join(dir, 'missing', 'x.backup'))).rejects.toThrow(
      /folder of .* does not exist/,
    );
  });

  describe.runIf(testEngine === 'sqlite')('SQLite', () => {
    it('backs up during writes, and a restore into a fresh data directory has every item committed before', async () => {
      const writer = startWriting(database, box, userId);
      while (writer.committed.count < 10) await new Promise((resolve) => setImmediate(resolve));
      const before = await ids(source);
      const writtenBefore = writer.committed.count;
      const file = path.join(dir, 'during-writes.sqlite');
      const report = await backupDatabase(source, file);
      const writtenBy = writer.committed.count;
      await writer.stop();
      expect(writtenBy).toBeGreaterThan(writtenBefore);

      const copy = new SQLite(file, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      copy.close();

      const fresh: BackupTarget = { engine: 'sqlite', file: path.join(dir, 'fresh', 'nestbox.sqlite') };
      const restored = await restoreDatabase(fresh, file);
      expect(restored.items).toBe(report.items);
      const after = await ids(fresh);
      for (const id of before) expect(after.has(id)).toBe(true);
    });

    it('copies the attached files beside the backup, and a restore puts them back', async () => {
      await roundTripsAttachedFiles({
        engine: 'sqlite',
        file: path.join(dir, 'with-files', 'nestbox.sqlite'),
      });
    });

    it('restore refuses a database that is not empty without --force, and replaces it with', async () => {
      const file = path.join(dir, 'for-restore.sqlite');
      await backupDatabase(source, file);
      const targetDir = path.join(dir, 'occupied');
      const target: BackupTarget = { engine: 'sqlite', file: path.join(targetDir, 'nestbox.sqlite') };
      const occupied = openDatabase({ sqliteFile: target.file });
      await migrateToLatest(occupied.db);
      await runBaseSeed(occupied.db);
      // Only the system user: empty, so the restore needs no --force.
      await occupied.close();
      const first = await restoreDatabase(target, file);
      expect(first.users).toBe(1);

      await expect(restoreDatabase(target, file)).rejects.toThrow(
        /not empty \(1 users, \d+ items\); add --force/,
      );
      const forced = await restoreDatabase(target, file, { force: true });
      expect(forced.items).toBe(first.items);
      expect(existsSync(`${target.file}-wal`)).toBe(false);
    });

    it('restore refuses a file that is not a backup, leaving the database alone', async () => {
      const file = path.join(dir, 'not-a-backup.sqlite');
      writeFileSync(file, 'not a database at all, just some text that is long enough');
      const target: BackupTarget = { engine: 'sqlite', file: path.join(dir, 'untouched', 'nestbox.sqlite') };
      await expect(restoreDatabase(target, file)).rejects.toThrow(/is not a SQLite backup/);
      expect(existsSync(target.file)).toBe(false);
    });
  });

  describe.runIf(testEngine === 'postgres')('PostgreSQL', () => {
    // Creating or dropping a database waits for a checkpoint, which the other files' writes
    // can make long on a busy machine: a ceiling, not a wait.
    const DATABASE_DDL_CEILING_MS = 120_000;
    const restoreDb = `nb_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    let restoreUrl = '';

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: database.databaseUrl });
      await admin.connect();
      await admin.query(`create database ${restoreDb}`);
      await admin.end();
      const url = new URL(database.databaseUrl ?? '');
      url.pathname = `/${restoreDb}`;
      restoreUrl = url.toString();
    }, DATABASE_DDL_CEILING_MS);

    afterAll(async () => {
      const admin = new pg.Client({ connectionString: database.databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${restoreDb} with (force)`);
      await admin.end();
    }, DATABASE_DDL_CEILING_MS);

    it('dumps during writes; pg_restore into a fresh database has every item committed before', async () => {
      const writer = startWriting(database, box, userId);
      while (writer.committed.count < 10) await new Promise((resolve) => setImmediate(resolve));
      const before = await ids(source);
      const writtenBefore = writer.committed.count;
      const file = path.join(dir, 'during-writes.dump');
      const report = await backupDatabase(source, file);
      const writtenBy = writer.committed.count;
      await writer.stop();
      expect(writtenBy).toBeGreaterThan(writtenBefore);
      expect(report.bytes).toBeGreaterThan(0);

      const fresh: BackupTarget = { engine: 'postgres', url: restoreUrl, schema: database.pgSchema ?? '' };
      const restored = await restoreDatabase(fresh, file);
      expect(restored.users).toBe(1);
      const after = await ids(fresh);
      for (const id of before) expect(after.has(id)).toBe(true);

      await expect(restoreDatabase(fresh, file)).rejects.toThrow(
        /not empty \(1 users, \d+ items\); add --force/,
      );
      const forced = await restoreDatabase(fresh, file, { force: true });
      expect(forced.items).toBe(restored.items);
    });

    it('copies the attached files beside the dump, and a restore puts them back', async () => {
      await roundTripsAttachedFiles({ engine: 'postgres', url: restoreUrl, schema: database.pgSchema ?? '' });
    });

    it('says so when pg_dump is not installed, and leaves no file', async () => {
      const file = path.join(dir, 'no-pg-dump.dump');
      const searchPath = process.env.PATH;
      process.env.PATH = path.join(dir, 'no-tools-here');
      try {
        await expect(backupDatabase(source, file)).rejects.toThrow(/pg_dump is not installed/);
      } finally {
        process.env.PATH = searchPath;
      }
      expect(existsSync(file)).toBe(false);
    });
  });
});
