import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { foldForSearch } from '@nestbox/shared/search/search-query';
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  type Driver,
  Kysely,
  type Logger,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type TransactionBuilder,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

export type DbEngine = 'sqlite' | 'postgres';

/** The engine behind a query builder or transaction. */
export const engineOf = (executor: Pick<Kysely<Database>, 'getExecutor'>): DbEngine =>
  executor.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** An open database: the typed query builder, which engine it runs on, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DbEngine;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  /** SQLite file path (created with its folder if missing), or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL only: the schema to work in (tests use a fresh one per suite). */
  pgSchema?: string;
  /** PostgreSQL only: pool size. */
  pgPoolSize?: number;
  /**
   * PostgreSQL only: the server cancels any statement running longer (default 10 s), so no
   * query can hold a pooled connection for ever and starve every other request.
   */
  statementTimeoutMs?: number | undefined;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

const PG_INT8_OID = 20;

/** Opens SQLite (WAL, foreign keys on, durable commits) or a PostgreSQL pool. */
export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openSqlite(options.sqliteFile ?? ':memory:');
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before it is acknowledged, even across a power cut.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Search compares titles as `foldForSearch` reads them (PostgreSQL has its own `nb_fold`).
  database.function('nb_fold', { deterministic: true }, (text) =>
    typeof text === 'string' ? foldForSearch(text) : text,
  );
  const dialect = new TransactionalDdlSqliteDialect({ database: withStatementCache(database) });
  const observers = new Set<QueryObserver>();
  const db =
    process.env.NODE_ENV === 'production'
      ? new Kysely<Database>({ dialect, log: tellObservers(observers) })
      : new TransactionGuardedKysely({ dialect: transactionGuarded(dialect), log: tellObservers(observers) });
  queryObservers.set(db, observers);
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** Told how long each query took, in milliseconds, failed ones too. */
export type QueryObserver = (durationMs: number) => void;

const queryObservers = new WeakMap<Kysely<Database>, Set<QueryObserver>>();

function tellObservers(observers: ReadonlySet<QueryObserver>): Logger {
  return (event) => {
    for (const observe of observers) observe(event.queryDurationMillis);
  };
}

/**
 * Calls `observer` with the duration of every query run on a database this module opened
 * (its transactions included) until the answered function is called.
 */
export function observeQueries(db: Kysely<Database>, observer: QueryObserver): () => void {
  const observers = queryObservers.get(db);
  if (!observers) throw new Error('observeQueries: this database was not opened by openDatabase');
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * SQLite changes its schema inside a transaction like any other statement, but Kysely's own
 * adapter says it cannot, so its migrator would commit each statement on its own and a
 * migration failing halfway would leave the schema half changed. Saying it can makes the
 * migrator run every pending migration in one transaction, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * The transactions open in the current flow of work, innermost first. SQLite has one
 * connection: a query made on `db` (not on the transaction) while that flow's transaction is
 * open waits for the connection the transaction holds, for ever.
 */
interface OpenTransaction {
  open: boolean;
  outer: OpenTransaction | undefined;
}
const openTransactions = new AsyncLocalStorage<OpenTransaction>();

const insideOpenTransaction = () => {
  for (let t = openTransactions.getStore(); t; t = t.outer) if (t.open) return true;
  return false;
};

export const QUERY_OUTSIDE_TRANSACTION =
  'A query on `db` was made while this flow of work holds an open transaction: on SQLite it would wait for ever. Run it on the transaction (`trx`) instead, or before or after it.';

/** Kysely whose transactions mark the flow of work that runs them (development and tests). */
class TransactionGuardedKysely extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    return Object.assign(builder, {
      execute: <T>(callback: Parameters<typeof execute<T>>[0]) =>
        openTransactions.run({ open: false, outer: openTransactions.getStore() }, () => execute(callback)),
    });
  }
}

/**
 * A dialect whose connection is refused at once, with a clear message, to a flow of work
 * whose own transaction holds it, instead of hanging. Other flows still wait their turn.
 */
function transactionGuarded(inner: Dialect): Dialect {
  const mark = (open: boolean) => {
    const transaction = openTransactions.getStore();
    if (transaction) transaction.open = open;
  };
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver(): Driver {
      const driver = inner.createDriver();
      return new Proxy(driver, {
        get(target, property, receiver) {
          if (property === 'acquireConnection')
            return () =>
              insideOpenTransaction()
                ? Promise.reject(new Error(QUERY_OUTSIDE_TRANSACTION))
                : target.acquireConnection();
          if (property === 'beginTransaction')
            return async (...args: Parameters<Driver['beginTransaction']>) => {
              await target.beginTransaction(...args);
              mark(true);
            };
          if (property === 'commitTransaction' || property === 'rollbackTransaction')
            return async (...args: Parameters<Driver['commitTransaction']>) => {
              mark(false);
              await target[property](...args);
            };
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/** What Kysely's SQLite driver calls on a statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * A statement whose rows are read as arrays and made into objects by a function compiled for
 * its columns: better-sqlite3 builds each row object property by property, which for a pane
 * of 500 items took twice as long as this. The rows are the same objects (a later column of
 * the same name wins, as before), all of one shape.
 */
function withFastRows(statement: SQLite.Statement): DriverStatement {
  if (!statement.reader) return statement as unknown as DriverStatement;
  const names = statement.columns().map((column) => JSON.stringify(column.name));
  const toRow = new Function(
    'row',
    `return {${names.map((name, i) => `${name}: row[${i}]`).join(', ')}};`,
  ) as (row: unknown[]) => unknown;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(...parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(...parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(...parameters) as IterableIterator<unknown[]>) yield toRow(row);
    },
  };
}

/**
 * Kysely prepares every query anew; compiling SQL is a fair share of a short query's time, and
 * the app runs the same few hundred statements over and over. Prepared statements are kept by
 * their SQL (the oldest dropped past the limit). Safe because queries on the one connection
 * run one at a time and never stream (a statement being iterated could not be reused).
 */
function withStatementCache(database: SQLite.Database) {
  const statements = new Map<string, DriverStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = withFastRows(database.prepare(sql));
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      return statement;
    },
  };
}

function openPostgres(connectionString: string, options: OpenDatabaseOptions): DatabaseHandle {
  // The driver loads with the first query: an instance on SQLite never holds it in memory.
  const pool = async () => poolOf((await import('pg')).default, connectionString, options);
  const observers = new Set<QueryObserver>();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: tellObservers(observers) });
  queryObservers.set(db, observers);
  return { db, engine: 'postgres', close: () => db.destroy() };
}

function poolOf(driver: typeof pg, connectionString: string, options: OpenDatabaseOptions): pg.Pool {
  return new driver.Pool({
    connectionString,
    // Texts' changes commit one at a time (item_changes, migration 0025): with 10 connections,
    // reads waited behind writes queued at commit (load bench: reads p99 135 ms, 113 with 20).
    max: options.pgPoolSize ?? 20,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    // Times are epoch milliseconds in bigint columns: read them back as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : driver.types.getTypeParser(oid, format)) as typeof driver.types.getTypeParser,
    },
  });
}
