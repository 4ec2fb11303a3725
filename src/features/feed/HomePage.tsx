// Home feed (spec section 2): 8 skeleton cards, an error panel with Try Again, then the grid with
// infinite scroll. Cached pages (IndexedDB) show at once, also offline, while a refresh runs.
import Typography from '@mui/material/Typography';
import { useGetFeedInfiniteQuery } from '../../api/endpoints/videos';
import { uniqueById, useInfiniteScroll } from '../../components/useInfiniteScroll';
import { VideoGrid } from '../../components/VideoGrid';

export const FEED_ERROR = 'Failed to fetch videos. Please try again later.';

export default function HomePage() {
  const feed = useGetFeedInfiniteQuery();
  const videos = uniqueById(feed.data?.pages);
  const hasMore = Boolean(feed.hasNextPage);
  useInfiniteScroll({ hasMore, loading: feed.isFetching, onLoadMore: () => void feed.fetchNextPage() });

  return (
    <section aria-labelledby="home-title">
      <Typography id="home-title" variant="h6" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
        Recommended
      </Typography>
      <VideoGrid
        videos={videos}
        loading={feed.isLoading}
        error={feed.isError ? FEED_ERROR : null}
        onRetry={() => void feed.refetch()}
        loadingMore={feed.isFetchingNextPage}
        hasMore={hasMore}
      />
    </section>
  );
}
