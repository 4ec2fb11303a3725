// Heartbeat intake's group commit: the heartbeats of requests arriving within a few milliseconds
// share one insert, so one commit. Alone, a heartbeat's insert and commit cost its request about
// twice what the rest of it does (WAL pages, index entries); a player does not wait on the answer,
// so the few milliseconds are free. Each request still gets its answer only once its rows are stored.
import type { RawHeartbeat } from './fold.js';

interface Waiting {
  rows: readonly RawHeartbeat[];
  resolve(accepted: number): void;
  reject(error: unknown): void;
}

export class HeartbeatBatcher {
  private waiting: Waiting[] = [];
  private rowCount = 0;
  private timer: NodeJS.Timeout | null = null;

  /**
   * `insert` stores rows (ids unique among them) and resolves with the ids that were new. A batch
   * goes `windowMs` after its first rows came, or at once when it holds `maxRows`.
   */
  constructor(
    private readonly insert: (rows: RawHeartbeat[]) => Promise<readonly string[]>,
    private readonly windowMs: number,
    private readonly maxRows: number,
  ) {}

  /** Resolves with how many of `rows` were new (a repeated id counts for its first request only). */
  add(rows: readonly RawHeartbeat[]): Promise<number> {
    if (!rows.length) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.rowCount += rows.length;
      if (this.rowCount >= this.maxRows) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    this.rowCount = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const unique = new Map<string, RawHeartbeat>();
    for (const { rows } of batch) for (const row of rows) if (!unique.has(row.id)) unique.set(row.id, row);
    try {
      const inserted = new Set(await this.insert([...unique.values()]));
      for (const { rows, resolve } of batch) {
        let accepted = 0;
        for (const row of rows) if (inserted.delete(row.id)) accepted += 1;
        resolve(accepted);
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}
