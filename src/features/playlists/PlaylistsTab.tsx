// Profile > Playlists: 'Playlists', a count, Total Videos, Total Duration and Avg.
// Videos, the owner's 'Create Playlist', 8 skeleton cards, an error with Try Again, the empty state,
// then the cards with infinite scroll.
import AddIcon from '@mui/icons-material/Add';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VideoLibraryIcon from '@mui/icons-material/VideoLibraryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { Playlist, PlaylistPage } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useGetUserPlaylistsInfiniteQuery } from '../../api/endpoints/playlists';
import { useAppSelector } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { useInfiniteList } from '../../components/useInfiniteList';
import { EmptyState, ErrorPanel, ListFooter, SKELETON_CARDS } from '../../components/VideoGrid';
import { average, formatCount, formatHoursMinutes } from '../../lib/format';
import { useLoadedToast, useLoginOn401 } from '../../components/listFeedback';
import { isPlaylistOwner } from '../../lib/ownership';
import { selectCurrentUser } from '../auth/authSlice';
import { TabHeader } from '../../components/TabHeader';
import { PlaylistCard } from './PlaylistCard';

const PLAYLISTS_ERROR = 'No playlists found';

const gridSx = {
  display: 'grid',
  gap: { xs: 3, sm: 2.5 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
} as const;

const playlistsOf = (page: PlaylistPage) => page.playlists;

/** Summary of the listed playlists. Durations come from each card's preview videos (the API's card carries no total). */
function playlistTotals(playlists: Playlist[]) {
  const totalVideos = playlists.reduce((sum, playlist) => sum + (playlist.videosCount ?? 0), 0);
  const totalSeconds = playlists.reduce((sum, playlist) => sum + playlist.videos.reduce((s, video) => s + (video.duration || 0), 0), 0);
  return { totalVideos, totalSeconds, averageVideos: average(totalVideos, playlists.length) };
}

const createLink = (label: string) => (
  <Button component={Link} to="/create-playlist" variant="contained" startIcon={<AddIcon />}>
    {label}
  </Button>
);

export function PlaylistsTab({ username, isOwner }: { username: string; isOwner: boolean }) {
  const viewer = useAppSelector(selectCurrentUser);
  const query = useGetUserPlaylistsInfiniteQuery(username);
  const list = useInfiniteList<Playlist, PlaylistPage>(query, playlistsOf);
  useLoadedToast(query, 'Playlists fetched successfully');
  useLoginOn401(query.error, 'Please login to view your playlists');
  const error = list.isError ? messageOf(query.error, PLAYLISTS_ERROR) : null;
  const unauthorized = (query.error as { status?: unknown } | undefined)?.status === 401;
  useEffect(() => {
    if (error && !unauthorized && !list.items.length) toast.error(error);
  }, [error, unauthorized, list.items.length]);

  const totals = playlistTotals(list.items);
  const count = list.items.length;

  let body;
  if (list.loading && !count) {
    body = (
      <Box sx={gridSx} role="status" aria-label="Loading playlists">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Box key={i} aria-hidden>
            <Box sx={{ aspectRatio: '16 / 9', borderRadius: 2, bgcolor: 'action.hover', mb: 1 }} />
            <Box sx={{ height: 16, width: '70%', borderRadius: 1, bgcolor: 'action.hover', mb: 1 }} />
            <Box sx={{ height: 14, width: '40%', borderRadius: 1, bgcolor: 'action.hover' }} />
          </Box>
        ))}
      </Box>
    );
  } else if (error && !count) {
    body = <ErrorPanel message={error} onRetry={list.retry} />;
  } else if (!count) {
    body = (
      <EmptyState
        title="No playlists found"
        message="Start creating playlists to organize your favorite videos!"
        action={isOwner ? createLink('Create Your First Playlist') : undefined}
      />
    );
  } else {
    body = (
      <>
        <Box sx={gridSx}>
          {list.items.map((playlist) => (
            <PlaylistCard key={playlist._id} playlist={playlist} manageable={isPlaylistOwner(viewer, playlist)} />
          ))}
        </Box>
        {list.loadingMore && (
          <Typography role="status" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            Loading more playlists...
          </Typography>
        )}
        {list.isError && <ListFooter loadingMore={false} hasMore={list.hasMore} error={error} onRetry={list.retry} />}
      </>
    );
  }

  return (
    <>
      <TabHeader
        title="Playlists"
        count={`${count}${list.hasMore ? '+' : ''} ${count === 1 ? 'playlist' : 'playlists'}`}
        action={isOwner ? createLink('Create Playlist') : undefined}
        tiles={[
          { label: 'Total Videos', value: formatCount(totals.totalVideos), icon: <VideoLibraryIcon /> },
          { label: 'Total Duration', value: formatHoursMinutes(totals.totalSeconds), icon: <AccessTimeIcon /> },
          { label: 'Avg. Videos', value: formatCount(totals.averageVideos), icon: <TrendingUpIcon /> },
        ]}
      />
      {body}
    </>
  );
}
