// Reads that scan (full-text search, the popular-searches window) run off the event loop. On SQLite
// better-sqlite3 blocks the thread that runs a query, so a common-word search held every other
// request for its ~0.5 ms: these run on a small piscina pool of worker threads, each with its own
// read-only connection (WAL lets them read beside the writer). The pool starts on the first such
// read and is closed with the database. PostgreSQL queries never block the loop: they run on the
// main connection pool as before, and no thread is started.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CompiledQuery, Kysely } from 'kysely';
import { Piscina } from 'piscina';

export interface ScanReads {
  /** The rows of a compiled read-only query, answered without holding this thread. */
  rows<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** Stops the worker threads, if any started (waits for reads in flight). */
  close(): Promise<void>;
  /** Whether reads run on worker threads (tests and the bench compare both ways). */
  readonly offLoop: boolean;
}

const WORKER_FILE = fileURLToPath(new URL('./sqliteReadWorker.cjs', import.meta.url));
/** Two threads at most: the machines have few cores, and a read is short once off the loop. */
const MAX_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/** Reads on the main connection: PostgreSQL (already asynchronous), or SQLite in memory. */
export function mainConnectionReads(db: Pick<Kysely<unknown>, 'executeQuery'>): ScanReads {
  return {
    offLoop: false,
    rows: async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows,
    close: async () => undefined,
  };
}

/** Reads of the SQLite file `file` on worker threads, started on first use. */
export function sqliteWorkerReads(file: string, busyTimeoutMs: number): ScanReads {
  let pool: Piscina | null = null;
  let closed = false;
  return {
    offLoop: true,
    rows<R>(query: CompiledQuery<R>): Promise<R[]> {
      if (closed) return Promise.reject(new Error('the read pool is closed'));
      pool ??= new Piscina({
        filename: WORKER_FILE,
        minThreads: 1,
        maxThreads: MAX_THREADS,
        // A thread idle this long stops (the last one stays: minThreads).
        idleTimeout: 30_000,
        workerData: { file, busyTimeoutMs },
      });
      return pool.run({ sql: query.sql, parameters: query.parameters }) as Promise<R[]>;
    },
    async close() {
      closed = true;
      const running = pool;
      pool = null;
      await running?.close();
    },
  };
}
