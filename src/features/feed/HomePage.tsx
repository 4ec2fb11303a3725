// Home feed: 8 skeleton cards, an error panel with Try Again, then the grid with
// infinite scroll. Cached pages (IndexedDB) show at once, also offline, while a refresh runs.
import Typography from '@mui/material/Typography';
import type { VideoCard } from '../../../contract/entities';
import { useGetFeedInfiniteQuery } from '../../api/endpoints/videos';
import { useInfiniteList } from '../../components/useInfiniteList';
import { listGridProps, VideoGrid } from '../../components/VideoGrid';
import { usePageTitle } from '../../lib/usePageTitle';

export const FEED_ERROR = 'Failed to fetch videos. Please try again later.';

export default function HomePage() {
  const feed = useInfiniteList<VideoCard>(useGetFeedInfiniteQuery());
  usePageTitle('Home');

  return (
    <section aria-labelledby="home-title">
      <Typography id="home-title" variant="h6" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
        Recommended
      </Typography>
      <VideoGrid
        {...listGridProps(feed, FEED_ERROR)}
      />
    </section>
  );
}
