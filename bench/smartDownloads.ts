// The offline block of `npm run bench` (alone: `npm run bench:offline`, or `npm run bench -- --only
// offline`): what one smart-downloads run costs the server, in requests and bytes, for the bench user
// who follows 30 channels (bench/api.ts, on the 1,000-video seed), and how long the run takes on Slow 4G.
// The five newest videos of those channels get a real 360p rung (a 10 s 640x360 clip at a phone-like
// 700 kbit/s). A phone (Chromium, 390x844) signed in as that user turns smart downloads on (the
// defaults: 5 newest, 360p; mobile data allowed, as Slow 4G is a cellular link), its service worker
// throttled to Slow 4G (CDP on the worker's own target: its fetches escape the page's throttle),
// and the page asks for a run as the app does when it opens. The first run downloads the five; the
// second finds nothing new, which is what most periodic syncs are. SMART_RUNS fresh devices, medians.
// Requests and bytes are the worker's own, as CDP reports them (bytes received, headers included).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../build/buildApp.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/kysely.js';
import { createRepositories } from '../server/db/repositories/index.js';
import { createStorage } from '../server/media/storage.js';
import { launchChromium } from '../scripts/chromium.js';
import { benchToken, type BenchDatabase, prepareDatabase, startApi } from './api.js';
import { SLOW_4G } from './phoneTap.js';

export const SMART_RUNS = Number(process.env.SMART_RUNS ?? 3);
const FOLLOWED = 30;
const NEWEST = 5;
const CLIP_SECONDS = 10;

export interface SmartRunFigure {
  requests: number;
  bytes: number;
  ms: number;
  added: number;
}

export interface SmartDownloadFigures {
  /** Bytes of the one 360p rung each new video has. */
  rungBytes: number;
  first: SmartRunFigure[];
  again: SmartRunFigure[];
}

const run = promisify(execFile);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A 360p rung as phones' footage makes it: moving noise x264 cannot squeeze, at a fixed 700 kbit/s. */
async function makeRung(path: string): Promise<void> {
  const picture = `testsrc2=size=640x360:rate=30:duration=${CLIP_SECONDS},noise=alls=8:allf=t`;
  await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', picture, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '636k', '-maxrate', '636k', '-bufsize', '1272k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', path]);
}

/** Gives the newest NEWEST videos of the channels the bench user follows a 360p and a 720p rung (the same file). */
async function addRungs(database: BenchDatabase, clip: string): Promise<void> {
  const config = loadConfig({ ...database.env, JWT_SECRET: 'bench-secret-bench-secret-bench-secret' });
  const handle = openDatabase(config);
  try {
    const repos = createRepositories(handle, { idempotencyKeyTtlMs: config.idempotencyKeyTtlMs });
    const storage = createStorage(config);
    const newest = await handle.db
      .selectFrom('videos')
      .select('id')
      .where('owner_id', 'in', database.seed.userIds.slice(0, FOLLOWED))
      .where('status', '=', 'ready')
      .orderBy('created_at', 'desc')
      .limit(NEWEST)
      .execute();
    const bytes = (await stat(clip)).size;
    for (const { id } of newest) {
      for (const height of [720, 360]) {
        const key = `videos/${id}/${height}.mp4`;
        await storage.putFile(key, clip, 'video/mp4');
        const hls = { playlistKey: `videos/${id}/${height}.m3u8`, resolution: `640x${height}`, bandwidth: 700_000, averageBandwidth: 700_000, codecs: 'avc1.64001e,mp4a.40.2' };
        await repos.videoMedia.addRendition(id, { height, storageKey: key, sizeBytes: bytes, hls });
      }
    }
  } finally {
    await handle.close();
  }
}

/** Counts the requests and bytes of the page's service worker (its own CDP target) under Slow 4G. */
async function throttledWorker(browser: Browser, page: Page) {
  const root = await browser.newBrowserCDPSession();
  const pageSession = await page.context().newCDPSession(page);
  const { targetInfo } = (await pageSession.send('Target.getTargetInfo')) as { targetInfo: { browserContextId?: string } };
  await pageSession.detach();
  const { targetInfos } = await root.send('Target.getTargets');
  const worker = targetInfos.find((info) => info.type === 'service_worker' && info.browserContextId === targetInfo.browserContextId);
  if (!worker) throw new Error('smart-downloads bench: no service worker target');
  const { sessionId } = await root.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  const counted = { requests: 0, bytes: 0 };
  root.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { method?: string; params?: { encodedDataLength?: number } };
    if (message.method === 'Network.requestWillBeSent') counted.requests += 1;
    if (message.method === 'Network.loadingFinished') counted.bytes += message.params?.encodedDataLength ?? 0;
  });
  let id = 0;
  for (const [method, params] of [['Network.enable', {}], ['Network.emulateNetworkConditions', SLOW_4G]] as const) {
    id += 1;
    await root.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
  }
  return { counted, detach: () => root.detach() };
}

/** Asks the worker for a run, as the app does when it opens, and waits for the run's end (its DOWNLOADS_CHANGED). */
function askForRun(page: Page): Promise<{ ms: number; added: number }> {
  return page.evaluate(async () => {
    const started = performance.now();
    const done = new Promise<{ added: string[] }>((resolve) => {
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; added: string[] }>) => {
        if (event.data?.type === 'DOWNLOADS_CHANGED') resolve(event.data);
      });
    });
    navigator.serviceWorker.controller!.postMessage({ type: 'RUN_SMART_DOWNLOADS' });
    const report = await done;
    return { ms: performance.now() - started, added: report.added.length };
  });
}

/** One fresh device: smart downloads on, then two runs. */
async function oneDevice(browser: Browser, url: string, token: string, user: unknown): Promise<[SmartRunFigure, SmartRunFigure]> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(
      ([token, stored]) => {
        if (localStorage.getItem('token') === null) {
          localStorage.setItem('token', token);
          localStorage.setItem('user', stored);
        }
      },
      [token, JSON.stringify(user)] as const,
    );
    const page = await context.newPage();
    await page.goto(`${url}/downloads`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The settings Downloads writes when smart downloads are turned on (defaults), mobile data allowed.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('vidshare-downloads');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const put = open.result.transaction('settings', 'readwrite').objectStore('settings').put({ enabled: true, newest: 5, height: 360, allowCellular: true, budgetBytes: null }, 'smart');
            put.onsuccess = () => (open.result.close(), resolve());
            put.onerror = () => reject(put.error);
          };
        }),
    );
    const worker = await throttledWorker(browser, page);
    try {
      const measure = async (): Promise<SmartRunFigure> => {
        worker.counted.requests = 0;
        worker.counted.bytes = 0;
        const { ms, added } = await askForRun(page);
        return { ...worker.counted, ms, added };
      };
      return [await measure(), await measure()];
    } finally {
      await worker.detach();
    }
  } finally {
    await context.close();
  }
}

export async function runSmartDownloadBench(options: { build?: boolean; log?: (line: string) => void } = {}): Promise<SmartDownloadFigures> {
  const log = options.log ?? console.log;
  const distDir = resolve('dist');
  if (options.build !== false) buildApp(distDir, { missingOnly: true });
  const work = await mkdtemp(join(tmpdir(), 'vidshare-smart-bench-'));
  const database = await prepareDatabase(1000);
  let browser: Browser | undefined;
  try {
    const clip = join(work, 'rung-360.mp4');
    await makeRung(clip);
    await addRungs(database, clip);
    const api = await startApi(database, { CLIENT_DIR: distDir });
    try {
      const token = await benchToken(api.url, database.seed);
      const user = ((await (await fetch(`${api.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { _id: string } }).data;
      browser = await launchChromium();
      const figures: SmartDownloadFigures = { rungBytes: (await stat(clip)).size, first: [], again: [] };
      for (let device = 1; device <= SMART_RUNS; device += 1) {
        const [first, again] = await oneDevice(browser, api.url, token, { ...user, id: user._id });
        if (first.added !== NEWEST) throw new Error(`smart-downloads bench: the first run added ${first.added} videos, not ${NEWEST}`);
        log(`  device ${device}: first run ${first.requests} requests, ${first.bytes} B, ${first.ms.toFixed(0)} ms; again ${again.requests} requests, ${again.bytes} B, ${again.ms.toFixed(0)} ms`);
        figures.first.push(first);
        figures.again.push(again);
      }
      return figures;
    } finally {
      await api.stop();
    }
  } finally {
    await browser?.close();
    await database.cleanup();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The rows for bench/results and docs/benchmarks.md. The run's time is set beside the link's floor:
 * its bytes at Slow 4G's rate plus one round trip per request (the run asks one thing at a time).
 */
export function smartDownloadTable(figures: SmartDownloadFigures): string[] {
  const row = (name: string, runs: SmartRunFigure[], files: number) => {
    const requests = median(runs.map((figure) => figure.requests));
    const bytes = median(runs.map((figure) => figure.bytes));
    const seconds = median(runs.map((figure) => figure.ms)) / 1000;
    const floor = bytes / SLOW_4G.downloadThroughput + (requests * SLOW_4G.latency) / 1000;
    const overhead = files ? `${(bytes - files) / 1024 < 100 ? ((bytes - files) / 1024).toFixed(1) : ((bytes - files) / 1024).toFixed(0)} KB` : '';
    return `| ${name} | ${requests} | ${(bytes / 1024).toFixed(1)} KB | ${overhead} | ${seconds.toFixed(1)} s | ${(seconds / floor).toFixed(2)} |`;
  };
  return [
    '| run (30 channels followed; 5 newest at 360p) | requests | bytes from the server | beyond the video files | time on Slow 4G | ÷ link floor |',
    '|---|---|---|---|---|---|',
    row(`first: ${NEWEST} new videos, ${(figures.rungBytes / 1024).toFixed(0)} KB each`, figures.first, NEWEST * figures.rungBytes),
    row('again: nothing new', figures.again, 0),
  ];
}

async function main(): Promise<void> {
  const figures = await runSmartDownloadBench();
  console.log(`\nOne smart-downloads run, ${SMART_RUNS} fresh devices, medians`);
  for (const line of smartDownloadTable(figures)) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
