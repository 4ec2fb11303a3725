// Add videos to a playlist: the user's uploads; tap to select, tap again to
// deselect; a preview of the selection; Cancel and 'Add to Playlist' (disabled without a
// selection); 'Video Added Successfully!' then back after 1.5 s; 'No videos found' with 'Upload Video'.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { VideoCard } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useAddVideoToPlaylistMutation } from '../../api/endpoints/playlists';
import { useGetMyVideosInfiniteQuery } from '../../api/endpoints/videos';
import { useAppSelector } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { useInfiniteList } from '../../components/useInfiniteList';
import { EmptyState, ErrorPanel, ListFooter } from '../../components/VideoGrid';
import { formatDuration, formatViews } from '../../lib/format';
import { UPLOADED_FETCH_ERROR } from '../../components/listFeedback';
import { useGoBack } from '../../lib/useGoBack';
import { selectCurrentUser } from '../auth/authSlice';
import { REDIRECT_DELAY_MS } from './CreatePlaylistPage';
import { usePageTitle } from '../../lib/usePageTitle';

const ADD_FAILED = 'Failed to add video to playlist';

function SelectableVideo({ video, selected, onToggle }: { video: VideoCard; selected: boolean; onToggle: () => void }) {
  return (
    <ButtonBase
      onClick={onToggle}
      aria-pressed={selected}
      sx={{
        display: 'block',
        textAlign: 'left',
        width: '100%',
        borderRadius: 2,
        p: 1,
        border: 2,
        borderColor: selected ? 'primary.main' : 'transparent',
        bgcolor: selected ? 'action.selected' : 'transparent',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '16 / 9', borderRadius: 1.5, overflow: 'hidden', bgcolor: 'action.hover', mb: 1 }}>
        {video.thumbnail && <Box component="img" src={video.thumbnail} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
        {selected && <CheckCircleIcon color="primary" sx={{ position: 'absolute', top: 6, left: 6, bgcolor: 'background.paper', borderRadius: '50%' }} />}
        <Box sx={{ position: 'absolute', right: 6, bottom: 6, px: 0.5, borderRadius: 0.75, fontSize: 12, fontWeight: 700, color: '#fff', bgcolor: 'rgba(0,0,0,0.8)' }}>
          {formatDuration(video.duration)}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}>
        {video.title}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatViews(video.views)}
      </Typography>
    </ButtonBase>
  );
}

function Preview({ video }: { video: VideoCard | undefined }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} aria-label="Selected video preview" component="section">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        Preview
      </Typography>
      {video ? (
        <>
          <Box component="video" src={video.filePath} poster={video.thumbnail || undefined} controls preload="metadata" sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 2, bgcolor: '#000' }} />
          <Typography sx={{ fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>{video.title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {video.description}
          </Typography>
        </>
      ) : (
        <Typography color="text.secondary">Select a video to preview it here.</Typography>
      )}
    </Paper>
  );
}

export default function AddVideosPage() {
  usePageTitle('Add videos to playlist');
  const { playlistId = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const list = useInfiniteList<VideoCard>(useGetMyVideosInfiniteQuery(undefined, { skip: !user }));
  const [addVideo, { isLoading }] = useAddVideoToPlaylistMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const goBack = useGoBack(`/playlist/${encodeURIComponent(playlistId)}`);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(goBack, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [added, goBack]);

  if (!user) return <Navigate to="/login" replace />;

  const selected = list.items.find((video) => video._id === selectedId);

  const add = async () => {
    if (!selectedId || isLoading || added) return;
    const result = await addVideo({ videoId: selectedId, playlistId });
    if ('error' in result) {
      toast.error(messageOf(result.error, ADD_FAILED));
      return;
    }
    toast.success('Video added to playlist successfully');
    setAdded(true);
  };

  let body;
  if (list.loading && !list.items.length) {
    body = (
      <Typography role="status" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        Loading your videos...
      </Typography>
    );
  } else if (list.isError && !list.items.length) {
    body = <ErrorPanel message={UPLOADED_FETCH_ERROR} onRetry={list.retry} />;
  } else if (!list.items.length) {
    body = (
      <EmptyState
        title="No videos found"
        message="Upload a video first, then add it to this playlist."
        action={
          <Button component={Link} to="/upload" variant="contained" startIcon={<UploadIcon />}>
            Upload Video
          </Button>
        }
      />
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(280px, 1fr)' }, alignItems: 'start' }}>
        <Box>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
            {list.items.map((video) => (
              <SelectableVideo key={video._id} video={video} selected={video._id === selectedId} onToggle={() => setSelectedId((current) => (current === video._id ? null : video._id))} />
            ))}
          </Box>
          <ListFooter loadingMore={list.loadingMore} hasMore={list.hasMore} error={list.isError ? UPLOADED_FETCH_ERROR : null} onRetry={list.retry} />
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
          <Preview video={selected} />
          <Stack direction="row" spacing={1.5} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button onClick={goBack} disabled={isLoading}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void add()} disabled={!selectedId || isLoading || added}>
              {isLoading ? 'Adding...' : 'Add to Playlist'}
            </Button>
          </Stack>
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        Add Videos
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        Choose one of your videos to add to this playlist.
      </Typography>
      {added && (
        <Alert icon={<CheckCircleIcon />} severity="success" sx={{ mb: 2.5 }}>
          <AlertTitle>Video Added Successfully!</AlertTitle>
          Taking you back to the playlist...
        </Alert>
      )}
      {body}
    </Box>
  );
}
