// One video in a grid: thumbnail with NEW and duration, title, owner with fallbacks, views,
// relative date and, for its owner, a moderator's takedown with the reason. The card is the link;
// a ⋮ menu holds Save to playlist, Download for offline and Share (the card itself is the 'Watch' action).
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode, Suspense, useContext, useState } from 'react';
import { Link } from 'react-router-dom';
import type { VideoCard as VideoCardData } from '../../contract/entities';
import { formatRelativeDate, formatViews } from '../lib/format';
import { useIsDownloaded } from './downloadedVideos';
import { UserAvatar } from './UserAvatar';
import { VideoCardMenuContext } from './videoCardMenu';
import { VideoThumbnail } from './VideoThumbnail';

const scrollToTop = () => window.scrollTo({ top: 0 });

/** `action`: an optional extra control beside the menu (its clicks do not scroll the page); `priority`: load the thumbnail at once. */
// Memoized: the screens around it re-render on every query state change; an unchanged card does not.
export const VideoCard = memo(function VideoCard({ video, action, priority = false }: { video: VideoCardData; action?: ReactNode; priority?: boolean }) {
  const watchPath = `/watch/${encodeURIComponent(video._id)}`;
  const ownerName = video.owner?.fullName || 'Unknown User';
  const ownerHandle = video.owner?.username || 'unknown';
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const VideoCardMenu = useContext(VideoCardMenuContext);
  const downloaded = useIsDownloaded(video._id);
  return (
    <Box component="article" onClick={scrollToTop} sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, minWidth: 0 }}>
      <Box
        component={Link}
        to={watchPath}
        tabIndex={-1}
        aria-hidden
        sx={{ display: 'block', borderRadius: 2 }}
      >
        <VideoThumbnail video={video} size="card" priority={priority} downloaded={downloaded} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.25 }}>
        <Box component={Link} to={`/profile/${encodeURIComponent(ownerHandle)}`} aria-label={ownerName} sx={{ flexShrink: 0 }}>
          <UserAvatar name={ownerName} src={video.owner?.avatar} size={36} lazy={!priority} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            component={Link}
            to={watchPath}
            variant="subtitle1"
            sx={{
              color: 'text.primary',
              textDecoration: 'none',
              fontWeight: 600,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {video.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {ownerName} · @{ownerHandle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatViews(video.views)} · {formatRelativeDate(video.createdAt)}
            {/* The thumbnail (and its badge) is hidden from screen readers: the card says it here. */}
            {downloaded && <span className="visually-hidden"> · Downloaded</span>}
          </Typography>
          {video.takenDown && (
            // Only its owner (and moderators) still get a taken-down video in a list.
            <Typography variant="body2" data-testid="video-taken-down" sx={{ color: 'error.main', fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
              Removed by a moderator: {video.takenDown.reason}
            </Typography>
          )}
        </Box>
        {VideoCardMenu && (
          <Box onClick={(event) => event.stopPropagation()} sx={{ flexShrink: 0, alignSelf: 'flex-start', mt: -0.75, mr: -1 }}>
            <IconButton aria-label={`More actions for ${video.title}`} aria-haspopup="menu" aria-expanded={Boolean(menuAnchor)} onClick={(event) => setMenuAnchor(event.currentTarget)}>
              <MoreVertIcon />
            </IconButton>
            {menuAnchor && (
              <Suspense fallback={null}>
                {/* oxlint-disable-next-line react/static-components -- the context holds one module-level lazy component, never one made in a render */}
                <VideoCardMenu video={video} anchor={menuAnchor} onClose={() => setMenuAnchor(null)} />
              </Suspense>
            )}
          </Box>
        )}
        {action && (
          <Box onClick={(event) => event.stopPropagation()} sx={{ flexShrink: 0 }}>
            {action}
          </Box>
        )}
      </Box>
    </Box>
  );
});

export function VideoCardSkeleton() {
  return (
    <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Box sx={{ aspectRatio: '16 / 9', borderRadius: 2, bgcolor: 'action.hover' }} />
      <Box sx={{ display: 'flex', gap: 1.25 }}>
        <Box sx={{ width: 36, height: 36, borderRadius: '50%', bgcolor: 'action.hover', flexShrink: 0 }} />
        <Box sx={{ flex: 1 }}>
          <Box sx={{ height: 16, width: '90%', borderRadius: 1, bgcolor: 'action.hover', mb: 1 }} />
          <Box sx={{ height: 14, width: '60%', borderRadius: 1, bgcolor: 'action.hover' }} />
        </Box>
      </Box>
    </Box>
  );
}
