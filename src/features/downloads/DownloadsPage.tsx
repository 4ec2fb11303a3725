// /downloads, the storage manager: smart downloads' settings; what is kept and why (manual, smart,
// Watch later) with each video's size and quality; the total against the budget; pin and unpin
// (smart downloads never evict a pinned video), delete, 'Free up space', and a warning when the
// browser's quota is nearly used.
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PinIcon from '@mui/icons-material/PushPin';
import PinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import { formatBytes, formatDuration, formatRelativeDate } from '../../lib/format';
import { deleteSavedVideo, getSmartSettings, listSavedVideos, type SavedVideo, setPinned, subscribeDownloads } from './downloadStore';
import { budgetOf, evictionOrder } from '../../../shared/smartRun';
import { SmartDownloadsSettings } from './SmartDownloadsSettings';
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

/** Used this share of the quota, the page warns. */
const NEAR_QUOTA_SHARE = 0.9;

/** Why a video is kept, as the list names it. */
function keptBecause(video: SavedVideo): string[] {
  if (video.origin !== 'smart') return ['Manual'];
  return (video.reasons ?? ['subscription']).map((reason) => (reason === 'watch-later' ? 'Watch later' : 'Smart: new from subscriptions'));
}

function useBudget(version: number): number | null {
  const [budget, setBudget] = useState<number | null>(null);
  useEffect(() => {
    void getSmartSettings()
      .then((settings) => budgetOf(settings, navigator.storage?.estimate ? () => navigator.storage.estimate() : undefined))
      .then(setBudget)
      .catch(() => setBudget(null));
  }, [version]);
  return budget;
}

export default function DownloadsPage() {
  usePageTitle('Downloads');
  const [videos, setVideos] = useState<SavedVideo[] | null>(null);
  const [version, setVersion] = useState(0);
  const estimate = useStorageEstimate(version);
  const budget = useBudget(version);
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

  const freeUpSpace = async () => {
    const all = videos ?? [];
    // What smart downloads would evict first; when nothing is, every unpinned smart download.
    const evictable = evictionOrder(all);
    const going = evictable.length ? evictable : all.filter((video) => video.origin === 'smart' && !video.pinned);
    for (const video of going) await deleteSavedVideo(video);
    const freed = going.reduce((sum, video) => sum + video.size, 0);
    toast.success(going.length ? `Freed ${formatBytes(freed)}` : 'Nothing to free: manual and pinned downloads stay');
  };

  const savedBytes = (videos ?? []).reduce((sum, video) => sum + video.size, 0);
  const nearQuota = estimate !== null && estimate.quota > 0 && estimate.usage / estimate.quota >= NEAR_QUOTA_SHARE;
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
      {budget !== null && (
        <Box sx={{ mb: 2 }}>
          <LinearProgress variant="determinate" value={Math.min(100, (savedBytes / budget) * 100)} aria-label="Downloads against the storage budget" />
          <Typography variant="body2" color="text.secondary" data-testid="storage-budget" sx={{ mt: 0.5 }}>
            {formatBytes(savedBytes)} of {formatBytes(budget)} budget
          </Typography>
        </Box>
      )}
      {nearQuota && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This device is almost out of space for the app: new downloads may fail. Free up space or delete some downloads.
        </Alert>
      )}
      <SmartDownloadsSettings />
      <Button variant="outlined" disabled={!videos?.some((video) => video.origin === 'smart' && !video.pinned)} onClick={() => void freeUpSpace()} sx={{ mb: 2 }}>
        Free up space
      </Button>
      {videos && videos.length === 0 && <Typography>No downloads yet. Use Save, then 'Download for offline' on a video.</Typography>}
      <Box component="ul" aria-label="Downloaded videos" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {(videos ?? []).map((video) => (
          // minWidth 0: a long title is cut with an ellipsis rather than widening the grid past a phone's screen.
          <Box component="li" key={video.videoId} sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
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
              <Typography
                component={Link}
                to={`/watch/${video.videoId}`}
                // Two lines on a phone's narrow row, then an ellipsis.
                sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
              >
                {video.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {video.ownerName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {video.quality}p · {formatBytes(video.size)} · saved {formatRelativeDate(video.savedAt)}
                {(video.watched ?? 0) >= 0.9 ? ' · watched' : ''}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                {keptBecause(video).map((reason) => (
                  <Chip key={reason} size="small" label={reason} sx={{ maxWidth: '100%' }} />
                ))}
              </Box>
            </Box>
            <IconButton
              aria-label={`${video.pinned ? 'Unpin' : 'Pin'} ${video.title}`}
              aria-pressed={Boolean(video.pinned)}
              onClick={() => void setPinned(video.videoId, !video.pinned)}
            >
              {video.pinned ? <PinIcon /> : <PinOutlinedIcon />}
            </IconButton>
            <IconButton aria-label={`Delete download ${video.title}`} onClick={() => void remove(video)}>
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
