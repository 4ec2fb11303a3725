// /downloads: the videos saved for offline with their size and quality, the storage used, delete.
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import { formatBytes, formatDuration, formatRelativeDate } from '../../lib/format';
import { deleteSavedVideo, listSavedVideos, type SavedVideo, subscribeDownloads } from './downloadStore';
import { usePageTitle } from '../../lib/usePageTitle';
import { checkSavedVideos } from './removedDownloads';

/** What this site may still store (navigator.storage.estimate: the browser's own figure, rounded by it). */
function useStorageEstimate(version: number) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    const storage = navigator.storage;
    if (!storage?.estimate) return;
    void Promise.all([storage.estimate(), storage.persisted?.().catch(() => false) ?? false])
      .then(([{ usage = 0, quota = 0 }, persisted]) => setEstimate({ usage, quota, persisted }))
      .catch(() => setEstimate(null));
  }, [version]);
  return estimate;
}

export default function DownloadsPage() {
  usePageTitle('Downloads');
  const [videos, setVideos] = useState<SavedVideo[] | null>(null);
  const [version, setVersion] = useState(0);
  const estimate = useStorageEstimate(version);
  const reload = useCallback(() => {
    void listSavedVideos()
      .then(setVideos)
      .catch(() => setVideos([]));
    setVersion((value) => value + 1);
  }, []);
  useEffect(() => {
    reload();
    // A video taken down or deleted since it was saved leaves the list (and the device) now.
    void checkSavedVideos();
    return subscribeDownloads(reload);
  }, [reload]);

  const remove = async (video: SavedVideo) => {
    await deleteSavedVideo(video);
    toast.success('Download deleted');
  };

  const savedBytes = (videos ?? []).reduce((sum, video) => sum + video.size, 0);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Downloads
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="storage-used" sx={{ mb: 2 }}>
        Saved videos: {formatBytes(savedBytes)}
        {estimate ? ` · Storage used: ${formatBytes(estimate.usage)} · Available: ${formatBytes(Math.max(0, estimate.quota - estimate.usage))}` : ''}
        {estimate?.persisted ? ' · Kept by the browser when space runs low' : ''}
      </Typography>
      {videos && videos.length === 0 && <Typography>No downloads yet. Use Save, then 'Download for offline' on a video.</Typography>}
      <Box component="ul" aria-label="Downloaded videos" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {(videos ?? []).map((video) => (
          <Box component="li" key={video.videoId} sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <Box
              component={Link}
              to={`/watch/${video.videoId}`}
              sx={{ position: 'relative', flex: '0 0 auto', width: { xs: 140, sm: 200 }, aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover' }}
            >
              {video.thumbnailUrl && <img src={video.thumbnailUrl} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
              <Box component="span" sx={{ position: 'absolute', right: 4, bottom: 4, px: 0.5, borderRadius: 1, bgcolor: 'rgba(0,0,0,.8)', color: '#fff', fontSize: 12 }}>
                {formatDuration(video.duration)}
              </Box>
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography component={Link} to={`/watch/${video.videoId}`} sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none', display: 'block' }} noWrap>
                {video.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {video.ownerName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {video.quality}p · {formatBytes(video.size)} · saved {formatRelativeDate(video.savedAt)}
              </Typography>
            </Box>
            <IconButton aria-label={`Delete download ${video.title}`} onClick={() => void remove(video)}>
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
