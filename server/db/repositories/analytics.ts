// Watch analytics: the raw heartbeats, the rollup that folds them (one transaction per batch) and
// the studio's reads, which answer from the rollups only.
import { CompiledQuery, sql, type Transaction } from 'kysely';
import { ANALYTICS_LIMITS } from '../../../contract/analytics.js';
import { VIEW_WINDOW_MS } from '../../../contract/limits.js';
import type { DatabaseDialect } from '../../config.js';
import type { StudioRange } from '../../../contract/analytics.js';
import { addCounts, foldHeartbeats, markKey, parseCounts, parseRetention, type CountedRow, type DayDelta, type HourDelta, type RawHeartbeat, type VideoFacts } from '../../analytics/fold.js';
import { ALL_WINDOW_DAYS, WINDOW_DAYS, dayOfMs, windowStart } from '../../analytics/windows.js';
import type { DatabaseHandle, DB } from '../kysely.js';
import type { Database } from '../schema.js';

type ColumnType = 'text' | 'integer' | 'double precision';
/** The raw heartbeat's columns (all text), as the intake stores them. */
const HEARTBEAT_COLUMNS: Record<keyof RawHeartbeat, 'text'> = { id: 'text', video_id: 'text', viewer_key: 'text', at: 'text', ranges: 'text', source: 'text', device: 'text' };
const HEARTBEAT_NAMES = Object.keys(HEARTBEAT_COLUMNS) as Array<keyof RawHeartbeat>;
/** The rollup tables' columns and their PostgreSQL types (json_to_recordset needs them). */
const HOUR_COLUMNS: Record<string, ColumnType> = { video_id: 'text', hour: 'text', owner_id: 'text', views: 'integer', watch_seconds: 'double precision', retention: 'text', sources: 'text', devices: 'text' };
const DAY_COLUMNS: Record<string, ColumnType> = { owner_id: 'text', day: 'text', views: 'integer', watch_seconds: 'double precision', sources: 'text', devices: 'text' };
const MARK_COLUMNS: Record<string, ColumnType> = { video_id: 'text', viewer_key: 'text', counted_at: 'text' };
const VIDEO_DAY_COLUMNS: Record<string, ColumnType> = { video_id: 'text', day: 'text', owner_id: 'text', views: 'integer', watch_seconds: 'double precision' };
const VIDEO_WINDOW_COLUMNS: Record<string, ColumnType> = { video_id: 'text', window_days: 'integer', owner_id: 'text', views: 'integer', watch_seconds: 'double precision' };
/** Columns an upsert adds to rather than replaces. */
const ADDED = ['views', 'watch_seconds'];
/** Any constant: PostgreSQL's transaction-scoped lock that lets one rollup batch run at a time. */
const ROLLUP_LOCK = 4_823_117;

export class AnalyticsRepository {
  private readonly db: DB;
  private readonly dialect: DatabaseDialect;

  private readonly insertHeartbeatsSql: string;
  private readonly insertHeartbeatSql: string;

  constructor(handle: DatabaseHandle) {
    this.db = handle.db;
    this.dialect = handle.dialect;
    const names = HEARTBEAT_NAMES;
    const into = `insert into analytics_heartbeats (${names.join(', ')}, rolled_up)`;
    const after = 'on conflict (id) do nothing returning id';
    this.insertHeartbeatsSql =
      this.dialect === 'postgres'
        ? `${into} select ${names.join(', ')}, 0 from json_to_recordset($1::json) as x(${names.map((name) => `${name} text`).join(', ')}) ${after}`
        : `${into} select ${names.map((name) => `value ->> '${name}'`).join(', ')}, 0 from json_each(?) where true ${after}`;
    const placeholders = names.map((_, index) => (this.dialect === 'postgres' ? `$${index + 1}` : '?'));
    this.insertHeartbeatSql = `${into} values (${placeholders.join(', ')}, 0) ${after}`;
  }

  /**
   * Stores new heartbeats (ids unique among them); a known id is left as it is. Resolves with the
   * new ones' ids. Two fixed SQL texts, whatever the count: several rows go as one JSON parameter
   * (building and compiling an insert of eight parameters a row cost the intake more than the
   * insert itself), a single row, the intake's usual batch when it is not busy, as plain parameters
   * (on SQLite, reading the JSON cost a one-row insert a fifth of its time).
   */
  async insertHeartbeats(rows: readonly RawHeartbeat[]): Promise<string[]> {
    if (!rows.length) return [];
    const query =
      rows.length === 1
        ? CompiledQuery.raw(this.insertHeartbeatSql, HEARTBEAT_NAMES.map((name) => rows[0]![name]))
        : CompiledQuery.raw(this.insertHeartbeatsSql, [JSON.stringify(rows.map(({ id, video_id, viewer_key, at, ranges, source, device }) => ({ id, video_id, viewer_key, at, ranges, source, device })))]);
    const inserted = await this.db.executeQuery<{ id: string }>(query);
    return inserted.rows.map((row) => row.id);
  }

  /**
   * Folds up to `limit` heartbeats not yet rolled up into the hourly and daily rows and the video
   * windows, and marks them rolled up, in one transaction: a batch counts entirely or not at all,
   * and never twice. The windows first slide to today (`nowMs`), with or without heartbeats. Every
   * statement takes its keys or rows as one JSON or array parameter, whatever the batch's size: at
   * thousands of rows a batch, bound parameters in chunks cost more than the work itself.
   */
  rollUpBatch(limit: number, nowMs = Date.now()): Promise<number> {
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
      if (!rows.length) {
        await this.slideWindows(trx, dayOfMs(nowMs));
        return 0;
      }
      const videos = new Map<string, VideoFacts>();
      const found = await trx.selectFrom('videos').select(['id', 'owner_id', 'duration']).where(this.inList('id', [...new Set(rows.map((row) => row.video_id))])).execute();
      for (const video of found) videos.set(video.id, { ownerId: video.owner_id, duration: Number(video.duration) });
      const viewers = new Map(rows.map((row) => [markKey(row.video_id, row.viewer_key), [row.video_id, row.viewer_key] as const]));
      const lastCounted = new Map<string, string>();
      const marks = await trx
        .selectFrom('analytics_view_marks')
        .select(['video_id', 'viewer_key', 'counted_at'])
        .where(this.inPairs('video_id', 'viewer_key', [...viewers.values()]))
        .execute();
      for (const mark of marks) lastCounted.set(markKey(mark.video_id, mark.viewer_key), mark.counted_at);
      const folded = foldHeartbeats(rows, videos, lastCounted);
      await this.mergeHours(trx, [...folded.hours.values()]);
      await this.mergeDays(trx, [...folded.days.values()]);
      await this.addToVideoWindows(trx, [...folded.hours.values()], dayOfMs(nowMs));
      const changed = [...folded.marks].map(([key, counted_at]) => ({ video_id: viewers.get(key)![0], viewer_key: viewers.get(key)![1], counted_at }));
      await this.upsertRows(trx, 'analytics_view_marks', MARK_COLUMNS, ['video_id', 'viewer_key'], changed);
      await trx.updateTable('analytics_heartbeats').set({ rolled_up: 1 }).where(this.inList('id', rows.map((row) => row.id))).execute();
      return rows.length;
    });
  }

  /** `column IN (values)` with the values as one parameter. */
  private inList(column: string, values: readonly string[]) {
    return this.dialect === 'postgres'
      ? sql<boolean>`${sql.ref(column)} = any(${values}::text[])`
      : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
  }

  /** `(first, second) IN (pairs)` with the pairs as one parameter (two arrays on PostgreSQL). */
  private inPairs(first: string, second: string, pairs: ReadonlyArray<readonly [string, string]>) {
    return this.dialect === 'postgres'
      ? sql<boolean>`(${sql.ref(first)}, ${sql.ref(second)}) in (select * from unnest(${pairs.map((pair) => pair[0])}::text[], ${pairs.map((pair) => pair[1])}::text[]))`
      : sql<boolean>`(${sql.ref(first)}, ${sql.ref(second)}) in (select value ->> 0, value ->> 1 from json_each(${JSON.stringify(pairs)}))`;
  }

  /**
   * Inserts `rows` into `table`, replacing every non-key column of a row whose key exists (or
   * adding to it, for the columns in `added`), from
   * one JSON parameter (json_each on SQLite, json_to_recordset on PostgreSQL). Table and column
   * names are this module's constants, never input.
   */
  private async upsertRows(trx: Transaction<Database>, table: string, columns: Record<string, ColumnType>, keys: readonly string[], rows: readonly object[], added: readonly string[] = []): Promise<void> {
    if (!rows.length) return;
    const names = Object.keys(columns);
    const updates = names
      .filter((name) => !keys.includes(name))
      .map((name) => (added.includes(name) ? `${name} = ${table}.${name} + excluded.${name}` : `${name} = excluded.${name}`))
      .join(', ');
    const conflict = `on conflict (${keys.join(', ')}) do update set ${updates}`;
    if (this.dialect === 'postgres') {
      const record = names.map((name) => `${name} ${columns[name]}`).join(', ');
      await sql`insert into ${sql.raw(`${table} (${names.join(', ')})`)} select ${sql.raw(names.join(', '))} from json_to_recordset(${JSON.stringify(rows)}::json) as ${sql.raw(`x(${record})`)} ${sql.raw(conflict)}`.execute(trx);
    } else {
      // `where true`: SQLite's parser needs it between a SELECT and an upsert's ON CONFLICT.
      const fields = names.map((name) => `value ->> '${name}'`).join(', ');
      await sql`insert into ${sql.raw(`${table} (${names.join(', ')})`)} select ${sql.raw(fields)} from json_each(${JSON.stringify(rows)}) where true ${sql.raw(conflict)}`.execute(trx);
    }
  }

  private async mergeHours(trx: Transaction<Database>, deltas: HourDelta[]): Promise<void> {
    if (!deltas.length) return;
    const existing = await trx
      .selectFrom('analytics_video_hours')
      .selectAll()
      .where(this.inPairs('video_id', 'hour', deltas.map((delta) => [delta.videoId, delta.hour] as const)))
      .execute();
    const byKey = new Map(existing.map((row) => [`${row.video_id}\u0000${row.hour}`, row]));
    const values = deltas.map((delta) => {
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
    await this.upsertRows(trx, 'analytics_video_hours', HOUR_COLUMNS, ['video_id', 'hour'], values);
  }

  private async mergeDays(trx: Transaction<Database>, deltas: DayDelta[]): Promise<void> {
    if (!deltas.length) return;
    const existing = await trx
      .selectFrom('analytics_channel_days')
      .selectAll()
      .where(this.inPairs('owner_id', 'day', deltas.map((delta) => [delta.ownerId, delta.day] as const)))
      .execute();
    const byKey = new Map(existing.map((row) => [`${row.owner_id}\u0000${row.day}`, row]));
    const values = deltas.map((delta) => {
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
    await this.upsertRows(trx, 'analytics_channel_days', DAY_COLUMNS, ['owner_id', 'day'], values);
  }

  /**
   * Adds a batch's hours to the videos' days and to the windows they fall in. The windows end on
   * today or on the batch's latest day, whichever is later (a heartbeat stamped by a clock a little
   * ahead of this one's), or on the day they already end on when that is later still.
   */
  private async addToVideoWindows(trx: Transaction<Database>, hours: readonly HourDelta[], today: string): Promise<void> {
    const days = new Map<string, { video_id: string; day: string; owner_id: string; views: number; watch_seconds: number }>();
    let latest = today;
    for (const hour of hours) {
      const day = hour.hour.slice(0, 10);
      if (day > latest) latest = day;
      const key = `${hour.videoId}\u0000${day}`;
      const row = days.get(key) ?? { video_id: hour.videoId, day, owner_id: hour.ownerId, views: 0, watch_seconds: 0 };
      row.views += hour.views;
      row.watch_seconds += hour.watchSeconds;
      days.set(key, row);
    }
    const asOf = await this.slideWindows(trx, latest);
    await this.upsertRows(trx, 'analytics_video_days', VIDEO_DAY_COLUMNS, ['video_id', 'day'], [...days.values()], ADDED);
    const windows = new Map<string, { video_id: string; window_days: number; owner_id: string; views: number; watch_seconds: number }>();
    for (const day of days.values()) {
      for (const windowDays of ALL_WINDOW_DAYS) {
        if (day.day < windowStart(asOf, windowDays)) continue;
        const key = `${day.video_id}\u0000${windowDays}`;
        const row = windows.get(key) ?? { video_id: day.video_id, window_days: windowDays, owner_id: day.owner_id, views: 0, watch_seconds: 0 };
        row.views += day.views;
        row.watch_seconds += day.watch_seconds;
        windows.set(key, row);
      }
    }
    await this.upsertRows(trx, 'analytics_video_windows', VIDEO_WINDOW_COLUMNS, ['video_id', 'window_days'], [...windows.values()], ADDED);
  }

  /**
   * Moves the video windows' end to `day` when they end earlier, and resolves with the day they end
   * on. Only the videos with a day leaving a window are summed again, from their days in it: the
   * cost of a slide is the days that leave, not the table.
   */
  private async slideWindows(trx: Transaction<Database>, day: string): Promise<string> {
    const state = await trx.selectFrom('analytics_windows_as_of').select('day').where('id', '=', 1).executeTakeFirst();
    if (state && state.day >= day) return state.day;
    for (const windowDays of ALL_WINDOW_DAYS) {
      const start = windowStart(day, windowDays);
      // Without a recorded end (never so after the migration), every window is summed afresh.
      let leaving = trx.selectFrom('analytics_video_days').select('video_id').where('day', '<', start);
      if (state) leaving = leaving.where('day', '>=', windowStart(state.day, windowDays));
      let stale = trx.deleteFrom('analytics_video_windows').where('window_days', '=', windowDays);
      if (state) stale = stale.where('video_id', 'in', leaving);
      await stale.execute();
      let summed = trx
        .selectFrom('analytics_video_days')
        .select((eb) => ['video_id', sql.lit(windowDays).as('window_days'), eb.fn.min('owner_id').as('owner_id'), eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('watch_seconds').as('watch_seconds')])
        .where('day', '>=', start)
        .groupBy('video_id');
      if (state) summed = summed.where('video_id', 'in', leaving);
      await trx.insertInto('analytics_video_windows').columns(['video_id', 'window_days', 'owner_id', 'views', 'watch_seconds']).expression(summed).execute();
    }
    await trx
      .insertInto('analytics_windows_as_of')
      .values({ id: 1, day })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ day }))
      .execute();
    return day;
  }

  /**
   * Drops rolled-up heartbeats past the replay window, view marks no heartbeat can reach any more,
   * and videos' days before the longest window: a slide only reads days that are leaving a window.
   */
  async prune(nowMs: number): Promise<{ heartbeats: number; marks: number; videoDays: number }> {
    const cutoff = new Date(nowMs - ANALYTICS_LIMITS.replayWindowMs).toISOString();
    const heartbeats = await this.db.deleteFrom('analytics_heartbeats').where('rolled_up', '=', 1).where('at', '<', cutoff).executeTakeFirst();
    const markCutoff = new Date(nowMs - ANALYTICS_LIMITS.replayWindowMs - VIEW_WINDOW_MS).toISOString();
    const marks = await this.db.deleteFrom('analytics_view_marks').where('counted_at', '<', markCutoff).executeTakeFirst();
    const windowsEnd = await this.db.selectFrom('analytics_windows_as_of').select('day').where('id', '=', 1).executeTakeFirst();
    const videoDays = windowsEnd
      ? await this.db.deleteFrom('analytics_video_days').where('day', '<', windowStart(windowsEnd.day, Math.max(...ALL_WINDOW_DAYS))).executeTakeFirst()
      : { numDeletedRows: 0n };
    return { heartbeats: Number(heartbeats.numDeletedRows), marks: Number(marks.numDeletedRows), videoDays: Number(videoDays.numDeletedRows) };
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

  /**
   * A channel's most viewed videos over the range ending today (`nowMs`), with what the studio
   * lists of each: the top rows of the channel's window, when the windows end today. Between
   * midnight (UTC) and the rollup's next batch they end yesterday: then the hourly rows are summed.
   */
  async topVideos(ownerId: string, range: StudioRange, nowMs: number, limit: number) {
    const today = dayOfMs(nowMs);
    const windowDays = WINDOW_DAYS[range];
    const asOf = await this.db.selectFrom('analytics_windows_as_of').select('day').where('id', '=', 1).executeTakeFirst();
    if (asOf?.day !== today) return this.topVideosFromHours(ownerId, `${windowStart(today, windowDays)}T00`, limit);
    const rows = await this.db
      .selectFrom('analytics_video_windows')
      .innerJoin('videos', 'videos.id', 'analytics_video_windows.video_id')
      .select(['videos.id', 'videos.title', 'videos.thumbnail', 'videos.duration', 'analytics_video_windows.views', 'analytics_video_windows.watch_seconds'])
      .where('analytics_video_windows.owner_id', '=', ownerId)
      .where('analytics_video_windows.window_days', '=', windowDays)
      .orderBy('analytics_video_windows.views', 'desc')
      .orderBy('analytics_video_windows.video_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, title: row.title, thumbnail: row.thumbnail, duration: Number(row.duration), views: Number(row.views), watchSeconds: Number(row.watch_seconds) }));
  }

  /** The channel's most viewed videos from `sinceHour` on, summed from the hourly rows. */
  async topVideosFromHours(ownerId: string, sinceHour: string, limit: number) {
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
