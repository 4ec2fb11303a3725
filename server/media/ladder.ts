// The transcoding ladder: which renditions a source gets, and their bitrate caps.
import { LADDER_HEIGHTS } from '../../contract/limits.js';

export interface Rung {
  /** The quality's line count (1080, 720, 480, 360; smaller for tiny sources). */
  height: number;
  /** Cap on the video bitrate (CRF picks less when the picture allows). */
  maxVideoKbps: number;
  audioKbps: number;
}

const CAPS: Record<number, { maxVideoKbps: number; audioKbps: number }> = {
  1080: { maxVideoKbps: 5000, audioKbps: 128 },
  720: { maxVideoKbps: 2800, audioKbps: 128 },
  480: { maxVideoKbps: 1400, audioKbps: 96 },
  360: { maxVideoKbps: 800, audioKbps: 96 },
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
