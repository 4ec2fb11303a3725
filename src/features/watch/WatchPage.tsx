// Watch screen (/watch/{videoId}, spec section 2): skeleton, error with Try Again, the player (or the
// transcoding progress), title, views, date, actions, owner, description, comments and related videos.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetVideoQuery } from '../../api/endpoints/videos';
import { useAppDispatch } from '../../app/hooks';
import { formatRelativeDate, formatViews } from '../../lib/format';
import { setActive, setCurrentTime, setVideoId, setVideoSrc } from '../miniPlayer/miniPlayerSlice';
import { useSavedVideo } from '../downloads/useSavedVideo';
import { VideoPlayer } from '../player/VideoPlayer';
import { OwnerBlock } from './OwnerBlock';
import { ProcessingNotice } from './ProcessingNotice';
import { RelatedVideos, useRelatedVideos } from './RelatedVideos';
import { useWatchSession } from './useWatchSession';
import { VideoActions } from './VideoActions';
import { WatchSkeleton } from './WatchSkeleton';

const CommentsSection = lazy(() => import('../comments/CommentsSection'));

export const VIDEO_ERROR = 'Failed to fetch video. Please try again later.';
/** While transcoding, also poll: progress events reach only the owner, and the socket may be down. */
const PROCESSING_POLL_MS = 3000;

export default function WatchPage() {
  const { videoId = '' } = useParams();
  // A fresh screen per video: player, view registration and timers start over.
  return <WatchScreen key={videoId} videoId={videoId} />;
}

function WatchScreen({ videoId }: { videoId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const query = useGetVideoQuery(videoId);
  const savedVideo = useSavedVideo(videoId);
  const processing = query.data?.status === 'processing';
  useGetVideoQuery(videoId, { pollingInterval: processing ? PROCESSING_POLL_MS : 0, skip: !processing });
  const related = useRelatedVideos(videoId);
  const session = useWatchSession(videoId, related.items[0]?._id);
  const video = query.data;

  if (!video) {
    if (query.isError) {
      return (
        <Box role="alert" sx={{ textAlign: 'center', py: 8 }}>
          <Typography sx={{ mb: 2 }}>{VIDEO_ERROR}</Typography>
          <Button variant="contained" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Box>
      );
    }
    return <WatchSkeleton />;
  }

  const playable = video.qualities.length > 0 && video.status !== 'failed';
  const minimize = (time: number, src: string) => {
    dispatch(setVideoId(video._id));
    dispatch(setVideoSrc(src));
    dispatch(setCurrentTime(time));
    dispatch(setActive(true));
    // Back to browsing with the video floating over it; Back returns here at the same time.
    navigate('/home');
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' }, mx: { xs: -1.5, sm: 0 } }}>
      <Box component="article" aria-labelledby="video-title" sx={{ minWidth: 0 }}>
        {playable && !savedVideo.checked ? (
          <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: { sm: 3 } }} />
        ) : playable ? (
          <VideoPlayer
            key={savedVideo.saved ? 'saved' : 'online'}
            preferredHeight={savedVideo.saved?.quality}
            artist={video.owner?.fullName}
            filePath={video.filePath}
            qualities={video.qualities}
            poster={video.thumbnail}
            title={video.title}
            duration={video.duration}
            startAt={session.startAt}
            autoPlay={session.autoplay || session.startAt > 0}
            onFirstPlay={session.onFirstPlay}
            onEnded={session.onEnded}
            onMinimize={minimize}
          />
        ) : (
          <ProcessingNotice video={video} />
        )}
        <Box sx={{ px: { xs: 1.5, sm: 0 } }}>
          <Typography id="video-title" variant="h5" component="h1" sx={{ mt: 2, fontWeight: 700, fontSize: { xs: 19, sm: 22 }, overflowWrap: 'anywhere' }}>
            {video.title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mt: 1 }}>
            <Typography variant="body2" color="text.secondary" data-testid="video-views">
              {formatViews(video.views)} · {formatRelativeDate(video.createdAt)}
            </Typography>
            <VideoActions video={video} />
          </Box>
          <Box sx={{ my: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <OwnerBlock owner={video.owner} />
            {video.description && (
              <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} variant="body2">
                {video.description}
              </Typography>
            )}
          </Box>
          <Suspense fallback={<Typography color="text.secondary">Loading comments...</Typography>}>
            <CommentsSection videoId={video._id} videoTitle={video.title} />
          </Suspense>
        </Box>
      </Box>
      <Box component="aside" sx={{ px: { xs: 1.5, sm: 0 }, minWidth: 0 }}>
        <RelatedVideos related={related} />
      </Box>
    </Box>
  );
}
