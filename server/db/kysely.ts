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

export function openDatabase(config: Pick<Config, 'dialect' | 'databaseUrl' | 'sqliteFile'>): DatabaseHandle {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl!, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
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
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/** The timestamp format every table stores (see schema.ts). */
export function now(): string {
  return new Date().toISOString();
}
