// Throw-away PostgreSQL schemas for benches and drills: a run of its own beside whatever else uses
// the database, dropped afterwards.
import pg from 'pg';

/** Runs one statement on its own connection (CREATE/DROP SCHEMA or DATABASE). */
export async function runStatement(databaseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new schema in `postgresUrl`'s database, and the URL whose search_path is that schema. */
export async function throwAwaySchema(postgresUrl: string, prefix: string): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await runStatement(postgresUrl, `CREATE SCHEMA ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), schema, drop: () => runStatement(postgresUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}
