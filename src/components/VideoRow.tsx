// A horizontal video card: thumbnail left, text right (related videos, watch history). Same fields
// and fallbacks as VideoCard; the whole row links to /watch/{id} and clicking it scrolls to the top.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { VideoCard as VideoCardData } from '../../contract/entities';
import { formatRelativeDate, formatViews } from '../lib/format';
import { useIsDownloaded } from './downloadedVideos';
import { VideoThumbnail } from './VideoThumbnail';
import { memo } from 'react';

const scrollToTop = () => window.scrollTo({ top: 0 });

interface Props {
  video: VideoCardData;
  /** Thumbnail width in px (the text takes the rest). */
  thumbWidth?: number;
  /** An extra line under the views (e.g. 'Watched Yesterday'). */
  extra?: ReactNode;
  /** A control at the row's end (e.g. remove from history); its clicks do not navigate. */
  action?: ReactNode;
  /** The title as shown (search highlights its matches); defaults to the plain title. */
  title?: ReactNode;
  /** Watched share 0..1, drawn on the thumbnail (watch history). */
  progress?: number;
}

// Memoized: the screens around it re-render on every query state change; an unchanged card does not.
export const VideoRow = memo(function VideoRow({ video, thumbWidth = 168, extra, action, title, progress }: Props) {
  const ownerName = video.owner?.fullName || 'Unknown User';
  const downloaded = useIsDownloaded(video._id);
  return (
    <Box component="article" sx={{ display: 'flex', gap: 1.25, minWidth: 0, alignItems: 'flex-start' }}>
      <Box
        component={Link}
        to={`/watch/${encodeURIComponent(video._id)}`}
        onClick={scrollToTop}
        sx={{ display: 'flex', gap: 1.25, minWidth: 0, flex: 1, color: 'inherit', textDecoration: 'none', borderRadius: 1.5, '&:hover .row-title': { color: 'primary.main' } }}
      >
        <Box sx={{ width: thumbWidth, flexShrink: 0 }}>
          <VideoThumbnail video={video} size="row" progress={progress} shownWidth={thumbWidth} downloaded={downloaded} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            className="row-title"
            variant="body2"
            sx={{ fontWeight: 600, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
          >
            {title ?? video.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" noWrap sx={{ mt: 0.25 }}>
            {ownerName}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {formatViews(video.views)} · {formatRelativeDate(video.createdAt)}
          </Typography>
          {extra}
        </Box>
      </Box>
      {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
    </Box>
  );
});
