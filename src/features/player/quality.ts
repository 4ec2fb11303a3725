// Quality options: 1080p best, 720p good, 480p eco, 360p low, carried by the media
// URL's quality segment. Auto is the default choice: hls.js picks the rung by bandwidth;
// without HLS, Auto plays 720p (good) or the nearest rendition the video has. The four qualities
// stay as manual overrides.
import { QUALITY_SEGMENTS, type QualitySegment } from '../../../contract/limits';

export interface QualityOption {
  segment: QualitySegment;
  height: number;
  /** 'p' label for the menu: '720p'. */
  label: string;
  /** The spec's word: best, good, eco, low. */
  name: string;
}

/** What the viewer picked in the quality menu. */
export const AUTO = 'auto';
export type QualityChoice = typeof AUTO | QualitySegment;

export const QUALITY_OPTIONS: QualityOption[] = (Object.entries(QUALITY_SEGMENTS) as [QualitySegment, number][]).map(([segment, height]) => ({
  segment,
  height,
  label: `${height}p`,
  name: segment.slice('q_auto:'.length),
}));

const DEFAULT_QUALITY_HEIGHT = 720;

/** The options the video has, best first (heights outside the ladder, e.g. a tiny source, have none). */
export function qualityOptionsFor(qualities: readonly number[]): QualityOption[] {
  return QUALITY_OPTIONS.filter((option) => qualities.includes(option.height));
}

/** 720p when present, else the nearest height (ties go to the better one); null when none. */
export function defaultQuality(options: readonly QualityOption[], preferred = DEFAULT_QUALITY_HEIGHT): QualityOption | null {
  let best: QualityOption | null = null;
  for (const option of options) {
    const distance = Math.abs(option.height - preferred);
    const bestDistance = best ? Math.abs(best.height - preferred) : Infinity;
    if (distance < bestDistance || (distance === bestDistance && best && option.height > best.height)) best = option;
  }
  return best;
}

/** The option a choice stands for without HLS: the manual one, or Auto's default (720p or nearest). */
export function progressiveQuality(options: readonly QualityOption[], choice: QualityChoice, preferredHeight?: number): QualityOption | null {
  if (choice !== AUTO) return options.find((option) => option.segment === choice) ?? defaultQuality(options, QUALITY_SEGMENTS[choice]);
  return defaultQuality(options, preferredHeight);
}

/** A rung of the master playlist: its height and its peak bitrate (BANDWIDTH, bits per second). */
export interface Rung {
  height: number;
  bitrate: number;
}

/** What a rung costs, as the quality menu says it: '1.1 Mbps', '350 kbps'. */
export function bitrateLabel(bitsPerSecond: number): string {
  if (bitsPerSecond >= 995_000) return `${(bitsPerSecond / 1_000_000).toFixed(1)} Mbps`;
  return `${Math.max(1, Math.round(bitsPerSecond / 10_000) * 10)} kbps`;
}

/** The rung a frame belongs to: its short side (a portrait 720x1280 is 720p), as the ladder counts. */
export const rungOf = (width: number, height: number): number => Math.min(width, height);

/** The quality button's text: 'Auto · 480p' while Auto plays the 480p rung, '720p' when chosen. */
export function qualityButtonLabel(choice: QualityChoice, playingHeight: number | null): string {
  if (choice !== AUTO) return `${QUALITY_SEGMENTS[choice]}p`;
  return playingHeight ? `Auto · ${playingHeight}p` : 'Auto';
}

/** filePath with the quality segment inserted after '/upload/' (any segment already there replaced). */
export function qualityUrl(filePath: string, segment: QualitySegment | null): string {
  const marker = '/upload/';
  const at = filePath.indexOf(marker);
  if (at < 0 || !segment) return filePath;
  const head = filePath.slice(0, at + marker.length);
  const rest = filePath.slice(at + marker.length).replace(/^q_auto:[a-z]+\//, '');
  return `${head}${segment}/${rest}`;
}
