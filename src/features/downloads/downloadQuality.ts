// Which rendition a download takes: 480p (eco) as a rule, at most 360p while data saver is on, the
// way the player caps itself. A video without a rung under the cap downloads its lowest.
import { type QualityOption } from '../player/quality';
import { DEFAULT_DOWNLOAD_HEIGHT } from './downloadStore';

/** The cap while data saver is on: the player's own. */
const DATA_SAVER_DOWNLOAD_HEIGHT = 360;

export function downloadQuality(options: readonly QualityOption[], dataSaver: boolean): QualityOption | null {
  const cap = dataSaver ? DATA_SAVER_DOWNLOAD_HEIGHT : DEFAULT_DOWNLOAD_HEIGHT;
  const fitting = options.filter((option) => option.height <= cap);
  const pool = fitting.length ? fitting : options;
  const pick = fitting.length ? Math.max : Math.min;
  const height = pick(...pool.map((option) => option.height));
  return pool.find((option) => option.height === height) ?? null;
}
