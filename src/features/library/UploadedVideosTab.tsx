// Profile > Videos, and /my-videos: 'Uploaded Videos', a count, Total Views, Total
// Likes and Avg. Views, the owner's 'Upload Video', the grid with infinite scroll and its empty state.
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import { Link } from 'react-router-dom';
import type { VideoCard } from '../../../contract/entities';
import { useGetProfileQuery } from '../../api/endpoints/users';
import { useGetUserVideosInfiniteQuery } from '../../api/endpoints/videos';
import { useInfiniteList } from '../../components/useInfiniteList';
import { TabHeader } from '../../components/TabHeader';
import { listGridProps, VideoGrid } from '../../components/VideoGrid';
import { average, formatCount } from '../../lib/format';
import { UPLOADED_FETCH_ERROR, useLoginOn401 } from '../../components/listFeedback';
import { EditVideoButton } from '../videoEdit/EditVideoButton';

const uploadLink = (label: string) => (
  <Button component={Link} to="/upload" variant="contained" startIcon={<UploadIcon />}>
    {label}
  </Button>
);

export function UploadedVideosTab({ username, isOwner, level }: { username: string; isOwner: boolean; level?: 'h1' | 'h2' }) {
  const profile = useGetProfileQuery(username).data;
  const query = useGetUserVideosInfiniteQuery(username);
  const list = useInfiniteList<VideoCard>(query);
  useLoginOn401(query.error);
  const totalVideos = profile?.totalVideos ?? list.items.length;
  const totalViews = profile?.totalViews ?? list.items.reduce((sum, video) => sum + video.views, 0);
  const totalLikes = profile?.totalLikes ?? list.items.reduce((sum, video) => sum + video.likes, 0);

  return (
    <>
      <TabHeader
        title="Uploaded Videos"
        level={level}
        count={`${formatCount(totalVideos)} ${totalVideos === 1 ? 'video' : 'videos'}`}
        action={isOwner ? uploadLink('Upload Video') : undefined}
        tiles={[
          { label: 'Total Views', value: formatCount(totalViews), icon: <VisibilityIcon /> },
          { label: 'Total Likes', value: formatCount(totalLikes), icon: <ThumbUpIcon /> },
          { label: 'Avg. Views', value: formatCount(average(totalViews, totalVideos)), icon: <TrendingUpIcon /> },
        ]}
      />
      <VideoGrid
        {...listGridProps(list, UPLOADED_FETCH_ERROR)}
        emptyTitle="No videos uploaded yet"
        emptyMessage="Start sharing your amazing content with the world!"
        emptyAction={isOwner ? uploadLink('Upload Your First Video') : undefined}
        cardAction={isOwner ? (video) => <EditVideoButton video={video} compact /> : undefined}
      />
    </>
  );
}
