// H.264/AAC renditions, each one fragmented MP4 with keyframes every 2 s plus its HLS media playlist
// (byte ranges into that same file), so one file serves HLS, the progressive q_auto URLs and
// offline downloads. Three plans (bench/media.ts measures them): every rung from one run that
// decodes the source once and splits it (split + scale); the same run with its lowest rung
// streamed (`onFragments`: an EVENT playlist followed while ffmpeg writes it, so a new video plays
// within seconds without decoding the source twice); or the lowest rung alone first in its own
// quick run, then the others (`lowestFirst`, a second decode: about 0.15x of a plain encode more).
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MediaTools, progressListener, runTool } from './ffmpeg.js';
import { ALIGNED_KEYFRAMES, bandwidthOf, hlsOutputArgs, type MediaPlaylist, parseMediaPlaylist, type VariantFacts, variantFacts } from './hls.js';
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
export interface HlsPackage {
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
  /** Encode the lowest rung alone first (true, the default), or every rung in one run (one decode). The job streams instead (onFragments). */
  lowestFirst?: boolean;
  /**
   * Streams the lowest rung: every rung comes from one run (lowestFirst is ignored), the lowest
   * written as an EVENT playlist and handed over each time it has grown by fragments, one call at
   * a time. A call that throws stops the run with that error.
   */
  onFragments?: (rung: GrowingRung) => Promise<void>;
  workDir: string;
  /** x264 preset: veryfast by default (TRANSCODE_PRESET; bench/media.ts measures the candidates). */
  preset?: string;
  signal?: AbortSignal;
  /** 0..1 over all runs. */
  onProgress?: (fraction: number) => void;
  /** Called as soon as a rendition's file is complete, before the next run starts. */
  onRendition?: (rendition: Rendition) => Promise<void>;
}

/** Decoding costs about a third of encoding the same picture size with these presets. */
const DECODE_WEIGHT = 0.3;

/** Splits the rungs into runs: the lowest alone first, then the rest together; or all in one run. */
export function planRuns(rungs: Rung[], lowestFirst = true): Rung[][] {
  const ascending = [...rungs].sort((a, b) => a.height - b.height);
  if (ascending.length <= 1 || !lowestFirst) return ascending.length ? [ascending] : [];
  return [ascending.slice(0, 1), ascending.slice(1)];
}

function scaleFilter(probe: VideoProbe, height: number): string {
  // Landscape: fix the height; portrait: fix the width (its short side), keeping the aspect.
  const size = probe.width >= probe.height ? `-2:${height}` : `${height}:-2`;
  return `scale=${size},format=yuv420p`;
}

/** One rung's H.264 settings: CRF under the rung's bitrate cap, keyframes on the 2 s grid, its x264 extras. */
export function videoEncoderArgs(rung: Rung, preset = 'veryfast'): string[] {
  return [
    '-c:v', 'libx264',
    '-preset', preset,
    '-crf', '23',
    '-maxrate', `${rung.maxVideoKbps}k`,
    '-bufsize', `${rung.maxVideoKbps * 2}k`,
    ...ALIGNED_KEYFRAMES,
    ...(rung.x264Params ? ['-x264-params', rung.x264Params] : []),
  ];
}

export function ffmpegArgs(request: Pick<TranscodeRequest, 'sourcePath' | 'probe' | 'workDir' | 'preset'>, run: Rung[], streamedHeight?: number): string[] {
  const { probe } = request;
  const filters =
    run.length === 1
      ? [`[0:v:0]${scaleFilter(probe, run[0]!.height)}[v0]`]
      : [`[0:v:0]split=${run.length}${run.map((_, i) => `[s${i}]`).join('')}`, ...run.map((rung, i) => `[s${i}]${scaleFilter(probe, rung.height)}[v${i}]`)];
  // The same audio in every rung: the source's as it is, or AAC at the rung's bitrate.
  // A copy from MPEG-TS carries ADTS headers, which MP4 does not take (the filter passes MP4's AAC through).
  const copyAudio = probe.audio !== null && copiesSourceAudio(probe.audio);
  const audioArgs = (rung: Rung) =>
    !probe.audio ? [] : copyAudio ? ['-c:a', 'copy', '-bsf:a', 'aac_adtstoasc'] : ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'];
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', request.sourcePath, '-filter_complex', filters.join(';')];
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
  const runs = planRuns(request.rungs, (request.lowestFirst ?? true) && !request.onFragments);
  const streamedHeight = request.onFragments ? runs[0]?.[0]?.height : undefined;
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
    for (const rung of [...run].sort((a, b) => a.height - b.height)) {
      const path = join(request.workDir, `${rung.height}.mp4`);
      const rendition = {
        height: rung.height,
        path,
        size: (await stat(path)).size,
        encodeSeconds: (performance.now() - started) / 1000,
        hls: await packageOf(request.tools, path, join(request.workDir, `${rung.height}.m3u8`), request.signal),
      };
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
  request: Pick<TranscodeRequest, 'tools' | 'workDir' | 'signal'>,
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
    facts ??= await variantFacts(request.tools, path, request.signal).catch(() => null);
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

/** Reads back what ffmpeg wrote for one rung: its playlist's bandwidths and the file's codecs. */
export async function packageOf(tools: MediaTools, path: string, playlistPath: string, signal?: AbortSignal): Promise<HlsPackage> {
  const playlist = parseMediaPlaylist(await readFile(playlistPath, 'utf8'));
  const { peak, average } = bandwidthOf(playlist);
  const facts = await variantFacts(tools, path, signal);
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
 * Existing progressive renditions (before issue 16) repackaged without re-encoding: stream copy
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
    hls: await packageOf(tools, path, join(workDir, `${height}.m3u8`), signal),
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
