// The transcoding ladder: which renditions a source gets, and their bitrate caps.
import { LADDER_HEIGHTS } from '../../contract/limits.js';
import type { AudioFacts } from './probe.js';

export interface Rung {
  /** The quality's line count (1080 ... 144; a tiny source's own height). */
  height: number;
  /** Cap on the video bitrate (CRF picks less when the picture allows). */
  maxVideoKbps: number;
  /**
   * The x264 decoder buffer, in seconds of the cap. A 2 s fragment peaks at up to cap + buffer / 2,
   * so the rungs for slow links keep a 1 s buffer: their peak (the master's BANDWIDTH) stays near the cap.
   */
  bufferSeconds: number;
  /**
   * 'shared': the ladder's one audio answer (the source's copied when copiesSourceAudio says so,
   * else stereo AAC at audioKbps). 'mono': always mono AAC-LC at audioKbps and 24 kHz, for the slow-link rungs.
   */
  audio: 'shared' | 'mono';
  audioKbps: number;
  /** x264 settings on top of the preset, or null. */
  x264Params: string | null;
}

// Below 720 lines veryfast's analysis costs more CPU per pixel than it saves bits there. A diamond
// search with subme=1 takes a third off those rungs' encode for about 15 % more bytes at the same
// CRF and SSIM; a 5-frame lookahead and no partition or 8x8-transform search take another 15 % (480p
// alone, 5 interleaved rounds) for 5-8 % fewer bytes and SSIM 0.001 lower at 480p and 360p. Both keep
// veryfast's macroblock tree (superfast drops it with the lookahead: 2.4x the bytes).
export const LIGHT_RUNG_X264 = 'subme=1:me=dia:rc-lookahead=5:partitions=none:8x8dct=0';

// 240p is for a 400 kbps link: its master BANDWIDTH (peak fragment, audio included) must stay under
// 350 000, so video peaks at 200 + 100 kbps, audio 48 kbps mono. 144p is for 200 kbps: 90 + 45 kbps
// video, 32 kbps audio. Debian's ffmpeg writes no HE-AAC that decodes, so the low rate is AAC-LC.
const CAPS: Record<number, Omit<Rung, 'height'>> = {
  1080: { maxVideoKbps: 5000, bufferSeconds: 2, audio: 'shared', audioKbps: 128, x264Params: null },
  720: { maxVideoKbps: 2800, bufferSeconds: 2, audio: 'shared', audioKbps: 128, x264Params: null },
  480: { maxVideoKbps: 1400, bufferSeconds: 2, audio: 'shared', audioKbps: 96, x264Params: LIGHT_RUNG_X264 },
  360: { maxVideoKbps: 800, bufferSeconds: 2, audio: 'shared', audioKbps: 96, x264Params: LIGHT_RUNG_X264 },
  240: { maxVideoKbps: 200, bufferSeconds: 1, audio: 'mono', audioKbps: 48, x264Params: LIGHT_RUNG_X264 },
  144: { maxVideoKbps: 90, bufferSeconds: 1, audio: 'mono', audioKbps: 32, x264Params: LIGHT_RUNG_X264 },
};

/** The rungs with the shared audio, best first (1080 ... 360): a source's picture goes into these. */
const MAIN_HEIGHTS = LADDER_HEIGHTS.filter((height) => CAPS[height]!.audio === 'shared');
/** The slow-link rungs (240, 144). */
const SLOW_LINK_HEIGHTS = LADDER_HEIGHTS.filter((height) => CAPS[height]!.audio === 'mono');
const LOWEST_MAIN = Math.min(...MAIN_HEIGHTS);
/** A slow-link rung is made only when it is clearly smaller than the rung above it. */
const SLOW_LINK_STEP = 0.75;

/**
 * Rungs for a source whose (display) height is `sourceHeight`, best first: every main height up to
 * the source, never upscaling (a source under 360 lines keeps its own height, rounded down to even
 * as H.264 4:2:0 requires), then the slow-link rungs at most three quarters of the lowest of those.
 */
export function ladderFor(sourceHeight: number): Rung[] {
  const rungs: Rung[] = MAIN_HEIGHTS.filter((height) => height <= sourceHeight).map((height) => ({ height, ...CAPS[height]! }));
  if (rungs.length === 0) rungs.push({ height: Math.max(2, Math.floor(sourceHeight / 2) * 2), ...CAPS[LOWEST_MAIN]! });
  const lowest = rungs.at(-1)!.height;
  for (const height of SLOW_LINK_HEIGHTS) if (height <= lowest * SLOW_LINK_STEP) rungs.push({ height, ...CAPS[height]! });
  return rungs;
}

/** The slow-link rungs a source of `sourceHeight` lines gets (the ladder's tail, best first). */
export function slowLinkRungsFor(sourceHeight: number): Rung[] {
  return ladderFor(sourceHeight).filter((rung) => rung.audio === 'mono');
}

/** Each slow-link rung and the fewest source lines that get it (what a database query can filter on). */
export const SLOW_LINK_MINIMUMS: readonly { height: number; minSourceHeight: number }[] = SLOW_LINK_HEIGHTS.map((height) => {
  let lines = height;
  while (!slowLinkRungsFor(lines).some((rung) => rung.height === height)) lines += 1;
  return { height, minSourceHeight: lines };
});

/** The quality line count of a frame: its short side, so portrait videos are not under-served. */
export function qualityHeight(width: number, height: number): number {
  return Math.min(width, height);
}

/** The highest declared bitrate copied as it is: half again the lowest main rung's audio budget. */
const MAX_COPIED_AUDIO_KBPS = CAPS[LOWEST_MAIN]!.audioKbps * 1.5;

/**
 * Whether the rungs with shared audio take the source's audio as it is (stream copy) instead of
 * encoding it again: AAC-LC (what every browser decodes in MP4), mono or stereo, at most 48 kHz,
 * and a declared bitrate of at most MAX_COPIED_AUDIO_KBPS. Many phone uploads qualify (128 kbps is
 * common); the copy loses nothing and takes 11-17 % off the ladder's CPU. One answer for all of
 * them, so a player switching among 1080-360 keeps its decoder setup. The slow-link rungs never
 * copy: a 128 kbps track alone would take a third of a 400 kbps link, so they carry mono AAC-LC at
 * 48 or 32 kbps and 24 kHz (the same codec: switching down changes only its channel count and rate).
 */
export function copiesSourceAudio(audio: AudioFacts): boolean {
  return (
    audio.codec === 'aac' &&
    audio.profile === 'LC' &&
    audio.channels >= 1 &&
    audio.channels <= 2 &&
    audio.sampleRate <= 48000 &&
    audio.kbps !== null &&
    audio.kbps <= MAX_COPIED_AUDIO_KBPS
  );
}
