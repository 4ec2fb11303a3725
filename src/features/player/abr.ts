// Where Auto starts and how fast it moves. hls.js alone starts from the first rung the master
// lists, the top one, before it has measured anything: a 600 KB first fragment on a 1.6 Mbps phone.
// Here the first rung is the highest one the link can carry by the browser's own estimate
// (Network Information API), or, without one, a low rung, never the top; then hls.js's
// estimator takes over, tuned to step down early and climb back within seconds (values from the
// network block of `npm run bench`, bench/network.ts).
import type { LinkInfo } from '../../lib/connection';

/** Bits per second a browser's effective type stands for when it gives no downlink figure. */
const EFFECTIVE_TYPE_BPS: Record<string, number> = { 'slow-2g': 50_000, '2g': 150_000, '3g': 700_000, '4g': 1_600_000 };
/** No word from the browser: hls.js's own default guess, which only the lowest rungs fit. */
export const UNKNOWN_LINK_BPS = 500_000;
/** Save-Data asked for: start as on a 2G link. */
const SAVE_DATA_BPS = 150_000;
/**
 * The share of the estimate a first rung may need (its peak BANDWIDTH): the browser's figure is
 * coarse and the first fragment also pays for the connection's start, so keep a third in hand.
 */
const START_SHARE = 0.7;

/** The link's bandwidth before anything is measured, in bits per second. */
export function linkEstimate(link: LinkInfo): number {
  if (link.saveData) return SAVE_DATA_BPS;
  if (link.downlinkBps) return link.downlinkBps;
  if (link.effectiveType && link.effectiveType in EFFECTIVE_TYPE_BPS) return EFFECTIVE_TYPE_BPS[link.effectiveType]!;
  return UNKNOWN_LINK_BPS;
}

/**
 * The index (in `bitrates`, hls.js's level order) of the rung to start on: the highest whose
 * bitrate fits the estimate, else the lowest. `maxIndex` caps it (the data saver's cap).
 */
export function startLevelIndex(bitrates: readonly number[], estimateBps: number, maxIndex = bitrates.length - 1): number {
  let best = -1;
  let lowest = -1;
  bitrates.forEach((bitrate, index) => {
    if (index > maxIndex) return;
    if (lowest < 0 || bitrate < bitrates[lowest]!) lowest = index;
    if (bitrate <= estimateBps * START_SHARE && (best < 0 || bitrate > bitrates[best]!)) best = index;
  });
  return best >= 0 ? best : Math.max(0, lowest);
}

/**
 * hls.js settings for Auto (defaults in brackets). The estimate is the lower of a fast and a slow
 * moving average of measured fragment loads, with half-lives in seconds of loading time.
 */
export const ABR_CONFIG = {
  // Fast average [3 s]: a drop shows within a fragment or two, before the 30 s buffer runs low.
  abrEwmaFastVoD: 2,
  // Slow average [9 s]: after a recovery the estimate is the lower of the two, so this bounds how
  // soon Auto climbs back. Bench, 1.6 Mbps -> 400 kbps -> 1.6 Mbps: with 3 s (and the factor
  // below) Auto was back on 480p 7.3-8.8 s after the recovery; with 4 s and 80 % it never was.
  abrEwmaSlowVoD: 3,
  // Step down when a rung needs more than 90 % of the estimate [95 %]: phone links jitter.
  abrBandWidthFactor: 0.9,
  // Climb when the next rung's average bitrate is at most 90 % of the estimate [70 %]. Measured on
  // Slow 4G: hls.js estimates the 1.6 Mbps link at 1.40-1.55 Mbps and a 480p rung averages
  // 1.19 Mbps (82 % of it), so at 70 % or 80 % Auto never climbs back to 480p on that link although
  // it carries it. hls.js still climbs only with at least two fragments buffered.
  abrBandWidthUpFactor: 0.9,
} as const;
