// A smart-download candidate: the card, why it is kept, and every rung it may be kept at.
import type { OfflineCandidate, OfflineReason, OfflineRung } from '../../contract/offlineCandidates.js';
import { QUALITY_SEGMENTS } from '../../contract/limits.js';
import type { VideoCardRow } from '../db/repositories/videoCards.js';
import type { MediaUrls } from '../media/urls.js';
import { toVideoCard } from './video.js';

export interface RungSizeRow {
  height: number;
  size_bytes: number;
  packaged: boolean;
}

const segmentOf = new Map<number, string>(Object.entries(QUALITY_SEGMENTS).map(([segment, height]) => [height, segment]));

/** A packaged rung's own file; a rung made before packaging through its quality segment; else none. */
function toOfflineRung(videoId: string, row: RungSizeRow, urls: MediaUrls): OfflineRung | null {
  const segment = segmentOf.get(row.height);
  const url = row.packaged ? urls.rung(videoId, row.height) : segment && urls.video(videoId).replace('/upload/', `/upload/${segment}/`);
  return url ? { height: row.height, bytes: row.size_bytes, url } : null;
}

export function toOfflineCandidate(row: VideoCardRow, reasons: OfflineReason[], rungs: RungSizeRow[], urls: MediaUrls): OfflineCandidate {
  return {
    reason: reasons.includes('watch-later') ? 'watch-later' : 'subscription',
    reasons,
    video: toVideoCard(row, urls),
    rungs: rungs.flatMap((rung) => toOfflineRung(row.id, rung, urls) ?? []),
  };
}
