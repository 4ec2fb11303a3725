// Heartbeat intake's group commit: the heartbeats of requests that arrive together share one
// insert, so one commit (WAL pages, index entries: on SQLite a one-row commit is about a third of
// an intake request's CPU).
// A batch is what came in during one turn of the event loop, plus whatever arrives while the
// previous insert is still running (at most one in flight, unless a batch is full): under load
// batches grow by themselves, and no answer waits on a timer. Holding answers for a fixed window
// (20 ms) cost each request more CPU than the commits it saved: its request and its answer then ran
// in two wake-ups of the process instead of one. Each request still gets its answer only once its
// rows are stored.
import type { RawHeartbeat } from './fold.js';

interface Waiting {
  rows: readonly RawHeartbeat[];
  resolve(accepted: number): void;
  reject(error: unknown): void;
}

export class HeartbeatBatcher {
  private waiting: Waiting[] = [];
  private rowCount = 0;
  /** A flush is queued for the end of this turn of the event loop. */
  private scheduled = false;
  /** Inserts running now. */
  private inFlight = 0;

  /**
   * `insert` stores rows (ids unique among them) and resolves with the ids that were new. A batch
   * goes at the end of the event loop's turn once no insert is running, or at once when it holds
   * `maxRows`.
   */
  constructor(
    private readonly insert: (rows: RawHeartbeat[]) => Promise<readonly string[]>,
    private readonly maxRows: number,
  ) {}

  /** Resolves with how many of `rows` were new (a repeated id counts for its first request only). */
  add(rows: readonly RawHeartbeat[]): Promise<number> {
    if (!rows.length) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.rowCount += rows.length;
      if (this.rowCount >= this.maxRows) void this.flush();
      else this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight > 0 || !this.waiting.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight === 0) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    if (!batch.length) return;
    this.waiting = [];
    this.rowCount = 0;
    const unique = new Map<string, RawHeartbeat>();
    for (const { rows } of batch) for (const row of rows) if (!unique.has(row.id)) unique.set(row.id, row);
    this.inFlight += 1;
    try {
      const inserted = new Set(await this.insert([...unique.values()]));
      for (const { rows, resolve } of batch) {
        let accepted = 0;
        for (const row of rows) if (inserted.delete(row.id)) accepted += 1;
        resolve(accepted);
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    } finally {
      this.inFlight -= 1;
      // What arrived meanwhile goes next.
      this.schedule();
    }
  }
}
