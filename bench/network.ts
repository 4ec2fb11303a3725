// The network playback block of `npm run bench` (alone: `npm run bench:network`, or
// `npm run bench -- --only network`). A 90 s 720p clip (a test pattern with temporal noise, so the
// rungs cost about what camera footage does) goes through the real upload and ladder; then a phone
// (Chromium, 390x844) opens its watch page and taps Play under CDP network emulation, RUNS times per
// profile, each run in a fresh context (empty cache). The service worker is blocked: CDP throttles
// the page's own fetches, and the player's fragments never go through it online anyway.
// Works with any ladder: rungs are read from the master playlist and the fragment URLs.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { buildApp } from '../build/buildApp.js';
import { chromiumMissingReason, launchChromium } from '../scripts/chromium.js';
import { benchToken } from './api.js';
import { startNodeServer } from '../scripts/processes.js';

export const NETWORK_RUNS = Number(process.env.NETWORK_RUNS ?? 3);
// Long enough that the link's recovery at 50 s meets fragments still to fetch: the player keeps
// 30 s ahead, so with a 60 s clip a run without long stalls had the clip's end buffered before the
// recovery, and no climb could be seen in it.
const CLIP_SECONDS = 90;
/** A run ends with the video, or this long after the tap (stalls can push the end past the clip's length). */
const RUN_LIMIT_S = CLIP_SECONDS + 25;
/** "Stalls after the first 5 s": the start-up is counted apart from playback that should be smooth. */
const SETTLE_S = 5;

interface Step {
  /** Seconds after the tap. */
  atS: number;
  kbps: number;
}

export interface NetworkProfile {
  name: string;
  latencyMs: number;
  steps: Step[];
}

export const NETWORK_PROFILES: NetworkProfile[] = [
  { name: 'Slow 4G (150 ms, 1.6 Mbps)', latencyMs: 150, steps: [{ atS: 0, kbps: 1600 }] },
  { name: '400 kbps (150 ms)', latencyMs: 150, steps: [{ atS: 0, kbps: 400 }] },
  {
    name: '1.6 Mbps, 400 kbps at 20 s, 1.6 Mbps at 50 s',
    latencyMs: 150,
    steps: [
      { atS: 0, kbps: 1600 },
      { atS: 20, kbps: 400 },
      { atS: 50, kbps: 1600 },
    ],
  },
];

/** One run's figures (null: not observable in that run, e.g. no fragment was left to fetch). */
export interface NetworkRun {
  firstFrameS: number | null;
  firstRung: number | null;
  stalls: number;
  stallS: number;
  stallsAfterSettle: number;
  stepDownS: number | null;
  climbS: number | null;
  /** Seconds of the clip not yet buffered at the recovery: 0 means nothing was left to climb on. */
  leftAtRecoveryS: number | null;
  meanKbps: number | null;
  bytes: number;
  /** What navigator.connection said (effectiveType/downlink), for the record. */
  connection: string;
}

export interface NetworkFigures {
  profile: string;
  runs: NetworkRun[];
}

const median = (values: (number | null)[]): number | null => {
  const sorted = values.filter((value): value is number => value !== null && Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const run = promisify(execFile);

/** A 1280x720 clip whose rungs cost about what phone footage does (x264 cannot squeeze the noise). */
async function makeNoisyClip(path: string): Promise<void> {
  const video = `testsrc2=size=1280x720:rate=30:duration=${CLIP_SECONDS},noise=alls=8:allf=t`;
  await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-maxrate', '6M', '-bufsize', '12M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', path]);
}

const CLIP_TITLE = 'Network bench clip';

/** Uploads the clip (unless a kept data folder has it) and waits until every rung is published. */
async function seedClip(url: string, clipPath: string, log: (line: string) => void): Promise<{ id: string; hlsUrl: string }> {
  const feed = (await (await fetch(`${url}/api/v1/videos/all-videos?page=1`)).json()) as { data: { videos: { _id: string; title: string }[] } };
  const kept = feed.data.videos.find((video) => video.title === CLIP_TITLE);
  if (kept) return waitForRungs(url, kept._id, log);
  await makeNoisyClip(clipPath);
  const token = await benchToken(url);
  const form = new FormData();
  form.set('title', CLIP_TITLE);
  form.set('description', `A ${CLIP_SECONDS} s 720p test pattern with noise`);
  form.set('videoFile', new Blob([new Uint8Array(await readFile(clipPath))], { type: 'video/mp4' }), 'clip.mp4');
  const upload = await fetch(`${url}/api/v1/videos/upload-Video`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = (await upload.json()) as { data?: { _id: string } };
  if (!body.data?._id) throw new Error(`network bench upload failed: ${upload.status}`);
  return waitForRungs(url, body.data._id, log);
}

async function waitForRungs(url: string, id: string, log: (line: string) => void): Promise<{ id: string; hlsUrl: string }> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const video = ((await (await fetch(`${url}/api/v1/videos/${id}`)).json()) as { data: { status: string; pendingQualities?: number[]; qualities: number[]; hlsUrl?: string } }).data;
    if (video.status === 'failed') throw new Error('network bench clip failed to transcode');
    if (video.status === 'ready' && !video.pendingQualities?.length && video.qualities.length && video.hlsUrl) {
      log(`  clip ${id}: rungs ${video.qualities.join(', ')}`);
      return { id, hlsUrl: video.hlsUrl };
    }
    if (Date.now() > deadline) throw new Error('network bench clip not transcoded within 15 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Rung -> BANDWIDTH (bits/s) from the master playlist. */
function masterBandwidths(master: string): Map<number, number> {
  return new Map(
    [...master.matchAll(/BANDWIDTH=(\d+)[^\n]*?RESOLUTION=(\d+)x(\d+)/g)].map((match) => [Math.min(Number(match[2]), Number(match[3])), Number(match[1])]),
  );
}

/**
 * Recorded in the page: the tap, the first frame, stalls and which rung is on screen. Plain
 * JavaScript source: a function handed to addInitScript would carry tsx's `__name` helper calls,
 * which do not exist in the page.
 */
const PAGE_PROBE = `(() => {
  const probe = { tapAt: null, firstFrameAt: null, stallStart: null, stalls: [], samples: [], ended: false };
  window.__probe = probe;
  // 'playing': the first frame is shown (headless Chromium presents no frames to
  // requestVideoFrameCallback, so that cannot time it).
  document.addEventListener('playing', () => {
    if (probe.firstFrameAt === null && probe.tapAt !== null) probe.firstFrameAt = performance.now();
    if (probe.stallStart !== null) {
      probe.stalls.push([probe.stallStart, performance.now()]);
      probe.stallStart = null;
    }
  }, true);
  document.addEventListener('waiting', (event) => {
    if (probe.firstFrameAt !== null && !event.target.seeking && probe.stallStart === null) probe.stallStart = performance.now();
  }, true);
  document.addEventListener('ended', () => { probe.ended = true; }, true);
  setInterval(() => {
    const video = document.querySelector('main video');
    if (!video || probe.firstFrameAt === null) return;
    const rung = Math.min(video.videoWidth, video.videoHeight);
    const bufferedTo = video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0;
    probe.samples.push([performance.now(), rung, !video.paused && !video.ended && probe.stallStart === null, (video.duration || 0) - bufferedTo]);
  }, 250);
})();`;

type Probe = { tapAt: number | null; firstFrameAt: number | null; stallStart: number | null; stalls: [number, number][]; samples: [number, number, boolean, number][]; ended: boolean };

async function playOnce(browser: Browser, url: string, profile: NetworkProfile, bandwidths: Map<number, number>): Promise<NetworkRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (kbps: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.latencyMs,
        downloadThroughput: (kbps * 1000) / 8,
        uploadThroughput: (750 * 1000) / 8,
        connectionType: 'cellular4g',
      });
    await throttle(profile.steps[0]!.kbps);
    // Fragment requests (rung from the URL: /media/video/hls/{id}/{rung}.mp4) and media bytes.
    const fragments: { at: number; rung: number }[] = [];
    const mediaRequests = new Set<string>();
    let bytes = 0;
    let tapAt = 0;
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) => {
      const path = new URL(event.request.url).pathname;
      if (!path.startsWith('/media/video/')) return;
      mediaRequests.add(event.requestId);
      const rung = /\/(\d+)\.mp4$/.exec(path);
      if (rung && tapAt) fragments.push({ at: (Date.now() - tapAt) / 1000, rung: Number(rung[1]) });
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      if (mediaRequests.has(event.requestId)) bytes += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 180_000 });
    const play = page.getByRole('button', { name: 'Play video' });
    await play.waitFor({ state: 'visible', timeout: 60_000 });
    const connection = await page.evaluate(() => {
      const info = (navigator as unknown as { connection?: { effectiveType?: string; downlink?: number; type?: string } }).connection;
      return info ? `${info.type ?? '?'} ${info.effectiveType ?? '?'} ${info.downlink ?? '?'} Mbps` : 'none';
    });
    tapAt = Date.now();
    await page.evaluate(() => void ((window as unknown as { __probe: Probe }).__probe.tapAt = performance.now()));
    const timers = profile.steps.slice(1).map((step) => setTimeout(() => void throttle(step.kbps).catch(() => undefined), step.atS * 1000));
    await play.tap();
    try {
      await page.waitForFunction(() => (window as unknown as { __probe: Probe }).__probe.ended, undefined, { timeout: RUN_LIMIT_S * 1000, polling: 500 }).catch(() => undefined);
    } finally {
      timers.forEach(clearTimeout);
    }
    const probe = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
    const now = await page.evaluate(() => performance.now());
    const stalls = [...probe.stalls, ...(probe.stallStart !== null ? [[probe.stallStart, now] as [number, number]] : [])];
    const firstFrame = probe.firstFrameAt;
    // Mean bitrate of what played: each 250 ms sample while playing weighs its rung's BANDWIDTH.
    const played = probe.samples.filter(([, rung, playing]) => playing && bandwidths.has(rung));
    const meanKbps = played.length ? played.reduce((sum, [, rung]) => sum + bandwidths.get(rung)!, 0) / played.length / 1000 : null;
    const changes = profile.steps.slice(1);
    const reaction = (step: Step | undefined, lower: boolean): number | null => {
      if (!step) return null;
      const before = fragments.filter((f) => f.at < step.atS).at(-1);
      if (!before) return null;
      const moved = fragments.find((f) => f.at >= step.atS && (lower ? f.rung < before.rung : f.rung > before.rung));
      return moved ? moved.at - step.atS : null;
    };
    const recovery = changes.find((step, i) => step.kbps > (profile.steps[i]?.kbps ?? Infinity));
    const atRecovery = recovery && probe.tapAt !== null ? probe.samples.find(([at]) => at - probe.tapAt! >= recovery.atS * 1000) : undefined;
    return {
      firstFrameS: firstFrame !== null && probe.tapAt !== null ? (firstFrame - probe.tapAt) / 1000 : null,
      firstRung: fragments[0]?.rung ?? null,
      stalls: stalls.length,
      stallS: stalls.reduce((sum, [start, end]) => sum + (end - start), 0) / 1000,
      stallsAfterSettle: firstFrame === null ? 0 : stalls.filter(([start]) => start - firstFrame >= SETTLE_S * 1000).length,
      stepDownS: reaction(changes.find((step, i) => step.kbps < (profile.steps[i]?.kbps ?? 0)), true),
      climbS: reaction(recovery, false),
      leftAtRecoveryS: atRecovery ? Math.round(atRecovery[3] * 10) / 10 : null,
      meanKbps,
      bytes,
      connection,
    };
  } finally {
    await context.close();
  }
}

export interface NetworkBenchOptions {
  distDir?: string;
  build?: boolean;
  log?: (line: string) => void;
}

export async function runNetworkBench(options: NetworkBenchOptions = {}): Promise<{ ladder: string; figures: NetworkFigures[] }> {
  const log = options.log ?? console.log;
  const distDir = resolve(options.distDir ?? 'dist');
  if (options.build !== false) buildApp(distDir, { missingOnly: true });
  const work = await mkdtemp(join(tmpdir(), 'vidshare-net-bench-'));
  // NETWORK_BENCH_DATA keeps the server's data (and so the transcoded clip) for the next run: a
  // before/after comparison then plays the very same files, and skips the ladder's minutes.
  const env = { DATA_DIR: process.env.NETWORK_BENCH_DATA ? resolve(process.env.NETWORK_BENCH_DATA) : join(work, 'data'), DATABASE_URL: undefined, REDIS_URL: undefined, S3_ENDPOINT: undefined, CLIENT_DIR: distDir };
  const server = await startNodeServer('server/index.ts', env);
  let browser: Browser | undefined;
  try {
    log(`network bench: making and transcoding the ${CLIP_SECONDS} s 720p clip...`);
    const { id, hlsUrl } = await seedClip(server.url, join(work, 'clip.mp4'), log);
    const master = await (await fetch(new URL(hlsUrl, server.url))).text();
    const bandwidths = masterBandwidths(master);
    const ladder = [...bandwidths].map(([rung, bps]) => `${rung}p ${(bps / 1e6).toFixed(2)} Mbps`).join(', ');
    log(`  master: ${ladder}`);
    // Chrome's own policy on phones and desktops: sound needs a tap on the page first (the tap
    // on Play gives it), not one at the very moment play() is called.
    browser = await launchChromium(['--autoplay-policy=document-user-activation-required']);
    // NETWORK_PROFILE=<part of a name> plays only the matching profiles (e.g. '400 kbps at').
    const profiles = NETWORK_PROFILES.filter((profile) => profile.name.includes(process.env.NETWORK_PROFILE ?? ''));
    const figures: NetworkFigures[] = profiles.map((profile) => ({ profile: profile.name, runs: [] }));
    // Interleaved: each round plays every profile once, so a burst of other work spoils one run of each at most.
    for (let round = 1; round <= NETWORK_RUNS; round += 1) {
      for (const [index, profile] of profiles.entries()) {
        const result = await playOnce(browser, `${server.url}/watch/${id}`, profile, bandwidths);
        figures[index]!.runs.push(result);
        log(`  run ${round} ${profile.name}: ${JSON.stringify(result)}`);
      }
    }
    return { ladder, figures };
  } finally {
    await browser?.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

export function networkTable(figures: NetworkFigures[]): string[] {
  const seconds = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} s`);
  const counted = (runs: NetworkRun[], read: (run: NetworkRun) => number | null) => {
    const values = runs.map(read);
    const seen = values.filter((value) => value !== null).length;
    return { value: median(values), note: seen < runs.length ? ` (${seen}/${runs.length})` : '' };
  };
  return [
    '| profile | tap → first frame | first rung | stalls (after 5 s) | stall time | step down after drop | climb after recovery | mean bitrate played | bytes fetched |',
    '|---|---|---|---|---|---|---|---|---|',
    ...figures.map(({ profile, runs }) => {
      const down = counted(runs, (r) => r.stepDownS);
      const climb = counted(runs, (r) => r.climbS);
      const hasDrop = profile.includes(' at ');
      const rate = median(runs.map((r) => r.meanKbps));
      return `| ${profile} | ${seconds(median(runs.map((r) => r.firstFrameS)))} | ${runs.map((r) => (r.firstRung ? `${r.firstRung}p` : '?')).join(', ')} | ${median(runs.map((r) => r.stalls))} (${median(runs.map((r) => r.stallsAfterSettle))}) | ${seconds(median(runs.map((r) => r.stallS)))} | ${hasDrop ? seconds(down.value) + down.note : ''} | ${hasDrop ? seconds(climb.value) + climb.note : ''} | ${rate === null ? 'n/a' : `${Math.round(rate)} kbps`} | ${Math.round((median(runs.map((r) => r.bytes)) ?? 0) / 1024)} KB |`;
    }),
  ];
}

async function main(): Promise<void> {
  const missing = chromiumMissingReason();
  if (missing) {
    console.log(`[skip] network bench: ${missing}`);
    return;
  }
  const distDir = process.argv.includes('--dist') ? process.argv[process.argv.indexOf('--dist') + 1] : undefined;
  const { ladder, figures } = await runNetworkBench({ distDir });
  console.log(`\nNetwork playback, ${CLIP_SECONDS} s 720p clip at 390x844, medians of ${NETWORK_RUNS} (ladder: ${ladder})`);
  for (const line of networkTable(figures)) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
