// Two processes on one SQLite file in WAL mode (the API beside `npm run worker` or `npm run seed`)
// each running transactions that read and then write: none fails with SQLITE_BUSY, and no update
// is lost. A deferred BEGIN took a read snapshot first; when the other process committed before
// the write, SQLite refused the upgrade at once (SQLITE_BUSY_SNAPSHOT), without waiting.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/kysely.js';
import { eventually } from '../support/eventually.js';

const ROUNDS = 300;

function contender(file: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/sqliteContender.ts', file, String(ROUNDS)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('SQLite transactions across processes', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vidshare-sqlite-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs read-then-write transactions from two processes at once without SQLITE_BUSY or a lost update', async () => {
    const file = join(dir, 'shared.sqlite');
    const handle = openDatabase({ dialect: 'sqlite', databaseUrl: null, sqliteFile: file });
    await sql`create table counter (id integer primary key, n integer not null)`.execute(handle.db);
    await sql`insert into counter (id, n) values (1, 0)`.execute(handle.db);

    const contenders = [contender(file), contender(file)];
    await eventually(() => contenders.map((c) => c.output()), { until: (outputs) => outputs.every((text) => text.includes('ready')), timeout: 30_000, what: 'both processes to open the database' });
    for (const { child } of contenders) child.stdin.end('go\n');
    const codes = await Promise.all(contenders.map((c) => c.exited));

    expect(contenders.map((c) => c.output()).join('\n')).not.toMatch(/SQLITE_BUSY|database is locked/);
    expect(codes).toEqual([0, 0]);
    const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(handle.db);
    expect(rows[0]!.n).toBe(2 * ROUNDS);
    await handle.close();
  });
});
