// 'Related Videos' beside the player: pages of 10 without the current video, infinite scroll,
// 'No more videos to load'. The first one is what plays next.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { VideoCard } from '../../../contract/entities';
import { useGetRelatedVideosInfiniteQuery } from '../../api/endpoints/videos';
import { useInfiniteList } from '../../components/useInfiniteList';
import { ListFooter } from '../../components/VideoGrid';
import { VideoRow } from '../../components/VideoRow';

const RELATED_ERROR = 'Failed to fetch videos. Please try again later.';

export function useRelatedVideos(videoId: string) {
  return useInfiniteList<VideoCard>(useGetRelatedVideosInfiniteQuery(videoId));
}

export function RelatedVideos({ related, action }: { related: ReturnType<typeof useRelatedVideos>; action?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="related-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id="related-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Related Videos
        </Typography>
        {action}
      </Box>
      {related.loading ? (
        <Typography color="text.secondary">Loading videos...</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {related.items.map((video) => (
            <VideoRow key={video._id} video={video} />
          ))}
        </Box>
      )}
      {!related.loading && (
        <ListFooter loadingMore={related.loadingMore} hasMore={related.hasMore} error={related.isError ? RELATED_ERROR : null} onRetry={related.retry} />
      )}
    </Box>
  );
}
