// A playlist: name and description, the owner's 'Add Videos', Total Views, Total
// Duration ('Xh Ym') and Avg. Views, the grid with infinite scroll, the empty state, removing a
// video (owner), and 'Back to Playlists' going back one page.
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlaylistRemoveIcon from '@mui/icons-material/PlaylistRemove';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router-dom';
import type { PlaylistDetail, VideoCard } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useGetPlaylistInfiniteQuery, useRemoveVideoFromPlaylistMutation } from '../../api/endpoints/playlists';
import { useAppSelector } from '../../lib/hooks';
import { StatTiles } from '../../components/StatTiles';
import { toast } from '../../components/toast';
import { useInfiniteList } from '../../components/useInfiniteList';
import { listGridProps, VideoGrid } from '../../components/VideoGrid';
import { average, formatCount, formatHoursMinutes } from '../../lib/format';
import { useLoadedToast } from '../../components/listFeedback';
import { canEditPlaylistVideos } from '../../lib/ownership';
import { useGoBack } from '../../lib/useGoBack';
import { selectCurrentUser } from '../auth/authSlice';
import { videoCountText } from './PlaylistCard';
import { isNotFound } from '../../api/errorStatus';
import { usePageTitle } from '../../lib/usePageTitle';

const PLAYLIST_ERROR = 'Failed to fetch playlist videos. Please try again later.';

const videosOf = (page: PlaylistDetail) => page.playlist.videos;

/** Summary cards over the videos loaded so far. */
function playlistSummary(videos: Pick<VideoCard, 'views' | 'duration'>[]) {
  const totalViews = videos.reduce((sum, video) => sum + video.views, 0);
  const totalSeconds = videos.reduce((sum, video) => sum + (video.duration || 0), 0);
  return { totalViews, totalDuration: formatHoursMinutes(totalSeconds), averageViews: average(totalViews, videos.length) };
}

export default function PlaylistPage() {
  const { playlistId = '' } = useParams();
  const viewer = useAppSelector(selectCurrentUser);
  const query = useGetPlaylistInfiniteQuery(playlistId);
  const list = useInfiniteList<VideoCard, PlaylistDetail>(query, videosOf);
  useLoadedToast(query, 'Playlist videos fetched successfully');
  const [removeVideo] = useRemoveVideoFromPlaylistMutation();
  const goBack = useGoBack(viewer ? `/profile/${encodeURIComponent(viewer.username)}?tab=playlists` : '/home');
  const playlist = query.data?.pages[0]?.playlist;
  const canEdit = canEditPlaylistVideos(viewer, playlist);
  usePageTitle(playlist ? `${playlist.name} - Playlist` : query.isError ? 'Playlist' : undefined);
  const notFound = isNotFound(query.error);
  const summary = playlistSummary(list.items);
  const addPath = `/playlist/${encodeURIComponent(playlistId)}/add-videos`;

  const remove = async (video: VideoCard) => {
    const result = await removeVideo({ videoId: video._id, playlistId });
    if ('error' in result) toast.error(messageOf(result.error, 'Failed to remove video from playlist'));
    else toast.success('Video removed from playlist successfully');
  };

  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={goBack} sx={{ mb: 1 }}>
      Back to Playlists
    </Button>
  );

  if (notFound) {
    return (
      <Box sx={{ textAlign: 'center', py: 8 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Playlist not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          This playlist does not exist or was deleted.
        </Typography>
        {back}
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1800, mx: 'auto' }}>
      {back}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2.5 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, sm: 32 }, overflowWrap: 'anywhere' }}>
            {playlist?.name ?? (list.loading ? 'Loading playlist...' : 'Playlist')}
          </Typography>
          {playlist && (
            <>
              <Typography color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {playlist.description}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {playlist.owner?.username ? (
                  <Link to={`/profile/${encodeURIComponent(playlist.owner.username)}`} style={{ color: 'inherit' }}>
                    {playlist.owner.fullName || playlist.owner.username}
                  </Link>
                ) : (
                  'Unknown User'
                )}{' '}
                · {videoCountText(playlist.videosCount)}
              </Typography>
            </>
          )}
        </Box>
        {canEdit && (
          <Button component={Link} to={addPath} variant="contained" startIcon={<AddIcon />}>
            Add Videos
          </Button>
        )}
      </Box>
      <Box sx={{ mb: 3 }}>
        <StatTiles
          label="Playlist summary"
          tiles={[
            { label: 'Total Views', value: formatCount(summary.totalViews), icon: <VisibilityIcon /> },
            { label: 'Total Duration', value: summary.totalDuration, icon: <AccessTimeIcon /> },
            { label: 'Avg. Views', value: formatCount(summary.averageViews), icon: <TrendingUpIcon /> },
          ]}
        />
      </Box>
      <VideoGrid
        {...listGridProps(list, PLAYLIST_ERROR)}
        emptyTitle="This playlist is empty"
        emptyMessage={canEdit ? 'Add videos to start building this playlist.' : 'No videos have been added yet.'}
        emptyAction={
          canEdit ? (
            <Button component={Link} to={addPath} variant="contained" startIcon={<AddIcon />}>
              Add Your First Video
            </Button>
          ) : undefined
        }
        cardAction={
          canEdit
            ? (video) => (
                <IconButton size="small" color="error" aria-label={`Remove ${video.title} from playlist`} title="Remove from playlist" onClick={() => void remove(video)}>
                  <PlaylistRemoveIcon fontSize="small" />
                </IconButton>
              )
            : undefined
        }
      />
    </Box>
  );
}
