// The grid shared by the feed, profile tabs and playlists: loading, error with
// Try Again, empty, 1 to 4 columns, and the infinite-scroll footer.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { VideoCard as VideoCardData } from '../../contract/entities';
import type { InfiniteList } from './useInfiniteList';
import { VideoCard, VideoCardSkeleton } from './VideoCard';

/**
 * Only the first card's thumbnail (the likely LCP) loads at once, with high priority; the others load
 * lazily, which still starts those in view right after layout. On a phone's single column the next
 * cards are mostly below the fold, and their pictures would share a slow link with the first one.
 */
const PRIORITY_CARDS = 1;

export const SKELETON_CARDS = 8;

const wideGridSx = {
  display: 'grid',
  gap: { xs: 3, sm: 2.5 },
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

/** A grid beside a side column (settings): one column fewer from md up, so cards keep their width. */
const narrowGridSx = { ...wideGridSx, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } } as const;

interface Props {
  videos: VideoCardData[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  loadingMore?: boolean;
  hasMore?: boolean;
  emptyTitle?: string;
  emptyMessage?: string;
  /** Shown under the empty message (e.g. the owner's 'Upload Your First Video'). */
  emptyAction?: ReactNode;
  /** A per-card extra (e.g. remove from history, delete own video). */
  cardAction?: (video: VideoCardData) => ReactNode;
  /** The footer at the end of the list (settings says "You've reached the end!"). */
  endMessage?: string;
  /** The grid sits beside a side column (e.g. settings' tab list). */
  narrow?: boolean;
}

/** VideoGrid's list props from a useInfiniteList result; `errorMessage` is shown when a page failed. */
export function listGridProps(list: InfiniteList<VideoCardData>, errorMessage: string) {
  return {
    videos: list.items,
    loading: list.loading,
    error: list.isError ? errorMessage : null,
    onRetry: list.retry,
    loadingMore: list.loadingMore,
    hasMore: list.hasMore,
  };
}

export function VideoGrid({
  videos,
  loading,
  error,
  onRetry,
  loadingMore = false,
  hasMore = false,
  emptyTitle = 'No videos found',
  emptyMessage = 'No videos found.',
  emptyAction,
  cardAction,
  endMessage,
  narrow = false,
}: Props) {
  const gridSx = narrow ? narrowGridSx : wideGridSx;
  if (loading && !videos.length) {
    return (
      <Box sx={gridSx} role="status" aria-label="Loading videos">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </Box>
    );
  }
  if (error && !videos.length) return <ErrorPanel message={error} onRetry={onRetry} />;
  if (!videos.length) return <EmptyState title={emptyTitle} message={emptyMessage} action={emptyAction} />;
  return (
    <>
      <Box sx={gridSx}>
        {videos.map((video, index) => (
          <VideoCard key={video._id} video={video} action={cardAction?.(video)} priority={index < PRIORITY_CARDS} />
        ))}
      </Box>
      <ListFooter loadingMore={loadingMore} hasMore={hasMore} error={error} onRetry={onRetry} endMessage={endMessage} />
    </>
  );
}

/** A list that failed before showing anything: the message and Try Again (grids, playlists, history). */
export function ErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8 }}>
      <Typography sx={{ mb: 2 }}>{message}</Typography>
      <Button variant="contained" onClick={onRetry}>
        Try Again
      </Button>
    </Box>
  );
}

/** An empty list: a title, a message and an optional action (e.g. 'Upload Your First Video'). */
export function EmptyState({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

/** Under any infinite list: 'Loading more videos...', a failed page with Try Again, or the end. */
export function ListFooter({
  loadingMore,
  hasMore,
  error,
  onRetry,
  endMessage = 'No more videos to load',
}: {
  loadingMore: boolean;
  hasMore: boolean;
  error?: string | null;
  onRetry?: () => void;
  endMessage?: string;
}) {
  if (error && !loadingMore) {
    return (
      <Box role="alert" sx={{ py: 3, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {error}
        </Typography>
        {onRetry && (
          <Button variant="outlined" size="small" onClick={onRetry}>
            Try Again
          </Button>
        )}
      </Box>
    );
  }
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} role="status">
      {loadingMore ? 'Loading more videos...' : hasMore ? '' : endMessage}
    </Typography>
  );
}
