import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SYSTEM_USER } from '@nestbox/shared/constants';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  type AttachmentStore,
  attachmentFolder,
  type CopiedObjects,
  copyObjects,
} from '../modules/attachments/attachments.contract.js';
import { openDatabase } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { createSearchExtensions } from './migrations/0024-search-index.js';

const run = promisify(execFile);

/** The database a backup is taken from or restored into. */
export type BackupTarget =
  | { engine: 'sqlite'; file: string }
  /** `schema`: only that schema is dumped and counted (tests work in one schema per suite). */
  | { engine: 'postgres'; url: string; schema?: string };

export interface BackupReport {
  file: string;
  bytes: number;
  /** Accounts other than the system user. */
  users: number;
  items: number;
  /** Migrations applied after a restore (an older backup brought up to date). */
  migrated?: string[];
  /** The attached files copied, and their folder; `folder` alone: a restore found none there. */
  attachments?: { folder: string; copied?: CopiedObjects };
}

/** What backup and restore do besides the database. */
export interface BackupOptions {
  /** Replace an existing backup, or a database that is not empty. */
  force?: boolean;
  /** The attachment store, whose objects go into (or come back from) the folder beside the file. */
  attachments?: AttachmentStore;
}

/** The folder beside a backup file that holds its attached files. */
export const attachmentsBeside = (file: string): string => `${file}.attachments`;

/** A refusal or failure the CLI prints as it is, without a stack. */
export class BackupError extends Error {}

/** The most pages better-sqlite3 copies in a step: all of them. */
const ALL_PAGES = 0x7fffffff;

interface Counts {
  users: number;
  items: number;
}

/**
 * Writes a consistent copy of the database to `file` while the server may be running, and
 * with `attachments`, a copy of every stored object into the folder beside it
 * (`<file>.attachments/`). Both are written under temporary names and renamed once complete.
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
  options: BackupOptions = {},
): Promise<BackupReport> {
  const folder = attachmentsBeside(file);
  if ((existsSync(file) || (options.attachments && existsSync(folder))) && !options.force)
    throw new BackupError(`${file} already exists; add --force to overwrite it.`);
  if (!existsSync(path.dirname(path.resolve(file))))
    throw new BackupError(`The folder of ${file} does not exist.`);
  const temporary = temporaryPath(file);
  const temporaryFolder = temporaryPath(folder);
  try {
    const counts = await copyDatabase(target, temporary);
    // After the database: an object uploaded meanwhile is copied without its row, and swept
    // once restored; a row of the copy always finds its object, unless it was deleted since.
    const copied = options.attachments
      ? await copyObjects(options.attachments, attachmentFolder(temporaryFolder))
      : undefined;
    renameSync(temporary, file);
    if (copied) {
      rmSync(folder, { recursive: true, force: true });
      renameSync(temporaryFolder, folder);
    }
    return {
      file,
      bytes: statSync(file).size,
      ...counts,
      ...(copied ? { attachments: { folder, copied } } : {}),
    };
  } finally {
    rmSync(temporary, { force: true });
    rmSync(temporaryFolder, { recursive: true, force: true });
  }
}

/**
 * Writes a consistent copy of the database to `temporary` while the server may be running.
 * SQLite: the online backup API on a connection of its own. PostgreSQL: `pg_dump --format=custom`.
 */
async function copyDatabase(target: BackupTarget, temporary: string): Promise<Counts> {
  if (target.engine === 'sqlite') {
    if (!existsSync(target.file)) throw new BackupError(`There is no database at ${target.file}.`);
    const source = new SQLite(target.file, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      // Everything in one step once started: a write between two steps restarts the copy, and
      // a step sized to what remained can fall short of a database that grew meanwhile.
      await source.backup(temporary, { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    return countSqlite(temporary);
  }
  await runTool('pg_dump', [
    '--format=custom',
    '--file',
    temporary,
    ...(target.schema ? ['--schema', target.schema] : []),
    target.url,
  ]);
  return countPostgres(target);
}

/**
 * Restores a backup into the configured database, then brings its schema up to date.
 * Refused when the database holds anything (an item, or a user other than the system user)
 * unless `force`. SQLite: the server must be stopped; the copy is written beside the database
 * and renamed over it, and the old `-wal`/`-shm` files are removed first.
 * PostgreSQL: `pg_restore --clean --if-exists --no-owner`. With `attachments`, the objects of
 * the folder beside the backup are then copied into that store (objects it held that no
 * restored row names are left to the sweep).
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
  options: BackupOptions = {},
): Promise<BackupReport> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const present = target.engine === 'sqlite' ? countSqliteIfAny(target.file) : await countPostgres(target);
  if ((present.users > 0 || present.items > 0) && !options.force)
    throw new BackupError(
      `The database is not empty (${present.users} users, ${present.items} items); add --force to replace it with the backup.`,
    );
  if (target.engine === 'sqlite') {
    const temporary = temporaryPath(target.file);
    mkdirSync(path.dirname(target.file), { recursive: true });
    try {
      await copySqlite(file, temporary);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw new BackupError(
        `${file} is not a SQLite backup: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    rmSync(`${target.file}-wal`, { force: true });
    rmSync(`${target.file}-shm`, { force: true });
    renameSync(temporary, target.file);
  } else {
    // A dump of one schema leaves out the extensions in `public` its search index is built on.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await createSearchExtensions(client);
    } finally {
      await client.end();
    }
    await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--dbname', target.url, file]);
  }
  const database = openDatabase(
    target.engine === 'sqlite'
      ? { sqliteFile: target.file }
      : { databaseUrl: target.url, ...(target.schema ? { pgSchema: target.schema } : {}) },
  );
  let migrated: string[];
  try {
    migrated = await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  const counts = target.engine === 'sqlite' ? countSqlite(target.file) : await countPostgres(target);
  const folder = attachmentsBeside(file);
  const attachments = !options.attachments
    ? undefined
    : existsSync(folder)
      ? { folder, copied: await copyObjects(attachmentFolder(folder), options.attachments) }
      : { folder };
  return { file, bytes: statSync(file).size, ...counts, migrated, ...(attachments ? { attachments } : {}) };
}

/** One line per fact, as the CLI prints it. */
export function describeReport(
  action: 'Backed up' | 'Restored',
  where: string,
  report: BackupReport,
): string {
  const lines = [
    action === 'Backed up'
      ? `Backed up ${where} to ${report.file}.`
      : `Restored ${report.file} into ${where}.`,
    `File: ${report.file} (${formatBytes(report.bytes)})`,
    `Users: ${report.users} (the system user aside), items: ${report.items}`,
  ];
  if (report.migrated?.length) lines.push(`Migrations applied: ${report.migrated.join(', ')}`);
  const { attachments } = report;
  if (attachments)
    lines.push(
      attachments.copied
        ? `Attached files: ${attachments.copied.files} (${formatBytes(attachments.copied.bytes)}), in ${attachments.folder}`
        : `Attached files: none restored, there is no ${attachments.folder} beside the backup`,
    );
  return lines.join('\n');
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function temporaryPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
}

/** Copies a SQLite file through the backup API, so a file that is not a database is refused. */
async function copySqlite(from: string, to: string): Promise<void> {
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    const check = source.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check: ${String(check)}`);
    countOn(source);
    await source.backup(to);
  } finally {
    source.close();
  }
}

function countSqlite(file: string): Counts {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    return countOn(database);
  } finally {
    database.close();
  }
}

/** The rows of a SQLite database, or none when there is no file or no schema yet. */
function countSqliteIfAny(file: string): Counts {
  if (!existsSync(file)) return { users: 0, items: 0 };
  const database = new SQLite(file, { fileMustExist: true });
  try {
    const tables = database
      .prepare(`select count(*) as n from sqlite_master where type = 'table' and name in ('users', 'items')`)
      .get() as { n: number };
    return tables.n === 2 ? countOn(database) : { users: 0, items: 0 };
  } finally {
    database.close();
  }
}

function countOn(database: SQLite.Database): Counts {
  const users = database.prepare('select count(*) as n from users where id <> ?').get(SYSTEM_USER.id) as {
    n: number;
  };
  const items = database.prepare('select count(*) as n from items').get() as { n: number };
  return { users: users.n, items: items.n };
}

/** The rows of a PostgreSQL database, or none when it has no schema yet. */
async function countPostgres(target: Extract<BackupTarget, { engine: 'postgres' }>): Promise<Counts> {
  const client = new pg.Client({
    connectionString: target.url,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  await client.connect();
  try {
    const tables = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
        where table_schema = current_schema() and table_name in ('users', 'items')`,
    );
    if (Number(tables.rows[0]?.n) !== 2) return { users: 0, items: 0 };
    const users = await client.query<{ n: string }>('select count(*) as n from users where id <> $1', [
      SYSTEM_USER.id,
    ]);
    const items = await client.query<{ n: string }>('select count(*) as n from items');
    return { users: Number(users.rows[0]?.n), items: Number(items.rows[0]?.n) };
  } finally {
    await client.end();
  }
}

/** Runs one of PostgreSQL's client tools, without a shell. */
async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if (error && typeof error === 'object' && 'code' in error && error.code === 'ENOENT')
      throw new BackupError(
        `${tool} is not installed: install PostgreSQL's client tools (e.g. apt install postgresql-client) of the server's version or newer.`,
      );
    const stderr =
      error && typeof error === 'object' && 'stderr' in error ? String(error.stderr).trim() : String(error);
    throw new BackupError(`${tool} failed: ${stderr}`);
  }
}
