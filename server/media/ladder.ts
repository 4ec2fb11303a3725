// The transcoding ladder: which renditions a source gets, and their bitrate caps.
import { LADDER_HEIGHTS } from '../../contract/limits.js';
import type { AudioFacts } from './probe.js';

export interface Rung {
  /** The quality's line count (1080, 720, 480, 360; smaller for tiny sources). */
  height: number;
  /** Cap on the video bitrate (CRF picks less when the picture allows). */
  maxVideoKbps: number;
  audioKbps: number;
  /** x264 settings on top of the preset, or null. */
  x264Params: string | null;
}

// Below 720 lines veryfast's motion search (hexagon, sub-pixel level 2) costs more CPU per pixel
// than it saves bits there: a diamond search with subme=1 takes a third off those rungs' encode
// (raw input; 10-20 % in bench/media.ts's "preset" rows, which include the decode) for about 15 %
// more bytes at the same CRF and SSIM, keeping veryfast's lookahead and macroblock tree (superfast
// drops them: 2.4x the bytes).
export const LIGHT_MOTION_SEARCH = 'subme=1:me=dia';

const CAPS: Record<number, Omit<Rung, 'height'>> = {
  1080: { maxVideoKbps: 5000, audioKbps: 128, x264Params: null },
  720: { maxVideoKbps: 2800, audioKbps: 128, x264Params: null },
  480: { maxVideoKbps: 1400, audioKbps: 96, x264Params: LIGHT_MOTION_SEARCH },
  360: { maxVideoKbps: 800, audioKbps: 96, x264Params: LIGHT_MOTION_SEARCH },
};

const LOWEST = Math.min(...LADDER_HEIGHTS);

/**
 * Rungs for a source whose (display) height is `sourceHeight`, best first: every standard height
 * up to the source, never upscaling, and always at least one rung (a source under 360 lines
 * keeps its own height, rounded down to even as H.264 4:2:0 requires).
 */
export function ladderFor(sourceHeight: number): Rung[] {
  const rungs = LADDER_HEIGHTS.filter((height) => height <= sourceHeight).map((height) => ({ height, ...CAPS[height]! }));
  if (rungs.length > 0) return rungs;
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ height, ...CAPS[LOWEST]! }];
}

/** The quality line count of a frame: its short side, so portrait videos are not under-served. */
export function qualityHeight(width: number, height: number): number {
  return Math.min(width, height);
}

/** The highest declared bitrate copied as it is: half again the lowest rungs' audio budget. */
const MAX_COPIED_AUDIO_KBPS = CAPS[LOWEST]!.audioKbps * 1.5;

/**
 * Whether the rungs take the source's audio as it is (stream copy) instead of encoding it again:
 * AAC-LC (what every browser decodes in MP4), mono or stereo, at most 48 kHz, and a declared
 * bitrate of at most MAX_COPIED_AUDIO_KBPS. Many phone uploads qualify (128 kbps is common); the
 * copy loses nothing and takes 11-17 % off the ladder's CPU (three AAC encodes and resampling).
 * One answer for every rung, so all of them carry the same audio and a player switching rungs
 * keeps its decoder.
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
