// Quality options of spec section 9: 1080p best, 720p good, 480p eco, 360p low, carried by the media
// URL's quality segment. Only the renditions a video has are offered; good (720p) by default, or the
// nearest one the video has.
import { QUALITY_SEGMENTS, type QualitySegment } from '../../../contract/limits';

export interface QualityOption {
  segment: QualitySegment;
  height: number;
  /** 'p' label for the menu: '720p'. */
  label: string;
  /** The spec's word: best, good, eco, low. */
  name: string;
}

export const QUALITY_OPTIONS: QualityOption[] = (Object.entries(QUALITY_SEGMENTS) as [QualitySegment, number][]).map(([segment, height]) => ({
  segment,
  height,
  label: `${height}p`,
  name: segment.slice('q_auto:'.length),
}));

export const DEFAULT_QUALITY_HEIGHT = 720;

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

/** filePath with the quality segment inserted after '/upload/' (any segment already there replaced). */
export function qualityUrl(filePath: string, segment: QualitySegment | null): string {
  const marker = '/upload/';
  const at = filePath.indexOf(marker);
  if (at < 0 || !segment) return filePath;
  const head = filePath.slice(0, at + marker.length);
  const rest = filePath.slice(at + marker.length).replace(/^q_auto:[a-z]+\//, '');
  return `${head}${segment}/${rest}`;
}
