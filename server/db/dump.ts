// Whole-database copies for `npm run admin -- backup|restore`: SQLite's online backup API (a
// consistent copy while other processes write), pg_dump/pg_restore in custom format on PostgreSQL.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';

const run = promisify(execFile);

/** SQLite's largest page count per backup step: the whole database at once. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database at `sourceFile` into `targetFile` with SQLite's backup API, which
 * reads a consistent snapshot (WAL included) while the server and workers keep writing. All pages
 * go in one step: a step holds one read transaction, whereas a write by another process between
 * steps would restart the copy from the beginning, possibly for ever under steady writes.
 */
export async function backupSqlite(sourceFile: string, targetFile: string): Promise<void> {
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(targetFile, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  await chmod(targetFile, 0o600); // password hashes and sessions: owner-only, like the live file
}

/** Why an external tool failed, in one line: its stderr rather than Node's long command echo. */
function toolFailure(tool: string, error: unknown): Error {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new Error(`${tool} is not installed (on Debian: apt-get install -y postgresql-client)`);
  return new Error(`${tool} failed: ${stderr || (error as Error).message}`);
}

/**
 * DATABASE_URL as libpq reads it: node-postgres takes `+` in the query as a space (form encoding,
 * as URLSearchParams writes `options=-c search_path=...`), libpq only percent-decodes.
 */
function libpqUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const query = [...url.searchParams].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  url.search = query ? `?${query}` : '';
  return url.toString();
}

/**
 * pg_dump of one schema (the one DATABASE_URL works in) into a custom-format archive, reading the
 * exported `snapshot` of a transaction the caller holds open.
 */
export async function dumpPostgres(databaseUrl: string, schema: string, snapshot: string, targetFile: string): Promise<void> {
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--schema=${schema}`, `--file=${targetFile}`, `--dbname=${libpqUrl(databaseUrl)}`]);
  } catch (error) {
    throw toolFailure('pg_dump', error);
  }
  await chmod(targetFile, 0o600);
}

/**
 * pg_restore of such an archive into an empty schema of the same name, which the caller has made
 * sure exists: the archive's own CREATE SCHEMA is left out (a fresh database already has `public`).
 * One transaction: a failure leaves the database as empty as it was.
 */
export async function restorePostgres(databaseUrl: string, archiveFile: string): Promise<void> {
  const listDir = await mkdtemp(join(tmpdir(), 'vidshare-restore-'));
  const listFile = join(listDir, 'entries.list');
  try {
    const { stdout } = await run('pg_restore', ['--list', archiveFile], { maxBuffer: 64 * 1024 * 1024 });
    const entries = stdout.split('\n').filter((line) => !/^\d+; \d+ \d+ SCHEMA - /.test(line));
    await writeFile(listFile, entries.join('\n'));
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--use-list=${listFile}`, `--dbname=${libpqUrl(databaseUrl)}`, archiveFile]);
  } catch (error) {
    throw toolFailure('pg_restore', error);
  } finally {
    await rm(listDir, { recursive: true, force: true });
  }
}
