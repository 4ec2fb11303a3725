// One of the processes in sqliteConcurrency.test.ts: opens the SQLite file as the server does
// (openDatabase), says "ready", waits for "go" on stdin, then runs transactions that read the
// counter and write it back one higher, with a turn of the event loop between (as a repository
// awaiting its read does). Exits 1 with the error if any transaction fails.
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/kysely.js';

const [file, rounds] = [process.argv[2]!, Number(process.argv[3])];
const handle = openDatabase({ dialect: 'sqlite', databaseUrl: null, sqliteFile: file });
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) if (line === 'go') break;

try {
  for (let i = 0; i < rounds; i += 1) {
    await handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(trx);
      await new Promise((resolve) => setImmediate(resolve));
      await sql`update counter set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
    });
  }
  console.log('done');
} catch (error) {
  console.error(`failed: ${(error as { code?: string }).code ?? ''} ${String(error)}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
