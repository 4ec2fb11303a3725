// `npm run bench:studio` (and the `studio` section of `npm run bench`), on SQLite and, when
// DATABASE_URL answers, on PostgreSQL (a throw-away schema):
//   1. seeds channels, videos and raw heartbeats in bulk SQL (bench/studioSeed.ts);
//   2. runs the real rollup job over all of them: heartbeats folded per second;
//   3. starts the real server on that database and times the studio over HTTP, one request at a
//      time: the overview and a video's page, each range, for the large creator and a typical one;
//   4. server CPU per request of heartbeat intake (POST /analytics/heartbeats, one heartbeat each,
//      as the player sends every 15 s) beside a cached read (GET /videos/{id}), at the same fixed
//      offered load, alternating in slices; the ratio of the medians.
//   STUDIO_BENCH_VIDEOS (default 1000000), STUDIO_BENCH_HEARTBEATS (default 10000000),
//   STUDIO_BENCH_READS (requests per studio scenario, default 300), STUDIO_BENCH_RATE (offered
//   req/s for the CPU row, default 300), STUDIO_BENCH_CPU_SLICES (slices per side of the CPU row,
//   default 3), STUDIO_BENCH_DIALECTS (default sqlite,postgres): scale down for a quick run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { STUDIO_RANGES, type Heartbeat } from '../contract/analytics.js';
import { hashPassword } from '../server/auth/passwords.js';
import { loadConfig } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/kysely.js';
import { createRepositories } from '../server/db/repositories/index.js';
import { analyticsRollupJob } from '../server/jobs/handlers/analyticsRollup.js';
import type { JobContext, JobDeps } from '../server/jobs/types.js';
import { postgresProblem } from '../scripts/postgresProbe.js';
import { throwAwaySchema } from '../scripts/postgresSchemas.js';
import { drained, startApi, threadCpuMicros } from './api.js';
import { BENCH_PASSWORD, seedStudio, type StudioSeed } from './studioSeed.js';

const VIDEOS = Number(process.env.STUDIO_BENCH_VIDEOS ?? 1_000_000);
const HEARTBEATS = Number(process.env.STUDIO_BENCH_HEARTBEATS ?? 10_000_000);
const READS = Number(process.env.STUDIO_BENCH_READS ?? 300);
const RATE = Number(process.env.STUDIO_BENCH_RATE ?? 300);
/** Seconds per slice of the CPU comparison, and slices per side. */
const CPU_SLICE_SECONDS = 5;
const CPU_SLICES = Number(process.env.STUDIO_BENCH_CPU_SLICES ?? 3);
/** Rounds the studio scenarios are interleaved in (READS requests per scenario in all). */
const ROUNDS = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface StudioLatency {
  scenario: string;
  p50: number;
  p99: number;
  /** The server's CPU per request (all its threads), which a loaded machine's waits do not inflate. */
  cpuMs: number;
  errors: number;
}

export interface StudioBenchFigures {
  dialect: string;
  videos: number;
  heartbeats: number;
  largeCreatorVideos: number;
  typicalCreatorVideos: number;
  seedSeconds: number;
  rollupSeconds: number;
  rollupPerSecond: number;
  reads: StudioLatency[];
  /** Offered req/s of the CPU comparison. */
  offeredRate: number;
  intakeCpuUs: number;
  cachedReadCpuUs: number;
  /** Load average (1 min) at the start of this database's run. */
  loadAverage: number;
}

interface Scenario {
  name: string;
  token: string;
  path: () => string;
}

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
  const body = (await response.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`bench sign-in failed: ${response.status}`);
  return body.data.accessToken;
}

/** Each scenario READS times, one request at a time, interleaved in ROUNDS rounds; the server's CPU per request beside. */
async function timeScenarios(url: string, pid: number, scenarios: Scenario[]): Promise<StudioLatency[]> {
  const samples = scenarios.map(() => ({ times: [] as number[], cpuUs: 0, errors: 0 }));
  // Unmeasured warm-up: the server's JIT and the database's caches.
  for (const scenario of scenarios) for (let i = 0; i < 5; i++) await fetch(url + scenario.path(), { headers: { authorization: `Bearer ${scenario.token}` } }).then((r) => r.arrayBuffer());
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, scenario] of scenarios.entries()) {
      const cpuBefore = threadCpuMicros(pid);
      for (let i = 0; i < Math.ceil(READS / ROUNDS); i++) {
        const started = performance.now();
        const response = await fetch(url + scenario.path(), { headers: { authorization: `Bearer ${scenario.token}` } });
        await response.arrayBuffer();
        samples[index]!.times.push(performance.now() - started);
        if (!response.ok) samples[index]!.errors += 1;
      }
      samples[index]!.cpuUs += threadCpuMicros(pid) - cpuBefore;
    }
  }
  return scenarios.map((scenario, index) => {
    const sorted = samples[index]!.times.sort((a, b) => a - b);
    return { scenario: scenario.name, p50: percentile(sorted, 50), p99: percentile(sorted, 99), cpuMs: samples[index]!.cpuUs / sorted.length / 1000, errors: samples[index]!.errors };
  });
}

/**
 * Server CPU per request of heartbeat intake and of a cached read at the same offered rate, in
 * alternating slices; each side's figure is the median of its slices'.
 */
async function intakeBesideCachedRead(url: string, pid: number, seed: StudioSeed): Promise<{ intake: number; cached: number }> {
  let counter = 0;
  const videos = [...seed.large.videoIds.slice(0, 100), ...seed.typical.videoIds];
  const stamp = Date.now().toString(36);
  const heartbeatRequest = () => {
    counter += 1;
    const beat: Heartbeat = {
      id: `bench-${stamp}-${counter}`,
      videoId: videos[counter % videos.length]!,
      playbackId: `bench-play-${stamp}-${Math.floor(counter / 8)}`,
      ranges: [[(counter % 8) * 15, (counter % 8) * 15 + 15]],
      source: 'home',
      device: 'phone',
    };
    return { method: 'POST', path: '/api/v1/analytics/heartbeats', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ heartbeats: [beat] }) };
  };
  const sides = {
    intake: { requests: [{ setupRequest: heartbeatRequest }] },
    cached: { requests: [{ method: 'GET', path: `/api/v1/videos/${seed.typical.videoIds[0]}` }] },
  };
  const perRequest: Record<keyof typeof sides, number[]> = { intake: [], cached: [] };
  for (const side of Object.values(sides)) await autocannon({ url, connections: 10, amount: 500, requests: side.requests });
  for (let slice = 0; slice < CPU_SLICES; slice++) {
    for (const [name, side] of Object.entries(sides) as Array<[keyof typeof sides, (typeof sides)[keyof typeof sides]]>) {
      await drained(url);
      const before = threadCpuMicros(pid);
      const result = await autocannon({ url, connections: 10, overallRate: RATE, duration: CPU_SLICE_SECONDS, requests: side.requests });
      const cpu = threadCpuMicros(pid) - before;
      if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      perRequest[name].push(cpu / result.requests.total);
    }
  }
  return { intake: median(perRequest.intake), cached: median(perRequest.cached) };
}

async function benchOn(dialect: 'sqlite' | 'postgres', log: (line: string) => void): Promise<StudioBenchFigures> {
  const loadAverage = os.loadavg()[0]!;
  const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-studio-bench-'));
  const schema = dialect === 'postgres' ? await throwAwaySchema(process.env.DATABASE_URL!, 'studio_bench') : null;
  const env = { DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'none'), DATABASE_URL: schema?.url, REDIS_URL: undefined };
  try {
    const handle = openDatabase(loadConfig(env));
    let seed: StudioSeed;
    let seedSeconds: number;
    let rollupSeconds: number;
    let folded: number;
    try {
      await migrateToLatest(handle);
      const started = performance.now();
      seed = await seedStudio(handle, VIDEOS, HEARTBEATS, await hashPassword(BENCH_PASSWORD));
      seedSeconds = (performance.now() - started) / 1000;
      log(`  seeded in ${seedSeconds.toFixed(0)} s; folding...`);
      // The real job, as the queue runs it: every waiting heartbeat, batch by batch, then the prune.
      const repos = createRepositories(handle, { idempotencyKeyTtlMs: 0 });
      const deps = { repos, log: { info() {}, warn() {}, error() {} } } as unknown as JobDeps;
      const job = { id: 'analytics-rollup', payload: {}, attempt: 1, signal: new AbortController().signal, progress: async () => undefined } as JobContext<'analytics-rollup'>;
      const rollupStarted = performance.now();
      // Progress once a minute (a count of the waiting rows, off the job's own path).
      const progress = setInterval(() => {
        void repos.analytics.pendingCount().then((waiting) => {
          const seconds = (performance.now() - rollupStarted) / 1000;
          log(`  ${dialect}: ${HEARTBEATS - waiting} folded after ${seconds.toFixed(0)} s (${Math.round((HEARTBEATS - waiting) / seconds)}/s, load average ${os.loadavg()[0]!.toFixed(1)})`);
        });
      }, 60_000);
      try {
        folded = Number((await analyticsRollupJob.run(deps, job))?.heartbeats ?? 0);
      } finally {
        clearInterval(progress);
      }
      rollupSeconds = (performance.now() - rollupStarted) / 1000;
      log(`  folded ${folded} in ${rollupSeconds.toFixed(0)} s`);
      // As after any bulk load: fresh planner statistics (and on PostgreSQL, autovacuum's pass done).
      await sql.raw(dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(handle.db);
    } finally {
      await handle.close();
    }

    const api = await startApi({ env });
    try {
      const [large, typical] = [await signIn(api.url, seed.large.email), await signIn(api.url, seed.typical.email)];
      const pickFrom = (ids: string[]) => () => ids[Math.floor(Math.random() * ids.length)]!;
      const creators = [
        { who: `large creator (${seed.large.videoIds.length} videos)`, token: large, video: pickFrom(seed.large.videoIds) },
        { who: `typical creator (${seed.typical.videoIds.length} videos)`, token: typical, video: pickFrom(seed.typical.videoIds) },
      ];
      const scenarios: Scenario[] = creators.flatMap((creator) =>
        STUDIO_RANGES.flatMap((range) => [
          { name: `overview ${range}, ${creator.who}`, token: creator.token, path: () => `/api/v1/studio/overview?range=${range}` },
          { name: `video page ${range}, ${creator.who}`, token: creator.token, path: () => `/api/v1/studio/videos/${creator.video()}?range=${range}` },
        ]),
      );
      const reads = await timeScenarios(api.url, api.child.pid!, scenarios);
      const cpu = await intakeBesideCachedRead(api.url, api.child.pid!, seed);
      return {
        dialect,
        videos: VIDEOS,
        heartbeats: HEARTBEATS,
        largeCreatorVideos: seed.large.videoIds.length,
        typicalCreatorVideos: seed.typical.videoIds.length,
        seedSeconds,
        rollupSeconds,
        rollupPerSecond: folded / rollupSeconds,
        reads,
        offeredRate: RATE,
        intakeCpuUs: cpu.intake,
        cachedReadCpuUs: cpu.cached,
        loadAverage,
      };
    } finally {
      await drained(api.url);
      await api.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await schema?.drop();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The studio figures on SQLite, and on PostgreSQL when DATABASE_URL answers. */
export async function runStudioBench(log: (line: string) => void = console.log): Promise<StudioBenchFigures[]> {
  const dialects: Array<'sqlite' | 'postgres'> = (process.env.STUDIO_BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
  const usable: typeof dialects = [];
  for (const dialect of dialects) {
    if (dialect !== 'postgres') usable.push(dialect);
    else if (process.env.DATABASE_URL && !(await postgresProblem(process.env.DATABASE_URL))) usable.push(dialect);
    else log('PostgreSQL skipped: DATABASE_URL is not set or does not answer');
  }
  const figures: StudioBenchFigures[] = [];
  for (const dialect of usable) {
    log(`studio bench on ${dialect}: ${VIDEOS} videos, ${HEARTBEATS} heartbeats (load average ${os.loadavg()[0]!.toFixed(1)})...`);
    figures.push(await benchOn(dialect, log));
  }
  log('');
  log('| database | videos | heartbeats | seed | rollup | heartbeats folded/s | load average |');
  log('|---|---|---|---|---|---|---|');
  for (const f of figures) log(`| ${f.dialect} | ${f.videos} | ${f.heartbeats} | ${f.seedSeconds.toFixed(0)} s | ${f.rollupSeconds.toFixed(0)} s | ${Math.round(f.rollupPerSecond)} | ${f.loadAverage.toFixed(1)} |`);
  log('');
  log(`Studio over HTTP, one request at a time, ${READS} per scenario (p50 / p99; server CPU per request):`);
  log('');
  log(`| scenario | ${figures.map((f) => `${f.dialect} | ${f.dialect} CPU`).join(' | ')} | errors |`);
  log(`|---|${figures.map(() => '---|---').join('|')}|---|`);
  for (const [index, read] of (figures[0]?.reads ?? []).entries()) {
    log(`| ${read.scenario} | ${figures.map((f) => `${ms(f.reads[index]!.p50)} / ${ms(f.reads[index]!.p99)} | ${ms(f.reads[index]!.cpuMs)}`).join(' | ')} | ${figures.reduce((sum, f) => sum + f.reads[index]!.errors, 0)} |`);
  }
  log('');
  log(`Server CPU per request at ${RATE} req/s offered, ${CPU_SLICES} alternating slices of ${CPU_SLICE_SECONDS} s (medians):`);
  log('');
  log('| database | heartbeat intake µs/req | cached read µs/req | intake / cached |');
  log('|---|---|---|---|');
  for (const f of figures) log(`| ${f.dialect} | ${f.intakeCpuUs.toFixed(0)} | ${f.cachedReadCpuUs.toFixed(0)} | ${(f.intakeCpuUs / f.cachedReadCpuUs).toFixed(2)} |`);
  return figures;
}

// Run directly (npm run bench:studio), not when npm run bench imports it.
if (import.meta.url === `file://${process.argv[1]}`) await runStudioBench();
