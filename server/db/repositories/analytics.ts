// Watch analytics: the raw heartbeats, the rollup that folds them (one transaction per batch) and
// the studio's reads, which answer from the rollups only.
import { sql, type Transaction } from 'kysely';
import { ANALYTICS_LIMITS } from '../../../contract/analytics.js';
import { VIEW_WINDOW_MS } from '../../../contract/limits.js';
import type { DatabaseDialect } from '../../config.js';
import { addCounts, foldHeartbeats, markKey, parseCounts, parseRetention, type CountedRow, type DayDelta, type HourDelta, type RawHeartbeat, type VideoFacts } from '../../analytics/fold.js';
import type { DatabaseHandle, DB } from '../kysely.js';
import type { Database } from '../schema.js';

/** Rows per multi-row statement (parameters stay far below SQLite's and PostgreSQL's limits). */
const CHUNK = 400;
/** Any constant: PostgreSQL's transaction-scoped lock that lets one rollup batch run at a time. */
const ROLLUP_LOCK = 4_823_117;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export class AnalyticsRepository {
  private readonly db: DB;
  private readonly dialect: DatabaseDialect;

  constructor(handle: DatabaseHandle) {
    this.db = handle.db;
    this.dialect = handle.dialect;
  }

  /** Stores new heartbeats; a known id is left as it is. Resolves with how many were new. */
  async insertHeartbeats(rows: readonly RawHeartbeat[]): Promise<number> {
    if (!rows.length) return 0;
    const result = await this.db
      .insertInto('analytics_heartbeats')
      .values(rows.map((row) => ({ ...row, rolled_up: 0 })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * Folds up to `limit` heartbeats not yet rolled up into the hourly and daily rows and marks them
   * rolled up, in one transaction: a batch counts entirely or not at all, and never twice.
   */
  rollUpBatch(limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
      const rows: RawHeartbeat[] = await trx
        .selectFrom('analytics_heartbeats')
        .select(['id', 'video_id', 'viewer_key', 'at', 'ranges', 'source', 'device'])
        .where('rolled_up', '=', 0)
        .orderBy('at')
        .orderBy('id')
        .limit(limit)
        .execute();
      if (!rows.length) return 0;
      const videoIds = [...new Set(rows.map((row) => row.video_id))];
      const videos = new Map<string, VideoFacts>();
      const lastCounted = new Map<string, string>();
      for (const ids of chunks(videoIds)) {
        const found = await trx.selectFrom('videos').select(['id', 'owner_id', 'duration']).where('id', 'in', ids).execute();
        for (const video of found) videos.set(video.id, { ownerId: video.owner_id, duration: Number(video.duration) });
      }
      for (const part of chunks(rows)) {
        const marks = await trx
          .selectFrom('analytics_view_marks')
          .select(['video_id', 'viewer_key', 'counted_at'])
          .where('video_id', 'in', [...new Set(part.map((row) => row.video_id))])
          .where('viewer_key', 'in', [...new Set(part.map((row) => row.viewer_key))])
          .execute();
        for (const mark of marks) lastCounted.set(markKey(mark.video_id, mark.viewer_key), mark.counted_at);
      }
      const folded = foldHeartbeats(rows, videos, lastCounted);
      await this.mergeHours(trx, [...folded.hours.values()]);
      await this.mergeDays(trx, [...folded.days.values()]);
      const marks = [...folded.marks].map(([key, counted_at]) => {
        const [video_id, viewer_key] = key.split('\u0000') as [string, string];
        return { video_id, viewer_key, counted_at };
      });
      for (const part of chunks(marks)) {
        await trx
          .insertInto('analytics_view_marks')
          .values(part)
          .onConflict((conflict) => conflict.columns(['video_id', 'viewer_key']).doUpdateSet((eb) => ({ counted_at: eb.ref('excluded.counted_at') })))
          .execute();
      }
      for (const part of chunks(rows.map((row) => row.id))) {
        await trx.updateTable('analytics_heartbeats').set({ rolled_up: 1 }).where('id', 'in', part).execute();
      }
      return rows.length;
    });
  }

  private async mergeHours(trx: Transaction<Database>, deltas: HourDelta[]): Promise<void> {
    for (const part of chunks(deltas)) {
      const existing = await trx
        .selectFrom('analytics_video_hours')
        .selectAll()
        .where('video_id', 'in', [...new Set(part.map((delta) => delta.videoId))])
        .where('hour', 'in', [...new Set(part.map((delta) => delta.hour))])
        .execute();
      const byKey = new Map(existing.map((row) => [`${row.video_id}\u0000${row.hour}`, row]));
      const values = part.map((delta) => {
        const old = byKey.get(`${delta.videoId}\u0000${delta.hour}`);
        const retention = old ? parseRetention(old.retention).map((count, bucket) => count + delta.retention[bucket]!) : delta.retention;
        return {
          video_id: delta.videoId,
          hour: delta.hour,
          owner_id: delta.ownerId,
          views: Number(old?.views ?? 0) + delta.views,
          watch_seconds: Number(old?.watch_seconds ?? 0) + delta.watchSeconds,
          retention: JSON.stringify(retention),
          sources: JSON.stringify(addCounts(old ? parseCounts(old.sources) : {}, delta.sources)),
          devices: JSON.stringify(addCounts(old ? parseCounts(old.devices) : {}, delta.devices)),
        };
      });
      await trx
        .insertInto('analytics_video_hours')
        .values(values)
        .onConflict((conflict) =>
          conflict.columns(['video_id', 'hour']).doUpdateSet((eb) => ({
            views: eb.ref('excluded.views'),
            watch_seconds: eb.ref('excluded.watch_seconds'),
            retention: eb.ref('excluded.retention'),
            sources: eb.ref('excluded.sources'),
            devices: eb.ref('excluded.devices'),
          })),
        )
        .execute();
    }
  }

  private async mergeDays(trx: Transaction<Database>, deltas: DayDelta[]): Promise<void> {
    for (const part of chunks(deltas)) {
      const existing = await trx
        .selectFrom('analytics_channel_days')
        .selectAll()
        .where('owner_id', 'in', [...new Set(part.map((delta) => delta.ownerId))])
        .where('day', 'in', [...new Set(part.map((delta) => delta.day))])
        .execute();
      const byKey = new Map(existing.map((row) => [`${row.owner_id}\u0000${row.day}`, row]));
      const values = part.map((delta) => {
        const old = byKey.get(`${delta.ownerId}\u0000${delta.day}`);
        return {
          owner_id: delta.ownerId,
          day: delta.day,
          views: Number(old?.views ?? 0) + delta.views,
          watch_seconds: Number(old?.watch_seconds ?? 0) + delta.watchSeconds,
          sources: JSON.stringify(addCounts(old ? parseCounts(old.sources) : {}, delta.sources)),
          devices: JSON.stringify(addCounts(old ? parseCounts(old.devices) : {}, delta.devices)),
        };
      });
      await trx
        .insertInto('analytics_channel_days')
        .values(values)
        .onConflict((conflict) =>
          conflict.columns(['owner_id', 'day']).doUpdateSet((eb) => ({
            views: eb.ref('excluded.views'),
            watch_seconds: eb.ref('excluded.watch_seconds'),
            sources: eb.ref('excluded.sources'),
            devices: eb.ref('excluded.devices'),
          })),
        )
        .execute();
    }
  }

  /** Drops rolled-up heartbeats past the replay window, and view marks no heartbeat can reach any more. */
  async prune(nowMs: number): Promise<{ heartbeats: number; marks: number }> {
    const cutoff = new Date(nowMs - ANALYTICS_LIMITS.replayWindowMs).toISOString();
    const heartbeats = await this.db.deleteFrom('analytics_heartbeats').where('rolled_up', '=', 1).where('at', '<', cutoff).executeTakeFirst();
    const markCutoff = new Date(nowMs - ANALYTICS_LIMITS.replayWindowMs - VIEW_WINDOW_MS).toISOString();
    const marks = await this.db.deleteFrom('analytics_view_marks').where('counted_at', '<', markCutoff).executeTakeFirst();
    return { heartbeats: Number(heartbeats.numDeletedRows), marks: Number(marks.numDeletedRows) };
  }

  /** How many heartbeats wait for the rollup. */
  async pendingCount(): Promise<number> {
    const row = await this.db.selectFrom('analytics_heartbeats').select((eb) => eb.fn.countAll<number>().as('count')).where('rolled_up', '=', 0).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A channel's days from `sinceDay` (YYYY-MM-DD) on. */
  async channelDays(ownerId: string, sinceDay: string): Promise<Array<CountedRow & { day: string }>> {
    const rows = await this.db.selectFrom('analytics_channel_days').selectAll().where('owner_id', '=', ownerId).where('day', '>=', sinceDay).orderBy('day').execute();
    return rows.map((row) => ({ day: row.day, views: Number(row.views), watchSeconds: Number(row.watch_seconds), sources: parseCounts(row.sources), devices: parseCounts(row.devices) }));
  }

  /** A channel's most viewed videos from `sinceHour` on, with what the studio lists of each. */
  async topVideos(ownerId: string, sinceHour: string, limit: number) {
    const rows = await this.db
      .selectFrom('analytics_video_hours')
      .innerJoin('videos', 'videos.id', 'analytics_video_hours.video_id')
      .select((eb) => [
        'videos.id',
        'videos.title',
        'videos.thumbnail',
        'videos.duration',
        eb.fn.sum<number>('analytics_video_hours.views').as('views'),
        eb.fn.sum<number>('analytics_video_hours.watch_seconds').as('watch_seconds'),
      ])
      .where('analytics_video_hours.owner_id', '=', ownerId)
      .where('analytics_video_hours.hour', '>=', sinceHour)
      .groupBy(['videos.id', 'videos.title', 'videos.thumbnail', 'videos.duration'])
      .orderBy('views', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, title: row.title, thumbnail: row.thumbnail, duration: Number(row.duration), views: Number(row.views), watchSeconds: Number(row.watch_seconds) }));
  }

  /** Adds one subscriber gained or lost to the channel's day: one upsert, so concurrent changes add up. */
  async countSubscriptionChange(channelId: string, day: string, change: 'gained' | 'lost'): Promise<void> {
    await this.db
      .insertInto('channel_subscription_days')
      .values({ channel_id: channelId, day, gained: change === 'gained' ? 1 : 0, lost: change === 'lost' ? 1 : 0 })
      .onConflict((conflict) =>
        conflict.columns(['channel_id', 'day']).doUpdateSet((eb) => ({
          gained: eb('channel_subscription_days.gained', '+', eb.ref('excluded.gained')),
          lost: eb('channel_subscription_days.lost', '+', eb.ref('excluded.lost')),
        })),
      )
      .execute();
  }

  /** A channel's subscribers gained and lost per day from `sinceDay` (YYYY-MM-DD) on. */
  async subscriptionDays(channelId: string, sinceDay: string): Promise<Array<{ day: string; gained: number; lost: number }>> {
    const rows = await this.db.selectFrom('channel_subscription_days').select(['day', 'gained', 'lost']).where('channel_id', '=', channelId).where('day', '>=', sinceDay).orderBy('day').execute();
    return rows.map((row) => ({ day: row.day, gained: Number(row.gained), lost: Number(row.lost) }));
  }

  /** One video's hours from `sinceHour` on. */
  async videoHours(videoId: string, sinceHour: string): Promise<Array<CountedRow & { hour: string; retention: number[] }>> {
    const rows = await this.db.selectFrom('analytics_video_hours').selectAll().where('video_id', '=', videoId).where('hour', '>=', sinceHour).orderBy('hour').execute();
    return rows.map((row) => ({
      hour: row.hour,
      views: Number(row.views),
      watchSeconds: Number(row.watch_seconds),
      retention: parseRetention(row.retention),
      sources: parseCounts(row.sources),
      devices: parseCounts(row.devices),
    }));
  }
}
