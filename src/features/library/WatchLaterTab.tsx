// Watch later: 'Watch Later', a count and tiles, the grid of saved videos newest first with
// infinite scroll, each removable on its own, and 'Nothing saved yet'. The profile's private tab.
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CloseIcon from '@mui/icons-material/Close';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import WatchLaterIcon from '@mui/icons-material/WatchLaterOutlined';
import IconButton from '@mui/material/IconButton';
import type { WatchLaterEntry, WatchLaterPage } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useGetWatchLaterInfiniteQuery, useRemoveFromWatchLaterMutation } from '../../api/endpoints/watchLater';
import { TabHeader } from '../../components/TabHeader';
import { toast } from '../../components/toast';
import { useInfiniteList } from '../../components/useInfiniteList';
import { listGridProps, VideoGrid } from '../../components/VideoGrid';
import { formatCount, formatHoursMinutes } from '../../lib/format';
import { useLoginOn401 } from '../../components/listFeedback';

const WATCH_LATER_ERROR = 'Failed to fetch Watch later. Please try again later.';

export function WatchLaterTab({ level }: { level?: 'h1' | 'h2' }) {
  // Saved from other screens and devices: always ask the server when the list opens.
  const query = useGetWatchLaterInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = useInfiniteList<WatchLaterEntry, WatchLaterPage>(query);
  useLoginOn401(query.error);
  const [removeEntry] = useRemoveFromWatchLaterMutation();
  const videos = list.items;
  const totalViews = videos.reduce((sum, video) => sum + video.views, 0);
  const totalSeconds = videos.reduce((sum, video) => sum + (video.duration || 0), 0);

  const remove = async (videoId: string) => {
    const result = await removeEntry(videoId);
    if ('error' in result) toast.error(messageOf(result.error, 'Failed to remove the video from Watch later'));
  };

  return (
    <>
      <TabHeader
        title="Watch Later"
        level={level}
        count={`${videos.length}${list.hasMore ? '+' : ''} ${videos.length === 1 ? 'video' : 'videos'}`}
        tiles={[
          { label: 'Saved Videos', value: formatCount(videos.length), icon: <WatchLaterIcon /> },
          { label: 'Total Views', value: formatCount(totalViews), icon: <VisibilityIcon /> },
          { label: 'Total Duration', value: formatHoursMinutes(totalSeconds), icon: <AccessTimeIcon /> },
        ]}
      />
      <VideoGrid
        {...listGridProps(list, WATCH_LATER_ERROR)}
        emptyTitle="Nothing saved yet"
        emptyMessage="Save videos to Watch later from any card's menu or the watch page."
        cardAction={(video) => (
          <IconButton size="small" aria-label={`Remove ${video.title} from Watch later`} onClick={() => void remove(video._id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      />
    </>
  );
}
