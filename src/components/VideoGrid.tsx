// The grid shared by the feed, profile tabs and playlists (spec section 2): loading, error with
// Try Again, empty, 1 to 4 columns, and the infinite-scroll footer.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { VideoCard as VideoCardData } from '../../contract/entities';
import { VideoCard, VideoCardSkeleton } from './VideoCard';

export const SKELETON_CARDS = 8;

const gridSx = {
  display: 'grid',
  gap: { xs: 3, sm: 2.5 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

interface Props {
  videos: VideoCardData[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  loadingMore?: boolean;
  hasMore?: boolean;
  emptyMessage?: string;
}

export function VideoGrid({ videos, loading, error, onRetry, loadingMore = false, hasMore = false, emptyMessage = 'No videos found.' }: Props) {
  if (loading && !videos.length) {
    return (
      <Box sx={gridSx} role="status" aria-label="Loading videos">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </Box>
    );
  }
  if (error && !videos.length) {
    return (
      <Box role="alert" sx={{ textAlign: 'center', py: 8 }}>
        <Typography sx={{ mb: 2 }}>{error}</Typography>
        <Button variant="contained" onClick={onRetry}>
          Try Again
        </Button>
      </Box>
    );
  }
  if (!videos.length) {
    return (
      <Box sx={{ textAlign: 'center', py: 8 }}>
        <Typography variant="h6" component="h2">
          No videos found
        </Typography>
        <Typography color="text.secondary">{emptyMessage}</Typography>
      </Box>
    );
  }
  return (
    <>
      <Box sx={gridSx}>
        {videos.map((video) => (
          <VideoCard key={video._id} video={video} />
        ))}
      </Box>
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} role="status">
        {loadingMore ? 'Loading more videos...' : hasMore ? '' : 'No more videos to load'}
      </Typography>
    </>
  );
}
