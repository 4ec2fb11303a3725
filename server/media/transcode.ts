// H.264/AAC renditions, each one fragmented MP4 with keyframes every 2 s plus its HLS media playlist
// (byte ranges into that same file), so one file serves HLS, the progressive q_auto URLs and
// offline downloads. Three plans (bench/media.ts measures them): every rung from one run that
// decodes the source once and splits it (split + scale); the same run with its start rung (360p,
// see startHeight) streamed (`onFragments`: an EVENT playlist followed while ffmpeg writes it, so a
// new video plays within seconds without decoding the source twice); or the start rung alone first
// in its own quick run, then the others (`startFirst`, a second decode: about 0.15x of a plain
// encode more).
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MediaTools, progressListener, runTool } from './ffmpeg.js';
import { ALIGNED_KEYFRAMES, bandwidthOf, hlsOutputArgs, type MediaPlaylist, parseMediaPlaylist, type VariantFacts, variantFacts } from './hls.js';
import { startHeight } from '../../contract/limits.js';
import { copiesSourceAudio, qualityHeight, type Rung } from './ladder.js';
import type { VideoProbe } from './probe.js';

export interface Rendition {
  height: number;
  /** Local file, complete and playable, inside workDir. */
  path: string;
  size: number;
  /** Wall time of the ffmpeg run that made it (rungs encoded together share one run). */
  encodeSeconds: number;
  hls: HlsPackage;
}

/** A rendition's HLS side: its media playlist and what the master playlist says of it. */
interface HlsPackage {
  /** The media playlist beside the file; its URIs name the file by its base name (`720.mp4`). */
  playlistPath: string;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  resolution: string;
  /** The longest fragment, rounded up (EXT-X-TARGETDURATION). */
  targetDuration: number;
}

/** The streamed rung while ffmpeg writes it: the fragments its file holds so far. */
export interface GrowingRung {
  height: number;
  /** The growing file in workDir: every byte range of `playlist` is already written. */
  path: string;
  playlist: MediaPlaylist;
  /** Codecs and picture size, read from the file's first fragments. */
  facts: VariantFacts;
}

export interface TranscodeRequest {
  tools: MediaTools;
  sourcePath: string;
  probe: VideoProbe;
  /** The rungs to produce (any order). */
  rungs: Rung[];
  /**
   * The upload's display size when `sourcePath` is a smaller copy of it (a rendition): every rung
   * then gets the picture size it would have got from the upload itself.
   */
  sourceSize?: PictureSize;
  /** Encode the start rung alone first (true, the default), or every rung in one run (one decode). The job streams instead (onFragments). */
  startFirst?: boolean;
  /**
   * Streams the start rung (startHeight): every rung comes from one run (startFirst is ignored),
   * the start rung written as an EVENT playlist and handed over each time it has grown by
   * fragments, one call at a time. A call that throws stops the run with that error.
   */
  onFragments?: (rung: GrowingRung) => Promise<void>;
  workDir: string;
  /** x264 preset: veryfast by default (TRANSCODE_PRESET; bench/media.ts measures the candidates). */
  preset?: string;
  signal?: AbortSignal;
  /** 0..1 over all runs. */
  onProgress?: (fraction: number) => void;
  /** Called as soon as a rendition's file is complete, before the next run starts: the start rung first, then the others lowest first. */
  onRendition?: (rendition: Rendition) => Promise<void>;
}

/** The slow-link rungs' audio sample rate. */
const SLOW_LINK_SAMPLE_RATE = 24000;

/** Decoding costs about a third of encoding the same picture size with these presets. */
const DECODE_WEIGHT = 0.3;

/** Splits the rungs into runs, each lowest first: the start rung alone first, then the rest together; or all in one run. */
export function planRuns(rungs: Rung[], startFirst = true): Rung[][] {
  const ascending = [...rungs].sort((a, b) => a.height - b.height);
  if (ascending.length <= 1 || !startFirst) return ascending.length ? [ascending] : [];
  const start = startHeight(ascending.map((rung) => rung.height));
  return [ascending.filter((rung) => rung.height === start), ascending.filter((rung) => rung.height !== start)];
}

/** The order a run's renditions are handed over: the start rung first (the master a player reads first lists it), then lowest first. */
function publishOrder(run: Rung[], start: number | undefined): Rung[] {
  return [...run].sort((a, b) => (a.height === start ? -1 : b.height === start ? 1 : a.height - b.height));
}

function scaleFilter(probe: VideoProbe, height: number): string {
  // Landscape: fix the height; portrait: fix the width (its short side), keeping the aspect.
  const size = probe.width >= probe.height ? `-2:${height}` : `${height}:-2`;
  return `scale=${size},format=yuv420p`;
}

type PictureSize = Pick<VideoProbe, 'width' | 'height'>;

/** The long side ffmpeg's `-2` gives for `short` lines of the source: rounded to even, half to even (lrint). */
function evenLongSide(probe: PictureSize, short: number): number {
  const half = (Math.max(probe.width, probe.height) * short) / Math.min(probe.width, probe.height) / 2;
  const rounded = Math.abs(half - Math.trunc(half)) === 0.5 ? (Math.trunc(half) % 2 === 0 ? Math.trunc(half) : Math.trunc(half) + 1) : Math.round(half);
  return Math.max(2, rounded * 2);
}

/** The same picture size as scaleFilter gives from the source, scaled from a smaller copy of it. */
function rescaleFilter(probe: PictureSize, height: number): string {
  const long = evenLongSide(probe, height);
  const size = probe.width >= probe.height ? `${long}:${height}` : `${height}:${long}`;
  return `scale=${size},format=yuv420p`;
}

/**
 * The run's filter graph, its output [v<i>] the picture of run[i]: the source split and scaled to
 * each rung, except the slow-link rungs, which scale down from the run's lowest main rung when it
 * has one (from 360 lines instead of the source's 720 or 1080: about 0.04x of a plain encode less).
 */
function scaleGraph(probe: VideoProbe, run: Rung[], sourceSize?: PictureSize): string[] {
  const label = (rung: Rung) => `v${run.indexOf(rung)}`;
  const mains = run.filter((rung) => rung.audio === 'shared').sort((a, b) => a.height - b.height);
  const base = mains[0];
  const fromBase = base ? run.filter((rung) => rung.audio === 'mono') : [];
  const fromSource = run.filter((rung) => !fromBase.includes(rung));
  const sourceOut = (rung: Rung) => (rung === base && fromBase.length ? 'base' : label(rung));
  const fromInput = (rung: Rung) => (sourceSize ? rescaleFilter(sourceSize, rung.height) : scaleFilter(probe, rung.height));
  const filters =
    fromSource.length === 1
      ? [`[0:v:0]${fromInput(fromSource[0]!)}[${sourceOut(fromSource[0]!)}]`]
      : [`[0:v:0]split=${fromSource.length}${fromSource.map((_, i) => `[s${i}]`).join('')}`, ...fromSource.map((rung, i) => `[s${i}]${fromInput(rung)}[${sourceOut(rung)}]`)];
  if (base && fromBase.length) {
    filters.push(`[base]split=${fromBase.length + 1}[${label(base)}]${fromBase.map((_, i) => `[c${i}]`).join('')}`);
    fromBase.forEach((rung, i) => filters.push(`[c${i}]${rescaleFilter(sourceSize ?? probe, rung.height)}[${label(rung)}]`));
  }
  return filters;
}

/** One rung's H.264 settings: CRF under the rung's bitrate cap, keyframes on the 2 s grid, its x264 extras. */
export function videoEncoderArgs(rung: Rung, preset = 'veryfast'): string[] {
  return [
    '-c:v', 'libx264',
    '-preset', preset,
    '-crf', '23',
    '-maxrate', `${rung.maxVideoKbps}k`,
    '-bufsize', `${rung.maxVideoKbps * rung.bufferSeconds}k`,
    ...ALIGNED_KEYFRAMES,
    ...(rung.x264Params ? ['-x264-params', rung.x264Params] : []),
  ];
}

function ffmpegArgs(request: Pick<TranscodeRequest, 'sourcePath' | 'probe' | 'sourceSize' | 'workDir' | 'preset'>, run: Rung[], streamedHeight?: number): string[] {
  const { probe } = request;
  const filters = scaleGraph(probe, run, request.sourceSize);
  // The same audio in every main rung: the source's as it is, or stereo AAC at the rung's bitrate;
  // mono AAC-LC at a low rate and 24 kHz in the slow-link rungs (at 32-48 kbps the encoder cuts
  // everything above about 10 kHz anyway, and half the samples halve its CPU).
  // A copy from MPEG-TS carries ADTS headers, which MP4 does not take (the filter passes MP4's AAC through).
  const copyAudio = probe.audio !== null && copiesSourceAudio(probe.audio);
  const audioArgs = (rung: Rung): string[] => {
    if (!probe.audio) return [];
    if (rung.audio === 'mono') return ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '1', '-ar', String(SLOW_LINK_SAMPLE_RATE)];
    return copyAudio ? ['-c:a', 'copy', '-bsf:a', 'aac_adtstoasc'] : ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'];
  };
  // The decoder and the filter graph on ffmpeg's own thread: x264's frame threads (several per
  // rung) already keep every core busy, and handing frames and slices to more threads cost about 6 %
  // of the ladder's CPU (30 s 720p clip, 5 interleaved rounds) for no shorter run.
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-threads', '1', '-i', request.sourcePath, '-filter_complex_threads', '1', '-filter_complex', filters.join(';')];
  run.forEach((rung, i) => {
    args.push('-map', `[v${i}]`);
    if (probe.audio) args.push('-map', '0:a:0');
    args.push(...videoEncoderArgs(rung, request.preset), ...audioArgs(rung));
    args.push('-map_metadata', '-1', '-sn', '-dn', ...hlsOutputArgs(request.workDir, rung.height, rung.height === streamedHeight ? 'event' : 'vod'));
  });
  args.push('-progress', 'pipe:1', '-nostats');
  return args;
}

/** Encodes `rungs`, handing each finished rendition to onRendition; returns them all. */
export async function transcodeLadder(request: TranscodeRequest): Promise<Rendition[]> {
  await mkdir(request.workDir, { recursive: true });
  const runs = planRuns(request.rungs, (request.startFirst ?? true) && !request.onFragments);
  const start = startHeight(request.rungs.map((rung) => rung.height));
  const streamedHeight = request.onFragments ? start : undefined;
  const sourceWeight = qualityHeight(request.probe.width, request.probe.height) ** 2 * DECODE_WEIGHT;
  const weights = runs.map((run) => sourceWeight + run.reduce((sum, rung) => sum + rung.height ** 2, 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let done = 0;
  const produced: Rendition[] = [];
  for (const [index, run] of runs.entries()) {
    const weight = weights[index]!;
    const started = performance.now();
    const streamed = run.find((rung) => rung.height === streamedHeight);
    // Stops ffmpeg when the job is aborted or when handing fragments over fails.
    const stop = new AbortController();
    const abort = () => stop.abort(request.signal?.reason);
    if (request.signal?.aborted) abort();
    else request.signal?.addEventListener('abort', abort, { once: true });
    let streamError: unknown = null;
    const follower =
      streamed && request.onFragments
        ? followGrowingRung(request, streamed.height, request.onFragments, (error) => {
            streamError = error;
            stop.abort(error);
          })
        : null;
    try {
      await runTool(request.tools.ffmpeg, ffmpegArgs(request, run, streamedHeight), {
        signal: stop.signal,
        onStdoutLine: progressListener((seconds) => {
          const fraction = Math.min(1, seconds / request.probe.duration);
          request.onProgress?.((done + fraction * weight) / total);
        }),
      });
    } catch (error) {
      throw streamError ?? error;
    } finally {
      request.signal?.removeEventListener('abort', abort);
      await follower?.stop();
    }
    if (streamError) throw streamError;
    if (streamed) await endEventPlaylist(join(request.workDir, `${streamed.height}.m3u8`));
    done += weight;
    request.onProgress?.(done / total);
    for (const rung of publishOrder(run, start)) {
      const rendition = await readRendition(rung.height, request.workDir, (performance.now() - started) / 1000);
      produced.push(rendition);
      await request.onRendition?.(rendition);
    }
  }
  return produced;
}

const FOLLOW_INTERVAL_MS = 200;

/**
 * Polls the streamed rung's EVENT playlist while ffmpeg writes it and hands each longer version
 * over (never two at once). A playlist caught mid-rewrite reads as shorter or fails to parse: the
 * next poll takes it. Returns `stop`, which waits for a hand-over in flight.
 */
function followGrowingRung(
  request: Pick<TranscodeRequest, 'workDir'>,
  height: number,
  onFragments: (rung: GrowingRung) => Promise<void>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  const path = join(request.workDir, `${height}.mp4`);
  const playlistPath = join(request.workDir, `${height}.m3u8`);
  let handed = 0;
  let facts: VariantFacts | null = null;
  let inFlight: Promise<void> | null = null;
  let failed = false;
  const poll = async () => {
    const text = await readFile(playlistPath, 'utf8').catch(() => null);
    if (text === null) return;
    let playlist: MediaPlaylist;
    try {
      playlist = parseMediaPlaylist(text);
    } catch {
      return; // caught mid-rewrite
    }
    if (playlist.segments.length <= handed) return;
    // Read once the first fragment is written; a failed read is tried again at the next poll.
    facts ??= await variantFacts(path, playlist.map).catch(() => null);
    if (!facts) return;
    handed = playlist.segments.length;
    await onFragments({ height, path, playlist, facts });
  };
  const timer = setInterval(() => {
    if (inFlight || failed) return;
    inFlight = poll()
      .catch((error: unknown) => {
        failed = true;
        onError(error);
      })
      .finally(() => {
        inFlight = null;
      });
  }, FOLLOW_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

/** The streamed rung's playlist, complete: kept as a VOD playlist like the others. */
async function endEventPlaylist(playlistPath: string): Promise<void> {
  const text = await readFile(playlistPath, 'utf8');
  await writeFile(playlistPath, text.replace('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-PLAYLIST-TYPE:VOD'));
}

/**
 * A rung ffmpeg wrote into `dir` (`<height>.mp4` and `<height>.m3u8`), read back as a rendition:
 * also how the API takes in a rung a remote runner uploaded, so it checks what it publishes.
 */
export async function readRendition(height: number, dir: string, encodeSeconds: number): Promise<Rendition> {
  const path = join(dir, `${height}.mp4`);
  return { height, path, size: (await stat(path)).size, encodeSeconds, hls: await packageOf(path, join(dir, `${height}.m3u8`)) };
}

/** Reads back what ffmpeg wrote for one rung: its playlist's bandwidths and the file's codecs. */
async function packageOf(path: string, playlistPath: string): Promise<HlsPackage> {
  const playlist = parseMediaPlaylist(await readFile(playlistPath, 'utf8'));
  const { peak, average } = bandwidthOf(playlist);
  const facts = await variantFacts(path, playlist.map);
  return {
    playlistPath,
    bandwidth: peak,
    averageBandwidth: average,
    codecs: facts.codecs,
    resolution: `${facts.width}x${facts.height}`,
    targetDuration: playlist.targetDuration,
  };
}

/**
 * Progressive renditions made before HLS packaging, repackaged without re-encoding: stream copy
 * into a fragmented MP4 plus playlist. Fragments can only start at the file's own keyframes,
 * so the caller checks the playlist's target duration and re-encodes when they are too sparse.
 */
export async function remuxToHls(tools: MediaTools, inputPath: string, workDir: string, height: number, signal?: AbortSignal): Promise<Rendition> {
  await mkdir(workDir, { recursive: true });
  const started = performance.now();
  await runTool(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', inputPath, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-map_metadata', '-1', ...hlsOutputArgs(workDir, height)],
    { signal },
  );
  const path = join(workDir, `${height}.mp4`);
  return {
    height,
    path,
    size: (await stat(path)).size,
    encodeSeconds: (performance.now() - started) / 1000,
    hls: await packageOf(path, join(workDir, `${height}.m3u8`)),
  };
}

/** One JPEG frame at `atSeconds` (clamped into the video), for a thumbnail when none was sent. */
export async function extractFrame(tools: MediaTools, sourcePath: string, atSeconds: number, signal?: AbortSignal): Promise<Buffer> {
  const run = await runTool(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-v', 'error', '-ss', atSeconds.toFixed(3), '-i', sourcePath, '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'],
    { signal, maxStdoutBytes: 20 * 1024 * 1024 },
  );
  if (run.stdout.length === 0) throw new Error('ffmpeg produced no frame');
  return run.stdout;
}
