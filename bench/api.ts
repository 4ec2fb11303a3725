// API throughput and latency with autocannon, beside a bare-Fastify ceiling measured in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/kysely.js';
import { startNodeServer, type RunningProcess } from './processes.js';
import { COMMON_WORD, RARE_WORD, seedBenchData, type SeedResult } from './seed.js';

export interface LoadFigure {
  name: string;
  size: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  bytesPerReq: number;
}

export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  signedIn?: boolean;
}

/** Waits until requests left over from the previous scenario have drained. */
async function drained(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(url).catch(() => undefined);
    if (performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function load(url: string, scenario: Scenario, seconds: number, headers: Record<string, string> = {}): Promise<Omit<LoadFigure, 'size'>> {
  await drained(new URL('/api/v1/healthcheck', url).href);
  const result = await autocannon({
    url: url + scenario.path,
    method: scenario.method ?? 'GET',
    body: scenario.body,
    headers: { ...(scenario.body ? { 'content-type': 'application/json' } : {}), ...headers },
    connections: 50,
    duration: seconds,
  });
  return {
    name: scenario.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytesPerReq: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

export interface BenchDatabase {
  env: Record<string, string | undefined>;
  seed: SeedResult;
  cleanup(): Promise<void>;
}

/** A throw-away database (SQLite file or PostgreSQL schema) holding `videos` seeded videos. */
export async function prepareDatabase(videos: number): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-bench-'));
  const env: Record<string, string | undefined> = { DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'none'), DATABASE_URL: undefined, REDIS_URL: undefined };
  let schema: string | null = null;
  if (process.env.DATABASE_URL) {
    schema = `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const dbUrl = new URL(process.env.DATABASE_URL);
    dbUrl.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = dbUrl.toString();
  }
  const handle = openDatabase(loadConfig(env));
  await migrateToLatest(handle);
  const seed = await seedBenchData(handle.db, videos);
  if (handle.dialect === 'postgres') await sql`ANALYZE`.execute(handle.db);
  await handle.close();
  return {
    env,
    seed,
    async cleanup() {
      if (schema) {
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startApi(database: BenchDatabase): Promise<RunningProcess> {
  return startNodeServer('server/index.ts', {
    ...database.env,
    RATE_LIMIT_WRITE_MAX: '100000000',
    RATE_LIMIT_AUTH_MAX: '100000000',
    RUN_JOBS_IN_PROCESS: 'false',
  });
}

/** Registers a bench user through the API and returns its bearer token. */
export async function benchToken(url: string): Promise<string> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } }).png().toBuffer();
  const form = new FormData();
  const suffix = Math.random().toString(36).slice(2, 8);
  form.set('username', `bencher_${suffix}`);
  form.set('email', `bencher_${suffix}@example.com`);
  form.set('password', 'bench password');
  form.set('fullName', 'Bench Runner');
  form.set('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const response = await fetch(`${url}/api/v1/users/register`, { method: 'POST', body: form });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`bench register failed: ${response.status}`);
  return body.token;
}

export function scenarios(seed: SeedResult): Scenario[] {
  const video = seed.videoIds[Math.floor(seed.videoIds.length / 3)]!;
  return [
    { name: 'feed page 1', path: '/api/v1/videos/all-videos?page=1' },
    { name: 'feed page 50', path: '/api/v1/videos/all-videos?page=50' },
    { name: 'one video', path: `/api/v1/videos/${video}` },
    { name: 'video comments', path: `/api/v1/comments/all/${seed.commentedVideoId}` },
    { name: 'search common word', path: `/api/v1/videos/search?q=${COMMON_WORD}` },
    { name: 'search rare word', path: `/api/v1/videos/search?q=${RARE_WORD}` },
    { name: 'user profile', path: `/api/v1/users/c/${seed.sampleUsername}` },
    {
      name: 'post comment (signed in)',
      path: `/api/v1/comments/add/${seed.commentedVideoId}`,
      method: 'POST',
      body: JSON.stringify({ content: 'Benchmark comment from autocannon' }),
      signedIn: true,
    },
  ];
}
