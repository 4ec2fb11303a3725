// API throughput and latency with autocannon, beside a bare-Fastify ceiling measured in the same run.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { throwAwaySchema } from '../scripts/postgresSchemas.js';
import { loadConfig } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/kysely.js';
import { startNodeServer, type RunningProcess } from '../scripts/processes.js';
import { COMMON_WORD, RARE_WORD, seedBenchData, type SeedResult } from './seed.js';

export interface LoadFigure {
  name: string;
  size: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  bytesPerReq: number;
  /** Server CPU (user + system, every process under test) per answered request, in µs. */
  cpuUsPerReq: number;
}

export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  signedIn?: boolean;
}

/** A server under load: its base URL and, when it is our child, its pid (for its CPU time). */
export interface Target {
  url: string;
  pid?: number;
}

/** Waits until requests left over from the previous scenario have drained. */
export async function drained(url: string): Promise<void> {
  const health = new URL('/api/v1/healthcheck', url).href;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(health).catch(() => undefined);
    if (performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const TICKS_PER_SECOND = 100;
const WARM_UP_REQUESTS = 300;
/** utime + stime of a process in µs (Linux /proc; NaN elsewhere). */
export function cpuMicros(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/**
 * CPU time of every thread of a process in µs, at nanosecond resolution (Linux /proc schedstat),
 * where /proc/<pid>/stat counts 10 ms ticks: a few thousand requests of tens of µs need it.
 */
export function threadCpuMicros(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    let nanos = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) nanos += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return nanos / 1000;
  } catch {
    return NaN;
  }
}

function targetList(targets: string | Target | Target[]): Target[] {
  return typeof targets === 'string' ? [{ url: targets }] : Array.isArray(targets) ? targets : [targets];
}

/** What every browser sends: answers go out compressed when the server keeps them so (the bare ceiling ignores it). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

function requestHeaders(scenario: Scenario, headers: Record<string, string>): Record<string, string> {
  return { ...BROWSER_HEADERS, ...(scenario.body ? { 'content-type': 'application/json' } : {}), ...headers };
}

/**
 * Unmeasured warm-up: a server just started (the large size) would otherwise be measured while its
 * JIT compiles the route, against a warm one.
 */
async function warmUp(list: Target[], scenario: Scenario, headers: Record<string, string>): Promise<void> {
  for (const target of list) {
    await drained(target.url);
    await autocannon({ url: target.url + scenario.path, method: scenario.method ?? 'GET', body: scenario.body, headers: requestHeaders(scenario, headers), connections: 10, amount: WARM_UP_REQUESTS });
    await drained(target.url);
  }
}

/** One measured autocannon run (50 connections split over the targets) and the servers' CPU time. */
async function measure(list: Target[], scenario: Scenario, seconds: number, headers: Record<string, string>) {
  const cpuBefore = list.map((t) => cpuMicros(t.pid));
  const results = await Promise.all(
    list.map((target) =>
      autocannon({
        url: target.url + scenario.path,
        method: scenario.method ?? 'GET',
        body: scenario.body,
        headers: requestHeaders(scenario, headers),
        connections: Math.round(50 / list.length),
        duration: seconds,
      }),
    ),
  );
  const cpu = list.reduce((sum, t, i) => sum + cpuMicros(t.pid) - cpuBefore[i]!, 0);
  return { results, cpu };
}

type Measured = Awaited<ReturnType<typeof measure>>;

/** One figure from one or more measured runs: counts summed, p50/p99 the median of the runs'. */
function figureOf(name: string, runs: Measured[]): Omit<LoadFigure, 'size'> {
  const results = runs.flatMap((run) => run.results);
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const cpu = runs.reduce((sum, run) => sum + run.cpu, 0);
  // Per run: the worst target (two processes), then the median over runs.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    name,
    reqPerSec: runs.reduce((sum, run) => sum + run.results.reduce((s, r) => s + r.requests.average, 0), 0) / runs.length,
    p50: median(runs.map((run) => Math.max(...run.results.map((r) => r.latency.p50)))),
    p99: median(runs.map((run) => Math.max(...run.results.map((r) => r.latency.p99)))),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    bytesPerReq: total ? results.reduce((sum, r) => sum + r.throughput.total, 0) / total : 0,
    cpuUsPerReq: total ? cpu / total : NaN,
  };
}

/**
 * autocannon with 50 connections in all, split evenly over the targets (two API processes: a
 * round-robin by connection, as a load balancer would do), run at the same time and summed.
 */
export async function load(targets: string | Target | Target[], scenario: Scenario, seconds: number, headers: Record<string, string> = {}): Promise<Omit<LoadFigure, 'size'>> {
  const list = targetList(targets);
  await warmUp(list, scenario, headers);
  return figureOf(scenario.name, [await measure(list, scenario, seconds, headers)]);
}

/** Slices of the scaling comparison: each side's p99 is the median of its slices' p99s. */
export const ALTERNATING_SLICES = 5;

/**
 * Two servers measured in turns (`seconds` each in all, cut into ALTERNATING_SLICES slices
 * alternating A, B, A, B...), so that a burst of other work on this shared machine lands in one
 * slice of one side instead of in a whole figure: requests and CPU are summed over the slices,
 * p50 and p99 are the medians of the slices' values.
 */
export async function loadAlternating(
  a: { target: Target | Target[]; scenario: Scenario; headers?: Record<string, string> },
  b: { target: Target | Target[]; scenario: Scenario; headers?: Record<string, string> },
  seconds: number,
  slices = ALTERNATING_SLICES,
): Promise<[Omit<LoadFigure, 'size'>, Omit<LoadFigure, 'size'>]> {
  const sides = [a, b].map((side) => ({ ...side, list: targetList(side.target), headers: side.headers ?? {} }));
  for (const side of sides) await warmUp(side.list, side.scenario, side.headers);
  const runs: Measured[][] = [[], []];
  const slice = Math.max(1, Math.round(seconds / slices));
  for (let i = 0; i < slices; i += 1) {
    for (const [index, side] of sides.entries()) {
      for (const target of side.list) await drained(target.url);
      runs[index]!.push(await measure(side.list, side.scenario, slice, side.headers));
    }
  }
  return [figureOf(a.scenario.name, runs[0]!), figureOf(b.scenario.name, runs[1]!)];
}

/** A schema of its own on the PostgreSQL server at `postgresUrl`: the URL that uses it, and its drop. */

export interface BenchDatabase {
  env: Record<string, string | undefined>;
  seed: SeedResult;
  cleanup(): Promise<void>;
}

/**
 * A throw-away database holding `videos` seeded videos: a SQLite file, or a schema of the
 * PostgreSQL server at `postgresUrl` when given.
 */
export async function prepareDatabase(videos: number, postgresUrl?: string): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-bench-'));
  const env: Record<string, string | undefined> = { DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'none'), DATABASE_URL: undefined, REDIS_URL: undefined };
  const schema = postgresUrl ? await throwAwaySchema(postgresUrl, 'bench') : null;
  if (schema) env.DATABASE_URL = schema.url;
  const handle = openDatabase(loadConfig(env));
  await migrateToLatest(handle);
  const seed = await seedBenchData(handle.db, videos);
  // VACUUM as well as ANALYZE: after a bulk insert PostgreSQL's autovacuum starts its own pass over
  // the new rows, and at 1 M videos it ran during the scenarios (even cached reads, which never
  // reach the database, took 1.28-1.39x their CPU per request; with the VACUUM here, 0.82-1.02).
  if (handle.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(handle.db);
  await handle.close();
  return {
    env,
    seed,
    async cleanup() {
      await schema?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startApi(database: Pick<BenchDatabase, 'env'>, env: Record<string, string> = {}): Promise<RunningProcess> {
  return startNodeServer('server/index.ts', {
    ...database.env,
    ...env,
    RATE_LIMIT_WRITE_MAX: '100000000',
    RATE_LIMIT_AUTH_MAX: '100000000',
    RUN_JOBS_IN_PROCESS: 'false',
  });
}

/** Channels the bench user follows (the subscriptions feed). */
const FOLLOWED_CHANNELS = 30;

/** Registers a bench user through the API, subscribes it to the first channels, and returns its bearer token. */
export async function benchToken(url: string, seed?: SeedResult): Promise<string> {
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
  for (const channelId of seed?.userIds.slice(0, FOLLOWED_CHANNELS) ?? []) {
    const followed = await fetch(`${url}/api/v1/subscription/toggle/sub/${channelId}`, { method: 'POST', headers: { authorization: `Bearer ${body.token}` } });
    if (!followed.ok) throw new Error(`bench subscribe failed: ${followed.status}`);
  }
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
    { name: 'channel videos', path: `/api/v1/videos/all-uploaded-videos/${seed.sampleUsername}?page=1` },
    { name: 'subscriptions feed', path: '/api/v1/subscription/feed?page=1', signedIn: true },
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
