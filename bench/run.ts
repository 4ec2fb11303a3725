// `npm run bench`: seeds throw-away databases, starts the real server, measures, and prints
// every figure beside its baseline measured in the same run. Writes bench/results/latest.{json,md}.
//   --videos N,M    the large data sizes (default 100000,1000000; 1000 is always the small one)
//   --seconds S     autocannon duration per scenario (default 10)
//   --skip a,b      skip sections: api, scaling (two processes and the large sizes), scaleout (CPU per
//                   request with one and two processes at the same offered load, Redis commands per
//                   cached read, projected req/s; needs REDIS_URL), live, fanout, client, lighthouse, phone, media, network,
//                   offline (one smart-downloads run: requests, bytes, time on Slow 4G), studio
// With REDIS_URL the two-process comparison runs both processes on Redis (shared read cache, pushed
// versions), one process on Redis beside them; the fan-out runs with one process and with two over Redis.
// API sections run on SQLite, then on PostgreSQL too when DATABASE_URL answers (a throw-away schema).
//   --only a,b      run only these sections (e.g. `npm run bench -- --only lighthouse`)
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumMissingReason } from '../scripts/chromium.js';
import { postgresProblem } from '../scripts/postgresProbe.js';
import { ALTERNATING_SLICES, benchToken, drained, load, loadAlternating, prepareDatabase, scenarios, startApi, type LoadFigure } from './api.js';
import { measureClientWeight } from './client.js';
import { buildApp } from '../build/buildApp.js';
import { lighthouseTable, RUNS, runLighthouseBench } from './lighthouse.js';
import { measureFanout } from './fanout.js';
import { measureLiveEvents } from './live.js';
import { measureScaleOut } from './scaleOut.js';
import { NETWORK_RUNS, networkTable, runNetworkBench } from './network.js';
import { PHONE_RUNS, phoneTapTable, runPhoneTapBench } from './phoneTap.js';
import { runSmartDownloadBench, SMART_RUNS, smartDownloadTable } from './smartDownloads.js';
import { startNodeServer, type RunningProcess } from '../scripts/processes.js';
import { runStudioBench } from './studio.js';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000,1000000' },
    seconds: { type: 'string', default: '10' },
    skip: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
  },
});
const LARGE_SIZES = values.videos!.split(',').map(Number).filter((size) => size > 0);
const SMALL = 1000;
const SECONDS = Number(values.seconds);
const SECTIONS = ['api', 'scaling', 'scaleout', 'live', 'fanout', 'client', 'lighthouse', 'phone', 'media', 'network', 'offline', 'studio'];
const only = values.only!.split(',').filter(Boolean);
const skip = new Set(only.length ? SECTIONS.filter((section) => !only.includes(section)) : values.skip!.split(',').filter(Boolean));

const lines: string[] = [];
const results: Record<string, unknown> = { date: new Date().toISOString(), smallVideos: SMALL, largeVideos: LARGE_SIZES, seconds: SECONDS };
function out(line = '') {
  console.log(line);
  lines.push(line);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
function table(header: string[], rows: (string | number)[][]) {
  out(`| ${header.join(' | ')} |`);
  out(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) out(`| ${row.join(' | ')} |`);
  out();
}

out(`# Vidshare benchmark (${new Date().toISOString()}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at start)`);
out();

// API at the small size (bare-Fastify ceiling measured just before), two API processes against
// one, then the same reads at the large size: on SQLite, and on PostgreSQL when DATABASE_URL answers.
const SCALING = ['feed page 1', 'feed page 50', 'one video', 'video comments', 'search common word', 'search rare word', 'channel videos', 'subscriptions feed'];
const TWO_PROCESSES = ['feed page 1', 'one video', 'video comments', 'search common word'];
/** Also measured against a bare route sending as many bytes as they do (the "same bytes"). */
const SAME_BYTES = ['feed page 1', 'one video', 'video comments'];
/** Cached reads whose cost per request with one and two processes is compared at the same offered load. */
const SCALE_OUT = ['feed page 1', 'one video', 'video comments'];

interface DialectRun {
  dialect: 'sqlite' | 'postgres';
  ceiling?: LoadFigure;
  small: LoadFigure[];
  /** Per SAME_BYTES scenario: the bare route sending its answer's size, measured right after it. */
  sameBytes: Record<string, LoadFigure & { bytes: number }>;
  /** Per large size: the small size again (each measured beside its twin) and the large one. */
  scaling: { size: number; small: LoadFigure[]; large: LoadFigure[] }[];
  one: LoadFigure[];
  two: LoadFigure[];
  /** Whether the two-process comparison ran on Redis. */
  twoOnRedis: boolean;
}

const REDIS_URL = process.env.REDIS_URL;
/** One deployment's Redis settings, unique per run so that nothing is shared with another run. */
function redisEnv(): Record<string, string> {
  const unique = `bench-${process.pid}-${Date.now().toString(36)}`;
  return { REDIS_URL: REDIS_URL!, READ_CACHE_NAMESPACE: `${unique}:rc`, RATE_LIMIT_NAMESPACE: `${unique}-rl-`, JOBS_QUEUE: `${unique}-jobs` };
}

async function stopDrained(api: RunningProcess) {
  await drained(api.url);
  await api.stop();
}

async function runDialect(dialect: DialectRun['dialect'], postgresUrl: string | undefined): Promise<DialectRun> {
  const run: DialectRun = { dialect, small: [], sameBytes: {}, scaling: [], one: [], two: [], twoOnRedis: false };
  const database = await prepareDatabase(SMALL, postgresUrl);
  const api = await startApi(database);
  const target = { url: api.url, pid: api.child.pid };
  try {
    const token = await benchToken(api.url, database.seed);
    if (!skip.has('api')) {
      const sample = await fetch(`${api.url}/api/v1/videos/all-videos?page=1`).then((r) => r.arrayBuffer());
      // The ceiling is measured before and after the scenarios and the higher kept: on a shared
      // machine one low reading would flatter every ratio.
      const bare = await startNodeServer('bench/bareServer.ts', { BARE_BYTES: String(sample.byteLength) });
      const bareTarget = { url: bare.url, pid: bare.child.pid };
      const bareScenario = { name: 'bare Fastify (ceiling)', path: '/bare' };
      try {
        const before = await load(bareTarget, bareScenario, SECONDS);
        for (const scenario of scenarios(database.seed)) {
          const figure = await load(target, scenario, SECONDS, scenario.signedIn ? { authorization: `Bearer ${token}` } : {});
          run.small.push({ ...figure, size: SMALL });
          if (SAME_BYTES.includes(scenario.name)) {
            // What the answer takes on the wire (compressed when the route keeps it so), headers included.
            const bytes = Math.round(figure.bytesPerReq);
            const same = await load(bareTarget, { name: `bare, ${bytes} bytes`, path: `/bare/${bytes}` }, SECONDS);
            run.sameBytes[scenario.name] = { ...same, size: SMALL, bytes };
          }
        }
        const after = await load(bareTarget, bareScenario, SECONDS);
        run.ceiling = { ...(after.reqPerSec > before.reqPerSec ? after : before), size: SMALL };
      } finally {
        await bare.stop();
      }
    }
    if (!skip.has('live') && dialect === 'sqlite') {
      const live = await measureLiveEvents(api.url, token, database.seed.commentedVideoId, 1000, 20);
      out('## Live events: 1000 socket.io clients in one video room, 20 comment posts');
      table(
        ['figure', 'p50', 'p99'],
        [
          ['post -> last client receives comment-updated', ms(live.lastClientP50), ms(live.lastClientP99)],
          ['post -> each delivery', ms(live.deliveryP50), ms(live.deliveryP99)],
        ],
      );
      if (live.missed) out(`missed deliveries: ${live.missed}`);
      results.live = live;
    }
    if (!skip.has('fanout') && dialect === 'sqlite') {
      const figures = [await measureFanout([api], token, database.seed.commentedVideoId)];
      if (REDIS_URL) {
        const env = redisEnv();
        const pair = [await startApi(database, env), await startApi(database, env)];
        try {
          figures.push(await measureFanout(pair, token, database.seed.commentedVideoId));
        } finally {
          for (const server of pair) await stopDrained(server);
        }
      }
      out(`## Live fan-out: ${figures[0]!.sockets} socket.io clients on loopback, ${figures[0]!.roomMembers} in one video room, ${figures[0]!.likes} likes`);
      table(
        ['servers', 'memory per socket', 'like -> last room member p50', 'p99', 'missed'],
        figures.map((f) => [f.processes === 1 ? '1 process' : `${f.processes} processes over Redis`, kb(f.bytesPerSocket), ms(f.lastMemberP50), ms(f.lastMemberP99), f.missed]),
      );
      for (const f of figures) if (f.disconnected) out(`${f.processes} process(es): ${f.disconnected} clients disconnected by the servers during the measurement`);
      if (!REDIS_URL) out('(two processes skipped: REDIS_URL is not set)');
      results.fanout = figures;
    }
    if (!skip.has('scaling')) {
      // Two API processes on the same database (with REDIS_URL: both on Redis, as a deployment of
      // two runs), autocannon's 50 connections split over both ports, beside the first of them
      // alone, alternating in slices per scenario so both see the same machine.
      run.twoOnRedis = Boolean(REDIS_URL);
      const env = REDIS_URL ? redisEnv() : {};
      const pair = REDIS_URL ? [await startApi(database, env), await startApi(database, env)] : [api, await startApi(database)];
      const pairTargets = pair.map((server) => ({ url: server.url, pid: server.child.pid }));
      try {
        for (const scenario of scenarios(database.seed).filter((s) => TWO_PROCESSES.includes(s.name))) {
          const [one, two] = await loadAlternating({ target: pairTargets[0]!, scenario }, { target: pairTargets, scenario }, SECONDS);
          run.one.push({ ...one, size: SMALL });
          run.two.push({ ...two, size: SMALL });
        }
      } finally {
        for (const server of pair) if (server !== api) await stopDrained(server);
      }
      // Each large size, alternating with the small one in slices per scenario (both servers stay
      // up), so that each p99 ratio compares figures taken seconds apart on the same machine.
      for (const size of LARGE_SIZES) {
        const seedStarted = Date.now();
        const large = await prepareDatabase(size, postgresUrl);
        console.log(`seeded ${size} videos on ${dialect} in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
        const largeApi = await startApi(large);
        const figures: DialectRun['scaling'][number] = { size, small: [], large: [] };
        try {
          const largeToken = await benchToken(largeApi.url, large.seed);
          const largeScenarios = scenarios(large.seed);
          for (const scenario of scenarios(database.seed).filter((s) => SCALING.includes(s.name))) {
            const twin = largeScenarios.find((s) => s.name === scenario.name)!;
            const [small, big] = await loadAlternating(
              { target, scenario, headers: scenario.signedIn ? { authorization: `Bearer ${token}` } : {} },
              { target: { url: largeApi.url, pid: largeApi.child.pid }, scenario: twin, headers: twin.signedIn ? { authorization: `Bearer ${largeToken}` } : {} },
              SECONDS,
            );
            figures.small.push({ ...small, size: SMALL });
            figures.large.push({ ...big, size });
          }
          run.scaling.push(figures);
        } finally {
          await stopDrained(largeApi);
          await large.cleanup();
        }
      }
    }
  } finally {
    await stopDrained(api);
    await database.cleanup();
  }
  return run;
}

const cpu = (figure: LoadFigure | undefined) => (figure && Number.isFinite(figure.cpuUsPerReq) ? figure.cpuUsPerReq.toFixed(0) : 'n/a');
const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b && Number.isFinite(a / b) ? (a / b).toFixed(2) : 'n/a');

function printDialect(run: DialectRun) {
  const name = run.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  if (run.ceiling) {
    const ceiling = run.ceiling;
    out(`## API at ${SMALL} videos on ${name}, 50 connections, ${SECONDS} s each`);
    table(
      ['scenario', 'req/s', 'p50', 'p99', 'server CPU µs/req', 'errors', 'vs ceiling', 'vs bare, same bytes'],
      [ceiling, ...run.small].map((f) => {
        const same = run.sameBytes[f.name];
        return [f.name, f.reqPerSec.toFixed(0), ms(f.p50), ms(f.p99), cpu(f), f.errors, ratio(f.reqPerSec, ceiling.reqPerSec), same ? `${ratio(f.reqPerSec, same.reqPerSec)} (${same.bytes} B)` : ''];
      }),
    );
  }
  if (run.two.length) {
    out(`## Two API processes on ${name} (${SMALL} videos)${run.twoOnRedis ? ', both on Redis' : ', no Redis'}: 50 connections split over two ports, alternating in slices with the first alone`);
    table(
      ['scenario', 'req/s 1 process', 'req/s 2 processes', 'growth', 'p99 1 / 2', 'CPU µs/req 1 / 2', 'errors'],
      run.two.map((two, i) => {
        const one = run.one[i]!;
        return [two.name, one.reqPerSec.toFixed(0), two.reqPerSec.toFixed(0), ratio(two.reqPerSec, one.reqPerSec), `${ms(one.p99)} / ${ms(two.p99)}`, `${cpu(one)} / ${cpu(two)}`, one.errors + two.errors];
      }),
    );
  }
  for (const { size, small: smalls, large } of run.scaling) {
    out(`## Scaling on ${name}: ${SMALL} vs ${size} videos, alternating in ${ALTERNATING_SLICES} slices per scenario (p99: median of the slices)`);
    table(
      ['scenario', `req/s @${SMALL}`, `req/s @${size}`, `p50 @${size}`, `p99 @${SMALL}`, `p99 @${size}`, 'p99 ratio', `CPU µs/req @${SMALL}`, `CPU µs/req @${size}`, 'CPU ratio', 'errors'],
      large.map((f, i) => {
        const small = smalls[i]!;
        return [f.name, small.reqPerSec.toFixed(0), f.reqPerSec.toFixed(0), ms(f.p50), ms(small.p99), ms(f.p99), ratio(f.p99, Math.max(small.p99, 1)), cpu(small), cpu(f), ratio(f.cpuUsPerReq, small.cpuUsPerReq), small.errors + f.errors];
      }),
    );
  }
}

const runs: DialectRun[] = [];
if (!skip.has('api') || !skip.has('live') || !skip.has('scaling') || !skip.has('fanout')) {
  const postgresUrl = process.env.DATABASE_URL;
  const problem = postgresUrl ? await postgresProblem(postgresUrl, 3000) : 'DATABASE_URL is not set';
  runs.push(await runDialect('sqlite', undefined));
  printDialect(runs[0]!);
  if (problem) {
    out(`## PostgreSQL skipped: ${problem}`);
    out();
  } else {
    runs.push(await runDialect('postgres', postgresUrl));
    printDialect(runs[1]!);
  }
  if (runs.length === 2 && runs[0]!.ceiling) {
    const [lite, postgres] = runs as [DialectRun, DialectRun];
    const vsCeiling = (run: DialectRun, name: string) => ratio(run.small.find((f) => f.name === name)?.reqPerSec, run.ceiling?.reqPerSec);
    const vsSameBytes = (run: DialectRun, name: string) => ratio(run.small.find((f) => f.name === name)?.reqPerSec, run.sameBytes[name]?.reqPerSec);
    const largest = (run: DialectRun) => run.scaling.at(-1);
    const p99Ratio = (run: DialectRun, name: string) => ratio(largest(run)?.large.find((f) => f.name === name)?.p99, Math.max(1, largest(run)?.small.find((f) => f.name === name)?.p99 ?? NaN));
    const LARGEST = LARGE_SIZES.at(-1);
    const growth = (run: DialectRun, name: string) => ratio(run.two.find((f) => f.name === name)?.reqPerSec, run.one.find((f) => f.name === name)?.reqPerSec);
    out('## SQLite beside PostgreSQL');
    table(
      ['scenario', 'vs ceiling SQLite', 'vs ceiling PG', 'vs same bytes SQLite', 'PG', `p99 @${LARGEST} / @${SMALL} SQLite`, 'PG', '2 processes / 1 SQLite', 'PG'],
      lite.small.map((f) => [
        f.name,
        vsCeiling(lite, f.name),
        vsCeiling(postgres, f.name),
        vsSameBytes(lite, f.name),
        vsSameBytes(postgres, f.name),
        p99Ratio(lite, f.name),
        p99Ratio(postgres, f.name),
        growth(lite, f.name),
        growth(postgres, f.name),
      ]),
    );
  }
  const errors = runs.flatMap((run) => [...run.small, ...run.scaling.flatMap((s) => [...s.small, ...s.large]), ...run.one, ...run.two]).reduce((sum, f) => sum + f.errors, 0);
  out(`errors in all API scenarios: ${errors}`);
  out();
  results.api = runs;
}

if (!skip.has('scaleout')) {
  if (!REDIS_URL) {
    out('## Scale-out on paper skipped: REDIS_URL is not set');
    out();
  } else {
    const database = await prepareDatabase(SMALL);
    const env = redisEnv();
    const pair = [await startApi(database, env), await startApi(database, env)] as const;
    try {
      const targets = pair.map((server) => ({ url: server.url, pid: server.child.pid! })) as [{ url: string; pid: number }, { url: string; pid: number }];
      const figures = await measureScaleOut(REDIS_URL, targets, scenarios(database.seed).filter((s) => SCALE_OUT.includes(s.name)), SECONDS);
      out(`## Scale-out on paper: SQLite (${SMALL} videos), two processes on Redis; the offered rate (40 % of one process's saturated rate) to one, shared by both, and to each of both, alternating`);
      table(
        ['scenario', 'offered req/s', 'CPU µs/req 1 process', '2 sharing it', '2 / 1', '2 at it each', '2 each / 1', 'Redis commands per request', 'projected req/s 2 cores', '4 cores', '8 cores'],
        figures.map((f) => [
          f.scenario,
          f.offeredRate,
          f.cpuOneUs.toFixed(0),
          f.cpuTwoUs.toFixed(0),
          ratio(f.cpuTwoUs, f.cpuOneUs),
          f.cpuTwoEachUs.toFixed(0),
          ratio(f.cpuTwoEachUs, f.cpuOneUs),
          f.redisPerRequest.toFixed(3),
          f.projected[2],
          f.projected[4],
          f.projected[8],
        ]),
      );
      out('Sharing one rate halves each process\'s load, and a process at half the rate spends more per request; at the same rate each, the ratio is the cost of being two.');
      out('Projected: one process per core at the two-process CPU per request (same rate each), with the database and Redis off the path of a cached read.');
      out();
      results.scaleOut = figures;
    } finally {
      for (const server of pair) await stopDrained(server);
      await database.cleanup();
    }
  }
}

// Client weight and Lighthouse.
if (!skip.has('client') || !skip.has('lighthouse') || !skip.has('phone') || !skip.has('network') || !skip.has('offline')) {
  buildApp(resolve('dist'));
}
if (!skip.has('client')) {
  const weight = await measureClientWeight('dist');
  out('## Client build');
  table(
    ['what', 'raw', 'gzip'],
    [
      ['first-load JS (/home)', kb(weight.firstLoadJs.raw), kb(weight.firstLoadJs.gzip)],
      ['first-load CSS', kb(weight.firstLoadCss.raw), kb(weight.firstLoadCss.gzip)],
      ...weight.chunks.slice(0, 8).map((chunk) => [`lazy ${chunk.file}`, kb(chunk.raw), kb(chunk.gzip)]),
    ],
  );
  results.client = weight;
}
if (!skip.has('lighthouse')) {
  const missing = chromiumMissingReason();
  if (missing) {
    out(`## Lighthouse skipped: ${missing}`);
  } else {
    const pages = await runLighthouseBench({ build: false });
    out(`## Lighthouse 11, mobile emulation, medians of ${RUNS} interleaved runs`);
    for (const line of lighthouseTable(pages)) out(line);
    out();
    results.lighthouse = pages;
  }
}

if (!skip.has('phone')) {
  const missing = chromiumMissingReason();
  if (missing) {
    out(`## Phone skipped: ${missing}`);
  } else {
    const phone = await runPhoneTapBench({ build: false });
    out(`## Phone: first visit at Slow 4G and 4x CPU, signed out, tap on Play -> first frame, medians of ${PHONE_RUNS}`);
    for (const line of phoneTapTable(phone)) out(line);
    out();
    results.phone = phone;
  }
}

if (!skip.has('media')) {
  if (existsSync('bench/media.ts')) {
    // bench/media.ts exports runMediaBench(): { rows: [figure, value, baseline, ratio][] }.
    const mediaModule = './media.js';
    const media = (await import(mediaModule)) as { runMediaBench(): Promise<{ rows: (string | number)[][] }> };
    const figures = await media.runMediaBench();
    out('## Media: 10 s and 30 s 720p clips (ladder vs one plain veryfast 720p encode; presets per rung)');
    table(['figure', 'value', 'baseline', 'ratio'], figures.rows);
    results.media = figures;
  } else {
    out('## Media skipped: bench/media.ts not present');
  }
}

if (!skip.has('network')) {
  const missing = chromiumMissingReason();
  if (missing) {
    out(`## Network playback skipped: ${missing}`);
  } else {
    const network = await runNetworkBench({ build: false });
    out(`## Network playback: a 90 s 720p clip at 390x844 under CDP throttling, medians of ${NETWORK_RUNS} (ladder: ${network.ladder})`);
    for (const line of networkTable(network.figures)) out(line);
    out();
    results.network = network;
  }
}

if (!skip.has('offline')) {
  const missing = chromiumMissingReason();
  if (missing) {
    out(`## Smart downloads skipped: ${missing}`);
  } else {
    const offline = await runSmartDownloadBench({ build: false });
    out(`## Smart downloads: one run for a user following 30 channels, the worker on Slow 4G, medians of ${SMART_RUNS} fresh devices`);
    for (const line of smartDownloadTable(offline)) out(line);
    out();
    results.offline = offline;
  }
}

await mkdir('bench/results', { recursive: true });
if (!skip.has('studio')) {
  // Studio analytics: seeding, rollup throughput and the studio's reads (bench/studio.ts; STUDIO_BENCH_* scale it).
  out('## Studio analytics');
  out();
  results.studio = await runStudioBench(out);
  out();
}

await writeFile('bench/results/latest.json', JSON.stringify(results, null, 2));
await writeFile('bench/results/latest.md', lines.join('\n') + '\n');
console.log('written: bench/results/latest.json, bench/results/latest.md');
