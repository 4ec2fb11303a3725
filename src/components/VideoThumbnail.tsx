// A video's thumbnail at a fixed 16:9 (nothing jumps while it lazy-loads) with the NEW badge (under
// 24 h), the duration, 'Downloaded' when saved on this device and, while transcoding, 'Processing'.
// Used by VideoCard and VideoRow.
import DownloadedIcon from '@mui/icons-material/OfflinePin';
import Box from '@mui/material/Box';
import type { VideoCard as VideoCardData } from '../../contract/entities';
import { useDataSaver } from '../lib/dataSaver';
import { formatDuration, isNew } from '../lib/format';
import { imageCopy, imageSrcSet } from '../../shared/imageUrls';

// `shown`: how wide the picture is on screen, for the browser to pick a copy (VideoGrid's columns: one
// below 600 px, two below 900, three below 1200, then four; rows give their own width).
const SIZES = {
  card: { inset: 8, fontSize: 12, px: 0.75, radius: 2, width: 480, height: 270, shown: '(max-width: 599px) 100vw, (max-width: 899px) 50vw, (max-width: 1199px) 34vw, 25vw' },
  row: { inset: 4, fontSize: 11, px: 0.5, radius: 1.5, width: 320, height: 180, shown: '168px' },
} as const;

/** Under the data saver, no thumbnail copy wider than this (a phone's card at 3x would take 1280). */
const DATA_SAVER_IMAGE_WIDTH = 480;

export function VideoThumbnail({
  video,
  size,
  priority = false,
  progress,
  shownWidth,
  downloaded = false,
}: {
  video: Pick<VideoCardData, 'thumbnail' | 'createdAt' | 'duration' | 'status'>;
  size: keyof typeof SIZES;
  /** Above the fold: fetched at once with high priority instead of lazily. */
  priority?: boolean;
  /** How much was watched, 0..1 (watch history): a red bar along the bottom. */
  progress?: number;
  /** The CSS width it is shown at, when the size's usual one does not apply. */
  shownWidth?: number;
  /** Saved for offline on this device. */
  downloaded?: boolean;
}) {
  const s = SIZES[size];
  const savingData = useDataSaver().on;
  const badge = { position: 'absolute', px: s.px, py: size === 'card' ? 0.25 : 0, borderRadius: 1, fontSize: s.fontSize, fontWeight: 700, lineHeight: 1.4, color: '#fff' } as const;
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: s.radius, overflow: 'hidden', bgcolor: 'action.hover' }}>
      {video.thumbnail && (
        <Box
          component="img"
          src={savingData ? imageCopy(video.thumbnail, DATA_SAVER_IMAGE_WIDTH) : video.thumbnail}
          srcSet={imageSrcSet(video.thumbnail, savingData ? DATA_SAVER_IMAGE_WIDTH : Infinity)}
          sizes={shownWidth ? `${shownWidth}px` : s.shown}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          width={s.width}
          height={s.height}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
      {isNew(video.createdAt) && <Box sx={{ ...badge, top: s.inset, left: s.inset, bgcolor: '#c62828' }}>NEW</Box>}
      {video.status === 'processing' && <Box sx={{ ...badge, top: s.inset, right: s.inset, bgcolor: 'rgba(0,0,0,0.8)' }}>Processing</Box>}
      {downloaded && (
        <Box data-testid="downloaded-badge" sx={{ ...badge, bottom: s.inset, left: s.inset, bgcolor: 'rgba(0,0,0,0.8)', display: 'flex', alignItems: 'center', gap: 0.375 }}>
          <DownloadedIcon aria-hidden sx={{ fontSize: s.fontSize + 2 }} />
          Downloaded
        </Box>
      )}
      <Box sx={{ ...badge, bottom: s.inset, right: s.inset, bgcolor: 'rgba(0,0,0,0.8)' }}>{formatDuration(video.duration)}</Box>
      {progress !== undefined && progress > 0 && (
        <Box
          role="progressbar"
          aria-label="Watched"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(Math.min(1, progress) * 100)}
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 4, bgcolor: 'rgba(255,255,255,0.35)' }}
        >
          <Box sx={{ height: '100%', width: `${Math.min(1, progress) * 100}%`, bgcolor: '#e53935' }} />
        </Box>
      )}
    </Box>
  );
}
