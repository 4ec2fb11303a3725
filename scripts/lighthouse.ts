// `npm run lighthouse`: Lighthouse 11 (the last with a PWA category) against Debian's Chromium,
// mobile emulation, on the built app served by the real server. Writes reports/<page>.report.{html,json}
// and exits non-zero when a PWA audit fails. Also used by `npm run bench`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROME_FLAGS, CHROME_PATH, chromiumMissingReason } from './chromium.js';


export interface LighthouseResult {
  page: string;
  scores: Record<string, number | null>;
  metrics: { lcpMs: number; tbtMs: number; cls: number; fcpMs: number; bytes: number };
  pwaFailures: string[];
  /**
   * Lighthouse's runtime error when it wrote a report anyway. NO_NAVSTART: it found no navigation start
   * in its own trace (now and then with this Chromium, on the bare shell page too): the
   * trace-based metrics are missing, the other audits (PWA, accessibility) were still run.
   */
  runtimeError?: string;
}

interface LhrAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, LhrAudit>;
  runtimeError?: { code: string; message: string };
}

/** Runtime errors after which Lighthouse's report still holds the audits that do not read the trace. */
const TRACE_ONLY_ERRORS = new Set(['NO_NAVSTART']);

export async function runLighthouse(url: string, page: string, outDir = 'reports'): Promise<LighthouseResult> {
  await mkdir(outDir, { recursive: true });
  const outBase = resolve(outDir, page);
  const args = [
    url,
    '--quiet',
    '--output=json',
    '--output=html',
    `--output-path=${outBase}`,
    '--form-factor=mobile',
    '--only-categories=performance,accessibility,best-practices,pwa,seo',
    `--chrome-flags=--headless=new ${CHROME_FLAGS.join(' ')}`,
  ];
  // A report left by an earlier run must not pass for this one's.
  await rm(`${outBase}.report.json`, { force: true });
  const exitCode = await new Promise<number | null>((done, fail) => {
    const child = spawn(resolve('node_modules/.bin/lighthouse'), args, { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', done);
    child.on('error', fail);
  });
  const lhr = existsSync(`${outBase}.report.json`) ? (JSON.parse(await readFile(`${outBase}.report.json`, 'utf8')) as Lhr) : null;
  const runtimeError = lhr?.runtimeError?.code;
  if (!lhr || (exitCode !== 0 && !(runtimeError && TRACE_ONLY_ERRORS.has(runtimeError)))) throw new Error(`lighthouse exited with ${exitCode}`);
  const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, category.score]));
  const pwa = lhr.categories.pwa?.auditRefs ?? [];
  const pwaFailures = pwa
    .map((ref) => lhr.audits[ref.id]!)
    // An audit that errored counts as failing: it proved nothing.
    .filter((audit) => audit && (audit.scoreDisplayMode === 'error' || (['binary', 'numeric'].includes(audit.scoreDisplayMode) && audit.score !== 1)))
    .map((audit) => `${audit.id}: ${audit.title}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    page,
    scores,
    metrics: {
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
      bytes: numeric('total-byte-weight'),
    },
    pwaFailures,
    runtimeError,
  };
}

async function main(): Promise<void> {
  const missing = chromiumMissingReason();
  if (missing) {
    console.log(`[skip] lighthouse: ${missing}`);
    return;
  }
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { startNodeServer } = await import('./processes.js');
  const { buildApp } = await import('../build/buildApp.js');
  buildApp(resolve('dist'), { missingOnly: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'vidshare-lh-'));
  const server = await startNodeServer('server/index.ts', { DATA_DIR: dataDir, CLIENT_DIR: resolve('dist'), DATABASE_URL: undefined, REDIS_URL: undefined });
  let failed = false;
  try {
    for (const [page, path] of [['home', '/home']] as const) {
      const result = await runLighthouse(server.url + path, page);
      if (result.runtimeError) console.log(`lighthouse ${page}: no performance figures this run (${result.runtimeError}: Lighthouse recorded no usable trace); the PWA audits below do not use it`);
      const scores = Object.entries(result.scores).map(([k, v]) => `${k} ${v === null ? 'n/a' : Math.round(v * 100)}`).join(', ');
      console.log(`lighthouse ${page}: ${scores}; LCP ${Math.round(result.metrics.lcpMs)} ms, TBT ${Math.round(result.metrics.tbtMs)} ms, CLS ${result.metrics.cls.toFixed(3)}`);
      if (result.pwaFailures.length) {
        failed = true;
        console.log(`PWA audits failing on ${page}:\n  ${result.pwaFailures.join('\n  ')}`);
      } else {
        console.log(`all PWA audits pass on ${page} (reports/${page}.report.html)`);
      }
    }
  } finally {
    await server.stop();
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
