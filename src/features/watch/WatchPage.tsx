// Watch screen (/watch/{videoId}): skeleton, error with Try Again, the player (or the
// transcoding progress), title, views, date, actions, owner, description, comments and related videos.
// Offline, a video this device has not downloaded gets the offline notice instead of an error or a
// player that cannot play (OfflineNotice.tsx).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useGetCaptionsQuery } from '../../api/endpoints/playback';
import { useGetVideoQuery } from '../../api/endpoints/videos';
import { isOffline, messageOf } from '../../api/client';
import { isGone, isNotFound } from '../../api/errorStatus';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { afterFirstPaint } from '../../lib/afterFirstPaint';
import { formatRelativeDate, formatViews } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { selectIsSignedIn } from '../auth/authSlice';
import { setActive, setCurrentTime, setVideoId, setVideoSrc } from '../miniPlayer/miniPlayerSlice';
import { forgetGoneVideo } from '../downloads/removedDownloads';
import { useSavedVideo } from '../downloads/useSavedVideo';
import { recordWatched } from '../downloads/downloadStore';
import { WATCHED_SHARE } from '../../../shared/smartRun';
import { useOfflineViewReport } from '../downloads/useOfflineViewReport';
import { browserMedia } from '../player/playbackMode';
import { loadHls } from '../player/useHlsPlayback';
import { VideoPlayer } from '../player/VideoPlayer';
import { useAutoplayPreference } from './autoplay';
import { MISSING_VIDEO_TITLE } from './missingVideo';
import { OFFLINE_TITLE, OfflineNotice } from './OfflineNotice';
import { OwnerBlock } from './OwnerBlock';
import { ProcessingNotice, QualitiesOnTheirWay } from './ProcessingNotice';
import { RelatedVideos, useRelatedVideos } from './RelatedVideos';
import { UpNextCard } from './UpNextCard';
import { useWatchSession } from './useWatchSession';
import { resumeFrom, useWatchPosition } from './watchPosition';
import { VideoActions } from './VideoActions';
import { WatchSkeleton } from './WatchSkeleton';
import { useWatchHeartbeats } from '../analytics/useWatchHeartbeats';
import { EditVideoButton } from '../videoEdit/EditVideoButton';
// In the screen's own chunk, not a lazy one: it is in the server-rendered HTML, and a boundary still
// dehydrated when the video's refetch re-rendered the screen fell back to 'Loading comments...' for
// seconds (a layout shift of 0.2 on phones).
import CommentsSection from '../comments/CommentsSection';

export const VIDEO_ERROR = 'Failed to fetch video. Please try again later.';
/** A 404: no retry can help, so say so and offer the home feed. */
export const VIDEO_MISSING = 'This video does not exist or was deleted.';
/** A 410's usual message, should the answer carry none. */
export const VIDEO_REMOVED = 'This video was removed by a moderator';
/** While transcoding, also poll: progress events reach only the owner, and the socket may be down. */
const PROCESSING_POLL_MS = 3000;
/** How old a video's answer a signed-out visitor is shown without asking again. */
const VISITOR_ANSWER_MAX_AGE_S = 30;

export default function WatchPage() {
  const { videoId = '' } = useParams();
  // A fresh screen per video: player, view registration and timers start over.
  return <WatchScreen key={videoId} videoId={videoId} />;
}

function WatchScreen({ videoId }: { videoId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsSignedIn);
  // Signed in, always asked again on opening: the answer carries this caller's resume position and
  // the newest rungs. The player waits for that answer (or its failure, offline) so it starts in the
  // right place: an answer from before this screen opened (kept in memory, or put back from IndexedDB
  // after a reload) is shown at once but does not count, as its resumeAt may be long out of date.
  // A visitor has no resume position: an answer up to half a minute old (e.g. the one a server-rendered
  // page came with) is used as it is, with no second request and re-render while the page hydrates.
  const query = useGetVideoQuery(videoId, { refetchOnMountOrArgChange: signedIn ? true : VISITOR_ANSWER_MAX_AGE_S });
  const [openedAt] = useState(Date.now);
  const [answered, setAnswered] = useState(false);
  const fresh = query.isSuccess && (!signedIn || (query.fulfilledTimeStamp ?? 0) >= openedAt);
  if (!answered && !query.isFetching && (fresh || query.isError)) setAnswered(true);
  const savedVideo = useSavedVideo(videoId);
  const reportOfflineView = useOfflineViewReport(videoId, Boolean(savedVideo.saved) && signedIn);
  const processing = query.data?.status === 'processing';
  useGetVideoQuery(videoId, { pollingInterval: processing ? PROCESSING_POLL_MS : 0, skip: !processing });
  const related = useRelatedVideos(videoId);
  const next = related.items[0];
  const [autoplay, setAutoplay] = useAutoplayPreference();
  const session = useWatchSession(videoId, next?._id, autoplay);
  const video = query.data;
  const online = useOnline();
  const missing = query.isError && isNotFound(query.error);
  // No answer and no network (the browser says so, or the request never reached a server): a
  // server's own error online keeps the spec's message and Try Again.
  const offlineUnknown = !video && query.isError && isOffline(query.error);
  // Details kept from an earlier visit, but no copy of the video itself: nothing to play offline.
  // A player already running when the network went keeps its place (what it buffered still plays).
  const [playerStarted, setPlayerStarted] = useState(false);
  const cannotPlay = !online && savedVideo.checked && !savedVideo.saved && !playerStarted;
  // Taken down or deleted: whatever this device kept of it (an older answer, a download) must not play.
  const gone = query.isError && isGone(query.error);
  useEffect(() => {
    if (gone || missing) void forgetGoneVideo(videoId);
  }, [gone, missing, videoId]);
  usePageTitle(gone ? VIDEO_REMOVED : (video?.title ?? (missing ? MISSING_VIDEO_TITLE : offlineUnknown ? OFFLINE_TITLE : undefined)));
  const captions = useGetCaptionsQuery(videoId, { skip: !video }).data ?? savedVideo.saved?.captions ?? [];
  // A maximize or the next video brings its own time; otherwise the saved position (signed in).
  const startAt = session.handedOver || !video ? session.startAt : resumeFrom(video.resumeAt, video.duration);
  const savePosition = useWatchPosition(videoId, signedIn, startAt);
  const reportWatching = useWatchHeartbeats(videoId, Boolean(savedVideo.saved));
  // The player replaces the poster in a background render that yields to the browser, not in one
  // blocking task while a server-rendered page is still settling.
  const showPlayer = useDeferredValue(savedVideo.checked && answered);
  // hls.js (~170 KB gzip, its own chunk) is there before the first play, without competing with the
  // page: in idle time once the page has loaded (at once after a client navigation; after the load
  // on a rendered page, not in the middle of its hydration).
  useEffect(() => {
    if (browserMedia().mse) afterFirstPaint(() => void loadHls().catch(() => undefined));
  }, []);

  if (gone) return <Unavailable message={messageOf(query.error, VIDEO_REMOVED)} />;
  if (!video) {
    if (missing) return <Unavailable message={VIDEO_MISSING} />;
    if (offlineUnknown) return <OfflineNotice />;
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

  // While the first rung is made, the source plays when browsers can (the server says so), and the
  // lowest rung's stream (hlsUrl before any quality) whatever the source.
  const playable = (video.qualities.length > 0 || Boolean(video.sourceUrl) || Boolean(video.hlsUrl)) && video.status !== 'failed';
  if (playable && showPlayer && !cannotPlay && !playerStarted) setPlayerStarted(true);
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
        {cannotPlay && video.status !== 'failed' ? (
          <OfflineNotice poster={video.thumbnail || null} />
        ) : playable && !showPlayer ? (
          // The poster until the player takes over: in server-rendered HTML it is the first big paint.
          <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: { sm: 3 }, overflow: 'hidden' }}>
            {video.thumbnail && (
              <Box component="img" src={video.thumbnail} alt="" fetchPriority="high" sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }} />
            )}
          </Box>
        ) : playable ? (
          <VideoPlayer
            key={savedVideo.saved ? 'saved' : 'online'}
            preferredHeight={savedVideo.saved?.quality}
            savedSrc={savedVideo.saved?.videoUrl}
            artist={video.owner?.fullName}
            filePath={video.filePath}
            // A saved video plays its stored MP4 (offline too), not the network's playlists.
            hlsUrl={savedVideo.saved ? null : video.hlsUrl}
            qualities={video.qualities}
            poster={video.thumbnail}
            title={video.title}
            duration={video.duration}
            startAt={startAt}
            // Back at a saved position it plays on from there (muted, with 'Tap to unmute', when
            // the browser wants a tap first): never a paused player at the resume point.
            autoPlay={session.autoplay || startAt > 0}
            onFirstPlay={session.onFirstPlay}
            onEnded={session.onEnded}
            onMinimize={minimize}
            captions={captions}
            onPosition={(time, duration, paused) => {
              reportWatching(time, paused);
              savePosition(time, duration, paused);
              reportOfflineView(time, duration, paused);
              // A saved video played to its last tenth is watched: smart downloads evict it first.
              const saved = savedVideo.saved;
              if (saved && duration > 0 && time / duration >= WATCHED_SHARE && (saved.watched ?? 0) < WATCHED_SHARE) void recordWatched(videoId, time / duration);
              if (!paused && session.upNext) session.cancelUpNext(); // played again
            }}
            overlay={
              session.upNext && next ? <UpNextCard next={next} endsAt={session.upNext.endsAt} onCancel={session.cancelUpNext} onPlayNow={session.playNext} /> : undefined
            }
          />
        ) : (
          <ProcessingNotice video={video} />
        )}
        <Box sx={{ px: { xs: 1.5, sm: 0 } }}>
          {playable && (video.status === 'processing' || Boolean(video.pendingQualities?.length)) && <QualitiesOnTheirWay video={video} />}
          <Typography id="video-title" variant="h5" component="h1" sx={{ mt: 2, fontWeight: 700, fontSize: { xs: 19, sm: 22 }, overflowWrap: 'anywhere' }}>
            {video.title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mt: 1 }}>
            <Typography variant="body2" color="text.secondary" data-testid="video-views">
              {formatViews(video.views)} · {formatRelativeDate(video.createdAt)}
            </Typography>
            <VideoActions video={video} />
          </Box>
          {video.takenDown && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="watch-taken-down">
              Removed by a moderator: {video.takenDown.reason}. Only you and moderators can see it.
            </Alert>
          )}
          <Box sx={{ my: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <OwnerBlock owner={video.owner} action={<EditVideoButton video={video} />} />
            {video.description && (
              <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} variant="body2">
                {video.description}
              </Typography>
            )}
          </Box>
          <CommentsSection videoId={video._id} videoTitle={video.title} videoOwner={video.owner} />
        </Box>
      </Box>
      <Box component="aside" sx={{ px: { xs: 1.5, sm: 0 }, minWidth: 0 }}>
        <RelatedVideos
          related={related}
          action={
            <FormControlLabel
              control={<Switch size="small" checked={autoplay} onChange={(event) => setAutoplay(event.target.checked)} />}
              label="Autoplay"
              labelPlacement="start"
              sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14, color: 'text.secondary' } }}
            />
          }
        />
      </Box>
    </Box>
  );
}

/** A 404 or a 410: no retry can help, so say so and offer the home feed. */
function Unavailable({ message }: { message: string }) {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
        {message}
      </Typography>
      <Button variant="contained" component={Link} to="/home">
        Go to Home
      </Button>
    </Box>
  );
}
