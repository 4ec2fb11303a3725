// The Lighthouse block of `npm run bench` (alone: `npx tsx bench/lighthouse.ts` or
// `npm run bench -- --only lighthouse`). Lighthouse 11, mobile, on /home, /watch/{id} (a seeded
// video with real renditions, thumbnail and comments) and a bare React + MUI shell (bench/shell)
// built from the same dependencies and served by the same server, interleaved, RUNS times each;
// prints medians and each page's score as a ratio of the shell's. Lighthouse's own LCP-element
// audit errors with Debian's Chromium, so the LCP element is named by a PerformanceObserver in a
// Chromium run throttled like Lighthouse's mobile preset (4x CPU, slow 4G).
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../build/buildApp.js';
import { chromiumMissingReason, launchChromium } from '../scripts/chromium.js';
import { runLighthouse, type LighthouseResult } from '../scripts/lighthouse.js';
import { richestVideo, seedDemoData } from './demoData.js';
import { startNodeServer } from '../scripts/processes.js';

export const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * Another build of the app (a folder built like dist, its server-rendering build beside it as
 * `<folder>-ssr`), e.g. the commit before a change: its /home and /watch join the interleaved runs,
 * so a before/after comparison shares the machine's moment.
 */
const BASELINE_DIST = process.env.LIGHTHOUSE_BASELINE_DIST;

export interface PageFigures {
  page: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  pwaFailures: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  vsShell: number;
  lcpElement: string;
  /** Median over the runs of the page's own long tasks' blocking time at 4x CPU (throttledLoad). */
  pageTbtMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** What the page itself sees in a Chromium throttled like Lighthouse's mobile run. */
interface ThrottledLoad {
  /** The LCP element and when it painted. */
  lcpElement: string;
  /** Blocking time of the page's long tasks after its first contentful paint (PerformanceObserver), in ms. */
  pageTbtMs: number;
}

/** The phone of Lighthouse's mobile preset, as Playwright context options. */
const LIGHTHOUSE_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

interface PhoneLoad<T> {
  /** CPU slowdown (Lighthouse's mobile run: 4). */
  cpuRate?: number;
  /** Prepares the page before it loads (observers, tracing). */
  beforeLoad?: (page: Page, browser: Browser) => Promise<unknown>;
  /** Reads what the load left. */
  afterLoad: (page: Page, browser: Browser) => Promise<T>;
}

/**
 * Loads `url` on Lighthouse's phone, in a browser of its own, throttled like its mobile run: 150 ms
 * RTT, 1.6 Mbps down, 750 Kbps up, `cpuRate`x CPU slowdown. It waits for the network to settle, then
 * 3 s more for the idle-time work (live connection, service worker, toasts). The debugger is attached,
 * as in Lighthouse: with only Runtime on, V8 would re-parse whole chunks on the main thread to give
 * each Error a detailed stack (lazy source positions), a cost Lighthouse's runs do not have.
 */
export async function loadOnLighthousePhone<T>(url: string, { cpuRate = 4, beforeLoad, afterLoad }: PhoneLoad<T>): Promise<T> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext(LIGHTHOUSE_PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Debugger.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await beforeLoad?.(page, browser);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForTimeout(3000);
    return await afterLoad(page, browser);
  } finally {
    await browser.close();
  }
}

/**
 * Loads `url` throttled like Lighthouse's mobile run and reads the LCP element and the page's own long
 * tasks. Long tasks are what Lighthouse's TBT adds up, measured at a real 4x slowdown rather than
 * simulated, so a run swings less: the bench's steadier view of boot work.
 */
function throttledLoad(url: string): Promise<ThrottledLoad> {
  return loadOnLighthousePhone(url, {
    beforeLoad: (page) =>
      page.addInitScript(() => {
        const win = window as unknown as { __lcp?: string; __longTasks: [number, number][] };
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null; url?: string; size?: number }) | undefined;
          const element = entry?.element;
          if (!entry || !element) return;
          const name = element.tagName.toLowerCase() + (element.id ? `#${element.id}` : '');
          const what = entry.url ? `image ${new URL(entry.url).pathname}` : `"${(element.textContent ?? '').trim().slice(0, 40)}"`;
          win.__lcp = `${name} ${what} at ${Math.round(entry.startTime)} ms`;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        win.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) win.__longTasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
      }),
    // LCP entries stop at the first input; reading them does not count as one.
    afterLoad: (page) =>
      page.evaluate(() => {
        const win = window as unknown as { __lcp?: string; __longTasks: [number, number][] };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const pageTbtMs = win.__longTasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
        return { lcpElement: win.__lcp ?? 'none reported', pageTbtMs };
      }),
  });
}

function buildShell(outDir: string): void {
  execFileSync(resolve('node_modules/.bin/vite'), ['build', '--config', 'bench/shell/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
}

export interface LighthouseBenchOptions {
  /** The built app to serve; built (buildApp) unless `build` is false. */
  distDir?: string;
  build?: boolean;
  /** A second build measured in the same interleaved runs (see BASELINE_DIST). */
  baselineDir?: string;
  log?: (line: string) => void;
}

export async function runLighthouseBench(options: LighthouseBenchOptions = {}): Promise<PageFigures[]> {
  const log = options.log ?? console.log;
  const distDir = resolve(options.distDir ?? 'dist');
  const work = await mkdtemp(join(tmpdir(), 'vidshare-lh-bench-'));
  try {
    if (options.build !== false) buildApp(distDir);
    const shellDir = join(work, 'shell');
    buildShell(shellDir);
    log('seeding demo videos with real renditions (npm run seed)...');
    const dataDir = join(work, 'data');
    const seedEnv = seedDemoData(dataDir);
    const app = await startNodeServer('server/index.ts', { ...seedEnv, CLIENT_DIR: distDir });
    const shell = await startNodeServer('server/index.ts', { ...seedEnv, DATA_DIR: join(work, 'shell-data'), CLIENT_DIR: shellDir });
    // The baseline serves the same seeded data from a copy (one server per SQLite file).
    if (options.baselineDir) await cp(dataDir, join(work, 'baseline-data'), { recursive: true });
    const baseline = options.baselineDir ? await startNodeServer('server/index.ts', { ...seedEnv, DATA_DIR: join(work, 'baseline-data'), CLIENT_DIR: resolve(options.baselineDir) }) : null;
    try {
      const watched = await richestVideo(app.url);
      log(`watch page: video ${watched._id} (renditions ${watched.qualities.join(', ')})`);
      const pages = [
        { page: '/home', url: `${app.url}/home` },
        { page: '/watch/{id}', url: `${app.url}/watch/${watched._id}` },
        ...(baseline
          ? [
              { page: '/home (baseline)', url: `${baseline.url}/home` },
              { page: '/watch/{id} (baseline)', url: `${baseline.url}/watch/${watched._id}` },
            ]
          : []),
        { page: 'bare shell', url: `${shell.url}/` },
      ];
      const results = new Map<string, LighthouseResult[]>(pages.map((p) => [p.page, []]));
      const loads = new Map<string, ThrottledLoad[]>(pages.map((p) => [p.page, []]));
      for (let run = 1; run <= RUNS; run += 1) {
        for (const { page, url } of pages) {
          const load = await throttledLoad(url);
          loads.get(page)!.push(load);
          // Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): that run
          // is left out of the medians (the table's runs column says how many counted), not the bench.
          const result = await runLighthouse(url, `lh-${page.replace(/\W+/g, '-')}-${run}`, join(work, 'reports')).catch((error: unknown) => {
            log(`  run ${run} ${page}: Lighthouse failed (${error instanceof Error ? error.message : String(error)}), left out`);
            return null;
          });
          // A run whose trace Lighthouse could not use (NO_NAVSTART) has no performance figures.
          if (result?.runtimeError) log(`  run ${run} ${page}: Lighthouse recorded no usable trace (${result.runtimeError}), left out`);
          if (!result || result.runtimeError) continue;
          results.get(page)!.push(result);
          log(`  run ${run} ${page}: performance ${Math.round((result.scores.performance ?? 0) * 100)}, LCP ${Math.round(result.metrics.lcpMs)} ms, TBT ${Math.round(result.metrics.tbtMs)} ms; page TBT at 4x ${Math.round(load.pageTbtMs)} ms`);
        }
      }
      const score = (list: LighthouseResult[], category: string) => median(list.map((r) => Math.round((r.scores[category] ?? 0) * 100)));
      const shellScore = score(results.get('bare shell')!, 'performance');
      return pages.map(({ page }) => {
        const list = results.get(page)!;
        const performance = score(list, 'performance');
        return {
          page,
          runs: list.length,
          performance,
          accessibility: score(list, 'accessibility'),
          bestPractices: score(list, 'best-practices'),
          pwaFailures: median(list.map((r) => r.pwaFailures.length)),
          fcpMs: median(list.map((r) => r.metrics.fcpMs)),
          lcpMs: median(list.map((r) => r.metrics.lcpMs)),
          tbtMs: median(list.map((r) => r.metrics.tbtMs)),
          cls: median(list.map((r) => r.metrics.cls)),
          bytes: median(list.map((r) => r.metrics.bytes)),
          vsShell: shellScore ? performance / shellScore : NaN,
          lcpElement: loads.get(page)!.at(-1)?.lcpElement ?? '',
          pageTbtMs: median(loads.get(page)!.map((load) => load.pageTbtMs)),
        };
      });
    } finally {
      await Promise.all([app.stop(), shell.stop(), baseline?.stop()]);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export function lighthouseTable(rows: PageFigures[]): string[] {
  const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
  return [
    '| page | runs | performance | vs shell | FCP | LCP | TBT | page TBT at 4x | CLS | bytes | a11y | best practices | PWA failures | LCP element (throttled Chromium) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) =>
      `| ${r.page} | ${r.runs} | ${r.performance} | ${r.vsShell.toFixed(2)} | ${seconds(r.fcpMs)} | ${seconds(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${Math.round(r.pageTbtMs)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.bytes / 1024)} KB | ${r.accessibility} | ${r.bestPractices} | ${r.page === 'bare shell' ? 'n/a' : r.pwaFailures} | ${r.lcpElement.replace(/\|/g, '/')} |`,
    ),
  ];
}

async function main(): Promise<void> {
  const missing = chromiumMissingReason();
  if (missing) {
    console.log(`[skip] lighthouse bench: ${missing}`);
    return;
  }
  const rows = await runLighthouseBench({ baselineDir: BASELINE_DIST });
  console.log(`\nLighthouse 11, mobile, medians of ${RUNS} interleaved runs`);
  for (const line of lighthouseTable(rows)) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
