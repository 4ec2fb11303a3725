// Liked videos: 'My Liked Videos', tiles, the owner's 'Clear All' (confirmed), the
// grid with infinite scroll and 'No liked videos yet'. Used by the profile tab and /liked-videos.
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { LikedEntry, LikedPage } from '../../../contract/entities';
import { useClearLikedVideosMutation, useGetLikedVideosInfiniteQuery } from '../../api/endpoints/reactions';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useInfiniteList } from '../../components/useInfiniteList';
import { listGridProps, VideoGrid } from '../../components/VideoGrid';
import { formatCount, formatHoursMinutes } from '../../lib/format';
import { useLoginOn401 } from '../../components/listFeedback';
import { TabHeader } from '../../components/TabHeader';

const LIKED_ERROR = 'Failed to fetch liked videos. Please try again later.';
const CLEAR_LIKED_TEXT = 'Are you sure you want to remove all your liked videos? This action cannot be undone.';

export function LikedVideosTab({ level }: { level?: 'h1' | 'h2' }) {
  // Likes come from other screens and devices: always ask the server when the list opens.
  const query = useGetLikedVideosInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = useInfiniteList<LikedEntry, LikedPage>(query);
  useLoginOn401(query.error);
  const [confirming, setConfirming] = useState(false);
  const [clearLiked, clearing] = useClearLikedVideosMutation();
  const videos = list.items;
  const totalViews = videos.reduce((sum, video) => sum + video.views, 0);
  const totalSeconds = videos.reduce((sum, video) => sum + (video.duration || 0), 0);

  const clear = async () => {
    const result = await clearLiked();
    // A failed clear is only logged.
    if ('error' in result) console.error('Clearing liked videos failed', result.error);
    setConfirming(false);
  };

  return (
    <>
      <TabHeader
        title="My Liked Videos"
        level={level}
        count={`${videos.length}${list.hasMore ? '+' : ''} ${videos.length === 1 ? 'video' : 'videos'}`}
        action={
          <Button color="error" variant="outlined" startIcon={<DeleteSweepIcon />} disabled={!videos.length} onClick={() => setConfirming(true)}>
            Clear All
          </Button>
        }
        tiles={[
          { label: 'Liked Videos', value: formatCount(videos.length), icon: <ThumbUpIcon /> },
          { label: 'Total Views', value: formatCount(totalViews), icon: <VisibilityIcon /> },
          { label: 'Total Duration', value: formatHoursMinutes(totalSeconds), icon: <AccessTimeIcon /> },
        ]}
      />
      <VideoGrid
        {...listGridProps(list, LIKED_ERROR)}
        emptyTitle="No liked videos yet"
        emptyMessage="Start liking videos to see them here!"
      />
      <ConfirmDialog
        open={confirming}
        title="Clear Liked Videos"
        message={CLEAR_LIKED_TEXT}
        confirmLabel="Clear All"
        busy={clearing.isLoading}
        onConfirm={() => void clear()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
