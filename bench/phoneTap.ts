// The phone block of `npm run bench` (alone: `npm run bench:phone`, or `npm run bench -- --only phone`):
// a first visit on a slow phone, signed out, as a daily user makes it. A phone (Chromium, 390x844,
// touch) at Slow 4G (150 ms, 1.6 Mbps down, 750 Kbps up) and 4x CPU opens the watch page of a seeded
// video with renditions in a fresh context (empty cache), taps the player's Play button as soon as
// it shows, and times tap -> first frame ('playing', as bench/network.ts: headless Chromium presents
// no frames to requestVideoFrameCallback). The service worker registers as on any first visit; its
// fetches (the precache) are throttled like the page's, since on a phone they share the same link.
// PHONE_RUNS runs per build, interleaved with a second build when PHONE_BASELINE_DIST names one (a
// folder built like dist, its server-rendering build beside it as `<folder>-ssr`).
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildApp } from '../build/buildApp.js';
import { chromiumMissingReason, launchChromium } from '../scripts/chromium.js';
import { richestVideo, seedDemoData } from './demoData.js';
import { startNodeServer } from '../scripts/processes.js';

export const PHONE_RUNS = Number(process.env.PHONE_RUNS ?? 3);
const BASELINE_DIST = process.env.PHONE_BASELINE_DIST;
/** Lighthouse's Slow 4G, as CDP network conditions (also bench/smartDownloads.ts). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, connectionType: 'cellular4g' as const };
/** PHONE_TRACE=1: print each run's requests after the tap (start and end, ms from the tap). */
const TRACE = process.env.PHONE_TRACE === '1';
const CPU_RATE = 4;
/** A run that shows no first frame this long after the tap counts as failed. */
const FRAME_LIMIT_MS = 60_000;

export interface PhoneTapRun {
  /** From navigation to the Play button on screen. */
  playShownMs: number;
  /** From the tap to the first frame ('playing'); null when none came. */
  tapToFrameMs: number | null;
}

export interface PhoneTapFigures {
  build: string;
  runs: PhoneTapRun[];
  medianTapToFrameMs: number;
  medianPlayShownMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The page's 'playing' time and the tap's, on the page's clock. */
const PAGE_PROBE = `(() => {
  window.__tap = { tapAt: null, frameAt: null };
  document.addEventListener('playing', () => { if (window.__tap.frameAt === null) window.__tap.frameAt = performance.now(); }, true);
})();`;

/** Throttles every service worker of the browser as the page is (their fetches escape the page's throttle). */
async function throttleServiceWorkers(browser: Browser): Promise<() => Promise<void>> {
  const session = await browser.newBrowserCDPSession();
  let id = 0;
  const throttleTarget = async (targetId: string) => {
    const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: false });
    for (const [method, params] of [['Network.enable', {}], ['Network.emulateNetworkConditions', SLOW_4G]] as const) {
      id += 1;
      await session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    }
  };
  session.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type === 'service_worker') void throttleTarget(targetInfo.targetId).catch(() => undefined);
  });
  await session.send('Target.setDiscoverTargets', { discover: true });
  return () => session.detach();
}

async function tapOnce(browser: Browser, url: string): Promise<PhoneTapRun> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  const release = await throttleServiceWorkers(browser);
  try {
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const play = page.getByRole('button', { name: 'Play video' });
    await play.waitFor({ state: 'visible', timeout: 120_000 });
    const playShownMs = Date.now() - started;
    // The tap's time is taken in the page when the tap reaches it (a busy main thread delays it: that is what is measured).
    await page.evaluate(() => {
      const probe = (window as unknown as { __tap: { tapAt: number | null } }).__tap;
      document.addEventListener('pointerdown', () => void (probe.tapAt ??= performance.now()), { capture: true, once: true });
    });
    const tappedAt = Date.now();
    const requests: string[] = [];
    if (TRACE) {
      page.on('requestfinished', (request) => {
        const timing = request.timing();
        const start = timing.startTime - tappedAt;
        if (start >= -2000) requests.push(`${Math.round(start)}..${Math.round(start + timing.responseEnd)} ${new URL(request.url()).pathname}`);
      });
    }
    await play.tap();
    await page
      .waitForFunction(() => (window as unknown as { __tap: { frameAt: number | null } }).__tap.frameAt !== null, undefined, { timeout: FRAME_LIMIT_MS, polling: 100 })
      .catch(() => undefined);
    const probe = await page.evaluate(() => (window as unknown as { __tap: { tapAt: number | null; frameAt: number | null } }).__tap);
    // From the finger's tap (wall clock, before the event waited for the main thread) to the frame.
    const pageNow = await page.evaluate(() => performance.now());
    const frameWall = probe.frameAt === null ? null : Date.now() - (pageNow - probe.frameAt);
    if (TRACE) console.log(`    tap handled ${probe.tapAt === null ? '?' : Math.round(Date.now() - (pageNow - probe.tapAt) - tappedAt)} ms after the tap; requests (ms from the tap):\n      ${requests.join('\n      ')}`);
    return { playShownMs, tapToFrameMs: frameWall === null ? null : Math.round(frameWall - tappedAt) };
  } finally {
    await release();
    await context.close();
  }
}

export interface PhoneTapBenchOptions {
  distDir?: string;
  build?: boolean;
  baselineDir?: string;
  log?: (line: string) => void;
}

export async function runPhoneTapBench(options: PhoneTapBenchOptions = {}): Promise<PhoneTapFigures[]> {
  const log = options.log ?? console.log;
  const distDir = resolve(options.distDir ?? 'dist');
  const work = await mkdtemp(join(tmpdir(), 'vidshare-phone-bench-'));
  try {
    if (options.build !== false) buildApp(distDir);
    log('seeding demo videos with real renditions (npm run seed)...');
    const dataDir = join(work, 'data');
    const seedEnv = seedDemoData(dataDir);
    if (options.baselineDir) await cp(dataDir, join(work, 'baseline-data'), { recursive: true });
    const app = await startNodeServer('server/index.ts', { ...seedEnv, CLIENT_DIR: distDir });
    const baseline = options.baselineDir ? await startNodeServer('server/index.ts', { ...seedEnv, DATA_DIR: join(work, 'baseline-data'), CLIENT_DIR: resolve(options.baselineDir) }) : null;
    const browser = await launchChromium();
    try {
      const watched = await richestVideo(app.url);
      const builds = [{ build: 'this build', url: `${app.url}/watch/${watched._id}` }, ...(baseline ? [{ build: 'baseline', url: `${baseline.url}/watch/${watched._id}` }] : [])];
      const runs = new Map<string, PhoneTapRun[]>(builds.map((b) => [b.build, []]));
      for (let run = 1; run <= PHONE_RUNS; run += 1) {
        for (const { build, url } of builds) {
          const result = await tapOnce(browser, url);
          runs.get(build)!.push(result);
          log(`  run ${run} ${build}: Play shown at ${result.playShownMs} ms, tap -> first frame ${result.tapToFrameMs === null ? 'none' : `${result.tapToFrameMs} ms`}`);
        }
      }
      return builds.map(({ build }) => {
        const list = runs.get(build)!;
        return {
          build,
          runs: list,
          medianTapToFrameMs: median(list.map((r) => r.tapToFrameMs ?? FRAME_LIMIT_MS)),
          medianPlayShownMs: median(list.map((r) => r.playShownMs)),
        };
      });
    } finally {
      await browser.close();
      await Promise.all([app.stop(), baseline?.stop()]);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function phoneTapTable(rows: PhoneTapFigures[]): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    '| build | runs | tap -> first frame (median) | each run | Play shown after (median) |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.build} | ${r.runs.length} | ${seconds(r.medianTapToFrameMs)} | ${r.runs.map((run) => (run.tapToFrameMs === null ? 'none' : seconds(run.tapToFrameMs))).join(', ')} | ${seconds(r.medianPlayShownMs)} |`),
  ];
}

async function main(): Promise<void> {
  const missing = chromiumMissingReason();
  if (missing) {
    console.log(`[skip] phone bench: ${missing}`);
    return;
  }
  const rows = await runPhoneTapBench({ baselineDir: BASELINE_DIST, build: process.env.PHONE_BUILD !== '0' });
  console.log(`\nFirst visit on a phone (Slow 4G, ${CPU_RATE}x CPU, signed out), medians of ${PHONE_RUNS} interleaved runs`);
  for (const line of phoneTapTable(rows)) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
