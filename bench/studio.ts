// `npm run bench:studio` (and the `studio` section of `npm run bench`): seeds channels, videos and
// raw heartbeats straight into a throw-away SQLite database (PostgreSQL too with DATABASE_URL),
// times the rollup job (heartbeats folded per second), then the studio's reads (the queries the
// overview and a video's page run) at p50/p99 over random channels and videos.
//   STUDIO_BENCH_VIDEOS (default 1000000), STUDIO_BENCH_HEARTBEATS (default 10000000),
//   STUDIO_BENCH_READS (default 500): scale down for a quick run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEVICE_CLASSES, TRAFFIC_SOURCES } from '../contract/analytics.js';
import { rangeStart } from '../server/analytics/studio.js';
import { loadConfig } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/kysely.js';
import { createRepositories } from '../server/db/repositories/index.js';
import { postgresProblem } from '../scripts/postgresProbe.js';
import { throwAwaySchema } from './api.js';

const VIDEOS = Number(process.env.STUDIO_BENCH_VIDEOS ?? 1_000_000);
const HEARTBEATS = Number(process.env.STUDIO_BENCH_HEARTBEATS ?? 10_000_000);
const READS = Number(process.env.STUDIO_BENCH_READS ?? 500);
const VIDEOS_PER_CHANNEL = 100;
const ROLLUP_BATCH = 5000;
const CHUNK = 500;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

export interface StudioBenchFigures {
  dialect: string;
  videos: number;
  heartbeats: number;
  seedSeconds: number;
  rollupPerSecond: number;
  overviewP50: number;
  overviewP99: number;
  videoP50: number;
  videoP99: number;
}

async function benchOn(dialect: 'sqlite' | 'postgres'): Promise<StudioBenchFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-studio-bench-'));
  const schema = dialect === 'postgres' ? await throwAwaySchema(process.env.DATABASE_URL!, 'studio_bench') : null;
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: schema?.url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret' });
  const handle = openDatabase(config);
  await migrateToLatest(handle);
  const repos = createRepositories(handle, { idempotencyKeyTtlMs: config.idempotencyKeyTtlMs });
  const db = handle.db;
  try {
    const started = performance.now();
    const at = new Date().toISOString();
    const channels = Math.max(1, Math.ceil(VIDEOS / VIDEOS_PER_CHANNEL));
    const channelIds = Array.from({ length: channels }, (_, index) => `bench-channel-${index}`);
    for (let start = 0; start < channels; start += CHUNK) {
      const part = channelIds.slice(start, start + CHUNK);
      await db
        .insertInto('users')
        .values(part.map((id) => ({ id, username: id, email: `${id}@bench.invalid`, full_name: id, password_hash: '', avatar: '', cover_image: '', bio: '', created_at: at, updated_at: at })))
        .execute();
    }
    const videoIds = Array.from({ length: VIDEOS }, (_, index) => `bench-video-${index}`);
    for (let start = 0; start < VIDEOS; start += CHUNK) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('videos')
          .values(
            videoIds.slice(start, start + CHUNK).map((id, offset) => ({
              id,
              owner_id: channelIds[Math.floor((start + offset) / VIDEOS_PER_CHANNEL)]!,
              title: id,
              description: '',
              status: 'ready' as const,
              duration: 120,
              thumbnail: '',
              source_key: '',
              streaming_height: null,
              taken_down_reason: null,
              taken_down_at: null,
              taken_down_by: null,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
      });
    }
    // Heartbeats over the last 7 days, a few per playback; most go to a small share of the videos (as views do).
    const now = Date.now();
    const hot = videoIds.slice(0, Math.max(1, Math.floor(VIDEOS / 100)));
    for (let start = 0; start < HEARTBEATS; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, HEARTBEATS - start) }, (_, offset) => {
        const index = start + offset;
        const from = (index % 8) * 15;
        return {
          id: `bench-beat-${index}`,
          video_id: Math.random() < 0.8 ? pick(hot) : pick(videoIds),
          viewer_key: `p:bench-play-${Math.floor(index / 8)}`,
          at: new Date(now - Math.random() * 7 * 24 * 3600 * 1000).toISOString(),
          ranges: JSON.stringify([[from, from + 15]]),
          source: pick(TRAFFIC_SOURCES),
          device: pick(DEVICE_CLASSES),
        };
      });
      await repos.analytics.insertHeartbeats(rows);
    }
    const seedSeconds = (performance.now() - started) / 1000;

    const rollupStarted = performance.now();
    let folded = 0;
    for (;;) {
      const count = await repos.analytics.rollUpBatch(ROLLUP_BATCH);
      folded += count;
      if (count < ROLLUP_BATCH) break;
    }
    const rollupPerSecond = folded / ((performance.now() - rollupStarted) / 1000);

    const since = rangeStart('28d', now);
    const overview: number[] = [];
    const video: number[] = [];
    for (let read = 0; read < READS; read++) {
      const channel = pick(channelIds);
      let t = performance.now();
      await Promise.all([repos.analytics.channelDays(channel, since.day), repos.analytics.topVideos(channel, since.hour, 10), repos.analytics.subscriptionDays(channel, since.day), repos.subscriptions.countOf(channel)]);
      overview.push(performance.now() - t);
      const id = Math.random() < 0.5 ? pick(hot) : pick(videoIds);
      t = performance.now();
      await Promise.all([repos.videos.findCard(id), repos.analytics.videoHours(id, since.hour)]);
      video.push(performance.now() - t);
    }
    overview.sort((a, b) => a - b);
    video.sort((a, b) => a - b);
    return {
      dialect,
      videos: VIDEOS,
      heartbeats: HEARTBEATS,
      seedSeconds,
      rollupPerSecond,
      overviewP50: percentile(overview, 50),
      overviewP99: percentile(overview, 99),
      videoP50: percentile(video, 50),
      videoP99: percentile(video, 99),
    };
  } finally {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
    await schema?.drop();
  }
}

/** The studio figures on SQLite, and on PostgreSQL when DATABASE_URL answers. */
export async function runStudioBench(log: (line: string) => void = console.log): Promise<StudioBenchFigures[]> {
  const dialects: Array<'sqlite' | 'postgres'> = ['sqlite'];
  if (process.env.DATABASE_URL && !(await postgresProblem(process.env.DATABASE_URL))) dialects.push('postgres');
  const figures: StudioBenchFigures[] = [];
  for (const dialect of dialects) {
    log(`studio bench on ${dialect}: ${VIDEOS} videos, ${HEARTBEATS} heartbeats...`);
    figures.push(await benchOn(dialect));
  }
  log('| database | videos | heartbeats | seed | rollup | overview p50 / p99 | video page p50 / p99 |');
  log('|---|---|---|---|---|---|---|');
  for (const f of figures) {
    log(`| ${f.dialect} | ${f.videos} | ${f.heartbeats} | ${f.seedSeconds.toFixed(0)} s | ${Math.round(f.rollupPerSecond)} heartbeats/s | ${f.overviewP50.toFixed(1)} / ${f.overviewP99.toFixed(1)} ms | ${f.videoP50.toFixed(1)} / ${f.videoP99.toFixed(1)} ms |`);
  }
  return figures;
}

// Run directly (npm run bench:studio), not when npm run bench imports it.
if (import.meta.url === `file://${process.argv[1]}`) await runStudioBench();
