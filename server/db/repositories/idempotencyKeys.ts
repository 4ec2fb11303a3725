// The idempotency store: one row per (user, key). A row without completed_at is a reservation
// (the first request is still running); with it, the stored answer that replays return.
import { type DB, now } from '../kysely.js';

export interface KeyedRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export type Reservation =
  | { outcome: 'reserved' }
  | { outcome: 'replay'; statusCode: number; body: string }
  | { outcome: 'in-progress' }
  | { outcome: 'mismatch' };

/** Writes answer in well under a second; a reservation this old was left by a crashed process. */
export const STALE_RESERVATION_MS = 60_000;

export class IdempotencyKeyRepository {
  constructor(
    private readonly db: DB,
    /** Keys older than this are forgotten (24 h by default). */
    private readonly ttlMs: number,
    /** A reservation this old belongs to a request that died with its process: it may be taken over. */
    private readonly staleMs: number,
  ) {}

  private cutoff(ageMs: number): string {
    return new Date(Date.now() - ageMs).toISOString();
  }

  /** Reserves the key in one INSERT, or says why not. Exact under concurrency on both dialects. */
  async reserve(request: KeyedRequest): Promise<Reservation> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({
          user_id: request.userId,
          key: request.key,
          method: request.method,
          path: request.path,
          request_hash: request.requestHash,
          status_code: 0,
          body: '',
          created_at: now(),
          completed_at: null,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { outcome: 'reserved' };

      const row = await this.byKey(request).selectAll().executeTakeFirst();
      if (!row) continue; // the first request failed with a 5xx and let go meanwhile: try again
      if (row.created_at < this.cutoff(this.ttlMs)) {
        await this.byKeyDelete(request).where('created_at', '=', row.created_at).execute();
        continue;
      }
      if (row.method !== request.method || row.path !== request.path || row.request_hash !== request.requestHash) return { outcome: 'mismatch' };
      if (row.completed_at) return { outcome: 'replay', statusCode: Number(row.status_code), body: row.body };
      if (row.created_at >= this.cutoff(this.staleMs)) return { outcome: 'in-progress' };
      const taken = await this.db
        .updateTable('idempotency_keys')
        .set({ created_at: now() })
        .where('user_id', '=', request.userId)
        .where('key', '=', request.key)
        .where('completed_at', 'is', null)
        .where('created_at', '=', row.created_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { outcome: 'reserved' };
    }
    return { outcome: 'in-progress' };
  }

  /** Stores the first answer; later requests with the key replay it. */
  async complete(request: KeyedRequest, statusCode: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, body, completed_at: now() })
      .where('user_id', '=', request.userId)
      .where('key', '=', request.key)
      .where('completed_at', 'is', null)
      .execute();
  }

  /** Drops a reservation (the request failed with a 5xx): the client may retry with the same key. */
  async release(request: KeyedRequest): Promise<void> {
    await this.byKeyDelete(request).where('completed_at', 'is', null).execute();
  }

  /** Forgets keys past their lifetime; returns how many. */
  async purgeExpired(): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('created_at', '<', this.cutoff(this.ttlMs)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private byKey(request: KeyedRequest) {
    return this.db.selectFrom('idempotency_keys').where('user_id', '=', request.userId).where('key', '=', request.key);
  }

  private byKeyDelete(request: KeyedRequest) {
    return this.db.deleteFrom('idempotency_keys').where('user_id', '=', request.userId).where('key', '=', request.key);
  }
}
