// Whether a PostgreSQL URL answers, for the test harness and the bench: they run PostgreSQL
// only when it does, and print the reason when it does not.
import pg from 'pg';

/** null when `url` accepts a connection and a query within `timeoutMs`, else the error message. */
export async function postgresProblem(url: string, timeoutMs = 2000): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}
