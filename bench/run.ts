// `npm run bench`: seeds throw-away databases, starts the real server, measures, and prints
// every figure beside its baseline measured in the same run. Writes bench/results/latest.{json,md}.
//   --videos N      the large data size (default 100000; 1000 is always the small one)
//   --seconds S     autocannon duration per scenario (default 10)
//   --skip a,b      skip sections: api, scaling, live, client, lighthouse, media
//   --only a,b      run only these sections (e.g. `npm run bench -- --only lighthouse`)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumMissingReason } from '../scripts/lighthouse.js';
import { benchToken, load, prepareDatabase, scenarios, startApi, type LoadFigure } from './api.js';
import { measureClientWeight } from './client.js';
import { buildApp, lighthouseTable, RUNS, runLighthouseBench } from './lighthouse.js';
import { measureLiveEvents } from './live.js';
import { startNodeServer } from './processes.js';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    skip: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
  },
});
const LARGE = Number(values.videos);
const SMALL = 1000;
const SECONDS = Number(values.seconds);
const SECTIONS = ['api', 'scaling', 'live', 'client', 'lighthouse', 'media'];
const only = values.only!.split(',').filter(Boolean);
const skip = new Set(only.length ? SECTIONS.filter((section) => !only.includes(section)) : values.skip!.split(',').filter(Boolean));
const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

const lines: string[] = [];
const results: Record<string, unknown> = { date: new Date().toISOString(), dialect, smallVideos: SMALL, largeVideos: LARGE, seconds: SECONDS };
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

out(`# Vidshare benchmark (${dialect}, ${new Date().toISOString()})`);
out();

// API at the small size, with the bare-Fastify ceiling measured just before.
let apiSmall: LoadFigure[] = [];
if (!skip.has('api') || !skip.has('live')) {
  const database = await prepareDatabase(SMALL);
  const api = await startApi(database);
  try {
    const token = await benchToken(api.url);
    if (!skip.has('api')) {
      const sample = await fetch(`${api.url}/api/v1/videos/all-videos?page=1`).then((r) => r.arrayBuffer());
      const bare = await startNodeServer('bench/bareServer.ts', { BARE_BYTES: String(sample.byteLength) });
      const ceiling = await load(bare.url, { name: 'bare Fastify (ceiling)', path: '/bare' }, SECONDS);
      await bare.stop();
      for (const scenario of scenarios(database.seed)) {
        const figure = await load(api.url, scenario, SECONDS, scenario.signedIn ? { authorization: `Bearer ${token}` } : {});
        apiSmall.push({ ...figure, size: SMALL });
      }
      out(`## API at ${SMALL} videos, 50 connections, ${SECONDS} s each`);
      table(
        ['scenario', 'req/s', 'p50', 'p99', 'errors', 'vs ceiling'],
        [[ceiling.name, ceiling.reqPerSec.toFixed(0), ms(ceiling.p50), ms(ceiling.p99), ceiling.errors, '1.00']].concat(
          apiSmall.map((f) => [f.name, f.reqPerSec.toFixed(0), ms(f.p50), ms(f.p99), f.errors, (f.reqPerSec / ceiling.reqPerSec).toFixed(2)]),
        ),
      );
      results.ceiling = ceiling;
      results.api = apiSmall;
    }
    if (!skip.has('live')) {
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
  } finally {
    await api.stop();
    await database.cleanup();
  }
}

// Scaling: the same read scenarios at the large size; ratio of p99s.
if (!skip.has('scaling') && apiSmall.length) {
  const database = await prepareDatabase(LARGE);
  const api = await startApi(database);
  const large: LoadFigure[] = [];
  try {
    for (const scenario of scenarios(database.seed).filter((s) => ['feed page 1', 'feed page 50', 'one video', 'search common word', 'search rare word'].includes(s.name))) {
      large.push({ ...(await load(api.url, scenario, SECONDS)), size: LARGE });
    }
  } finally {
    await api.stop();
    await database.cleanup();
  }
  out(`## Scaling: ${SMALL} vs ${LARGE} videos`);
  table(
    ['scenario', `p99 @${SMALL}`, `p99 @${LARGE}`, 'ratio', `req/s @${LARGE}`],
    large.map((f) => {
      const small = apiSmall.find((s) => s.name === f.name)!;
      return [f.name, ms(small.p99), ms(f.p99), (f.p99 / Math.max(small.p99, 1)).toFixed(2), f.reqPerSec.toFixed(0)];
    }),
  );
  results.scaling = large;
}

// Client weight and Lighthouse.
if (!skip.has('client') || !skip.has('lighthouse')) {
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

await mkdir('bench/results', { recursive: true });
await writeFile('bench/results/latest.json', JSON.stringify(results, null, 2));
await writeFile('bench/results/latest.md', lines.join('\n') + '\n');
console.log('written: bench/results/latest.json, bench/results/latest.md');
