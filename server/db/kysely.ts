import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase, sql } from 'kysely';
import pg from 'pg';
import type { Config, DatabaseDialect } from '../config.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: DatabaseDialect;
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

export function openDatabase(config: Pick<Config, 'dialect' | 'databaseUrl' | 'sqliteFile'>): DatabaseHandle {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl!, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  restrictToOwner(config.sqliteFile);
  const sqlite = new SQLite(config.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one: a fresh schema
  // next to another that has them would skip creating its own (each test file uses a schema).
  const migrationTableSchema =
    handle.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(handle.db)).rows[0]?.name : undefined;
  // Helpers number their migrations ahead of time and land in any order: a database that already
  // ran 0009 must still run a later-landed 0007.
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect), migrationTableSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
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
