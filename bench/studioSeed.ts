// Bulk seed for the studio bench, in SQL run by the database itself (a recursive CTE on SQLite,
// generate_series on PostgreSQL): a million videos and ten million raw heartbeats in minutes,
// where row-by-row inserts from Node would take hours.
//   Channels: one large creator owning 1 % of the videos, the rest spread evenly (a typical creator).
//   Heartbeats: eight per playback, 15 s apart, over the last 90 days. 10 % of playbacks watch the
//   large creator's videos, the rest any video; within each, views are skewed (u^3, u^4: the first
//   1 % of the videos draw about a third of the views), as views are.
import { sql } from 'kysely';
import { DEVICE_CLASSES, TRAFFIC_SOURCES } from '../contract/analytics.js';
import type { DatabaseHandle } from '../server/db/kysely.js';

const BEATS_PER_PLAYBACK = 8;
const HEARTBEAT_EVERY_S = 15;
const SPREAD_DAYS = 90;
/** Videos per typical channel. */
const VIDEOS_PER_CHANNEL = 50;
export const BENCH_PASSWORD = 'studio bench password';

export interface StudioSeed {
  channels: number;
  large: { id: string; email: string; videoIds: string[] };
  typical: { id: string; email: string; videoIds: string[] };
}

const channelId = (index: number) => `c${String(index).padStart(7, '0')}`;
const videoId = (index: number) => `v${String(index).padStart(7, '0')}`;

/** `CASE expr WHEN 0 THEN 'a' ... END`: a constant list picked by an integer expression. */
const pickSql = (expr: string, names: readonly string[]) => `CASE ${expr} ${names.map((name, i) => `WHEN ${i} THEN '${name}'`).join(' ')} END`;

/**
 * Seeds users, videos and raw heartbeats (not rolled up). `passwordHash` is every channel's
 * password hash (BENCH_PASSWORD), so the bench signs in over HTTP as any of them.
 */
export async function seedStudio(handle: DatabaseHandle, videos: number, heartbeats: number, passwordHash: string): Promise<StudioSeed> {
  const db = handle.db;
  const pg = handle.dialect === 'postgres';
  const large = Math.max(1, Math.floor(videos / 100));
  const channels = 1 + Math.max(1, Math.ceil((videos - large) / VIDEOS_PER_CHANNEL));
  const at = new Date().toISOString();
  const nowSec = Math.floor(Date.now() / 1000) - BEATS_PER_PLAYBACK * HEARTBEAT_EVERY_S;
  // Integers 0..count-1, and zero-padded text of an integer, in each dialect.
  const series = (count: number) => (pg ? `generate_series(0, ${count - 1}) AS n(i)` : `n`);
  const withSeries = (count: number) => (pg ? '' : `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1}) `);
  const padded = (prefix: string, expr: string) => (pg ? `'${prefix}' || lpad((${expr})::text, 7, '0')` : `printf('${prefix}%07d', ${expr})`);
  const run = (text: string) => sql.raw(text).execute(db);
  // The heartbeats' indexes take rows in random order: with SQLite's default 2 MB page cache, ten
  // million inserts went to the OS for pages (14 minutes); a large cache for the seed only.
  if (!pg) await run('PRAGMA cache_size = -1000000');

  await run(
    `${withSeries(channels)}INSERT INTO users (id, username, email, full_name, password_hash, avatar, cover_image, bio, created_at, updated_at) ` +
      `SELECT ${padded('c', 'i')}, ${padded('bench_c', 'i')}, ${padded('bench_c', 'i')} || '@bench.invalid', 'Channel ' || i, '${passwordHash}', '', '', '', '${at}', '${at}' FROM ${series(channels)}`,
  );
  // Video i < large belongs to channel 0; the others go round the typical channels.
  await run(
    `${withSeries(videos)}INSERT INTO videos (id, owner_id, title, description, status, duration, thumbnail, source_key, created_at, updated_at) ` +
      `SELECT ${padded('v', 'i')}, CASE WHEN i < ${large} THEN '${channelId(0)}' ELSE ${padded('c', `1 + (i % ${channels - 1})`)} END, ` +
      `'Bench video ' || i, '', 'ready', 30 + (i % 600), '', '', '${at}', '${at}' FROM ${series(videos)}`,
  );

  // Per playback p (= i / 8): two fractions in [0, 1) from multiplicative hashes, the video from them.
  const p = `(i / ${BEATS_PER_PLAYBACK})`;
  const frac = (multiplier: number, modulus: number) => (pg ? `(((${p}::bigint * ${multiplier}) % ${modulus})::float8 / ${modulus})` : `(((${p} * ${multiplier}) % ${modulus}) * 1.0 / ${modulus})`);
  const u1 = frac(2654435761, 1000003);
  const u2 = frac(40503, 999983);
  const u3 = frac(69069, 1000033);
  const floor = (expr: string) => (pg ? `floor(${expr})::bigint` : `CAST(${expr} AS INTEGER)`);
  const video = `CASE WHEN ${u1} < 0.1 THEN ${floor(`${large} * ${u2} * ${u2} * ${u2}`)} ELSE ${large} + ${floor(`${videos - large} * ${u2} * ${u2} * ${u2} * ${u2}`)} END`;
  const k = `(i % ${BEATS_PER_PLAYBACK})`;
  const seconds = `(${nowSec} - ${floor(`${u3} * ${SPREAD_DAYS * 86400}`)} + ${k} * ${HEARTBEAT_EVERY_S})`;
  const iso = pg ? `to_char(to_timestamp(${seconds}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
  const ranges = `'[[' || (${k} * ${HEARTBEAT_EVERY_S}) || ',' || (${k} * ${HEARTBEAT_EVERY_S} + ${HEARTBEAT_EVERY_S}) || ']]'`;
  const beatsSql = (from: number, count: number) =>
    pg
      ? `INSERT INTO analytics_heartbeats (id, video_id, viewer_key, at, ranges, source, device, rolled_up) ` +
        `SELECT 'b' || i, ${padded('v', video)}, 'p:play' || ${p}, ${iso}, ${ranges}, ${pickSql(`(${p} % ${TRAFFIC_SOURCES.length})`, TRAFFIC_SOURCES)}, ${pickSql(`(${p} % ${DEVICE_CLASSES.length})`, DEVICE_CLASSES)}, 0 ` +
        `FROM generate_series(${from}, ${from + count - 1}) AS n(i)`
      : `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${from + count - 1}) ` +
        `INSERT INTO analytics_heartbeats (id, video_id, viewer_key, at, ranges, source, device, rolled_up) ` +
        `SELECT 'b' || i, ${padded('v', video)}, 'p:play' || ${p}, ${iso}, ${ranges}, ${pickSql(`(${p} % ${TRAFFIC_SOURCES.length})`, TRAFFIC_SOURCES)}, ${pickSql(`(${p} % ${DEVICE_CLASSES.length})`, DEVICE_CLASSES)}, 0 FROM n`;
  // In slices of a million: one statement per slice keeps each transaction's footprint bounded.
  const SLICE = 1_000_000;
  for (let from = 0; from < heartbeats; from += SLICE) await run(beatsSql(from, Math.min(SLICE, heartbeats - from)));
  // Planner statistics, as a table this size would long have had from autovacuum: without them
  // PostgreSQL guesses a few hundred waiting heartbeats and sorts them all for each batch.
  await run('ANALYZE');
  if (!pg) await run('PRAGMA cache_size = -2000');

  const typicalChannel = 1;
  const typicalVideos: string[] = [];
  // Channel 1 owns the videos i >= large with i % (channels - 1) = 0.
  for (let i = Math.ceil(large / (channels - 1)) * (channels - 1); i < videos; i += channels - 1) typicalVideos.push(videoId(i));
  return {
    channels,
    large: { id: channelId(0), email: `bench_${channelId(0)}@bench.invalid`, videoIds: Array.from({ length: large }, (_, i) => videoId(i)) },
    typical: { id: channelId(typicalChannel), email: `bench_${channelId(typicalChannel)}@bench.invalid`, videoIds: typicalVideos },
  };
}
