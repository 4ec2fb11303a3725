import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import type { Config, DatabaseDialect } from '../config.js';
import { MIGRATION_NAMES, migrationProvider } from './migrations/index.js';
import { NewerDatabaseError } from './newerDatabase.js';
import type { Database } from './schema.js';
import { mainConnectionReads, type ScanReads, sqliteWorkerReads } from './readPool.js';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: DatabaseDialect;
  /** Where reads that scan run (server/db/readPool.ts): worker threads on a SQLite file. */
  reads: ScanReads;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * Under Kysely, better-sqlite3 prepared every statement anew on each query (8% of a feed
 * request's CPU); the app issues a small, fixed set of SQL texts, so keep them prepared.
 */
function withStatementCache(database: SQLite.Database, max = 1000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statement = database.prepare(sqlText);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/**
 * Transactions on SQLite begin IMMEDIATE: they take the write lock at BEGIN, waiting up to the busy
 * timeout for it. The default (deferred) BEGIN reads from a snapshot and asks for the lock at the
 * first write; when another process (the worker, `npm run seed`) committed in between, SQLite
 * refuses at once (SQLITE_BUSY_SNAPSHOT, "database is locked") without waiting, as the snapshot
 * is stale. Every transaction here reads in order to write, and the process runs one at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * The database holds password hashes and sessions: owner-only, like the JWT secret. SQLite gives
 * its -wal and -shm files the main file's mode, so creating that one 0600 covers all three;
 * files left 0644 by an older version are tightened too.
 */
function restrictToOwner(file: string) {
  if (file === ':memory:') return;
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
}

/**
 * What the migrator asks of PostgreSQL, answered for the working schema only. Kysely's own
 * introspector reads every column of every table in every schema, calling pg_get_serial_sequence
 * on each: a schema dropped meanwhile by another deployment (or test file) sharing the database
 * fails the boot with "schema ... does not exist". The migrator needs only table names.
 */
class WorkingSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas() {
    const rows = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows.rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const rows = await sql<{ name: string; schema: string }>`
      select c.relname as name, n.nspname as schema from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(this.db);
    return rows.rows.map((row) => ({ ...row, isView: false, columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

class WorkingSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new WorkingSchemaIntrospector(db);
  }
}

const BUSY_TIMEOUT_MS = 5000;

export interface OpenOptions {
  /** Run scanning reads on the main connection even on a SQLite file (tests compare both ways). */
  scanReadsOnMainThread?: boolean;
}

export function openDatabase(config: Pick<Config, 'dialect' | 'databaseUrl' | 'sqliteFile'>, options: OpenOptions = {}): DatabaseHandle {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl!, max: 10 });
    const db = new Kysely<Database>({ dialect: new WorkingSchemaPostgresDialect({ pool }) });
    return { db, dialect: 'postgres', reads: mainConnectionReads(db), close: () => db.destroy() };
  }
  restrictToOwner(config.sqliteFile);
  const sqlite = new SQLite(config.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  const reads = config.sqliteFile === ':memory:' || options.scanReadsOnMainThread ? mainConnectionReads(db) : sqliteWorkerReads(config.sqliteFile, BUSY_TIMEOUT_MS);
  return {
    db,
    dialect: 'sqlite',
    reads,
    async close() {
      await reads.close();
      await db.destroy();
    },
  };
}

/** The newest migration recorded in the database that this version does not have, if any. */
async function unknownMigration(handle: DatabaseHandle, schema: string | undefined): Promise<string | null> {
  const present =
    handle.dialect === 'postgres'
      ? (await sql<{ present: boolean }>`select to_regclass(format('%I.kysely_migration', ${schema ?? 'public'}::text)) is not null as present`.execute(handle.db)).rows[0]?.present
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(handle.db)).rows.length > 0;
  if (!present) return null; // a fresh database
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  const recorded = (await sql<{ name: string }>`select name from ${table}`.execute(handle.db)).rows.map((row) => row.name);
  const known = new Set(MIGRATION_NAMES);
  return recorded.filter((name) => !known.has(name)).sort().at(-1) ?? null;
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one: a fresh schema
  // next to another that has them would skip creating its own (each test file uses a schema).
  const migrationTableSchema =
    handle.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(handle.db)).rows[0]?.name : undefined;
  // An older version on a newer database refuses before migrating anything. Kysely's own check
  // (below, under its lock) catches a newer version that migrated between this one and the lock.
  const newer = await unknownMigration(handle, migrationTableSchema);
  if (newer) throw new NewerDatabaseError(newer);
  // Helpers number their migrations ahead of time and land in any order: a database that already
  // ran 0009 must still run a later-landed 0007.
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect), migrationTableSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const missing = /previously executed migration (\S+) is missing/.exec(String(error));
  if (missing) throw new NewerDatabaseError(missing[1]!);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/** The cheapest round trip: readiness checks that the database answers. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The timestamp format every table stores (see schema.ts). */
export function now(): string {
  return new Date().toISOString();
}
