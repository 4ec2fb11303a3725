// The watch screen's custom player (spec section 2): play/pause, seek bar with buffered ranges,
// elapsed/total time, quality menu, minimize, centre play overlay, keyboard shortcuts, fullscreen.
// A quality change keeps the time and the play state.
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PlayerControls } from './PlayerControls';
import { pictureInPictureAvailable, togglePictureInPicture, useMediaSession } from './mediaSession';
import { defaultQuality, type QualityOption, qualityOptionsFor, qualityUrl } from './quality';
import { bufferedRanges, type TimeRange } from './SeekBar';
import { type PlayerCommand, usePlayerShortcuts } from './shortcuts';

const HIDE_CONTROLS_MS = 2500;

interface Props {
  filePath: string;
  qualities: readonly number[];
  poster?: string;
  title: string;
  /** Fallback until the media reports its own duration. */
  duration?: number;
  /** Seconds to start from (e.g. back from the mini player). */
  startAt?: number;
  autoPlay?: boolean;
  onFirstPlay?: () => void;
  onEnded?: () => void;
  /** Called paused, with the time and the source playing. */
  onMinimize?: (time: number, src: string) => void;
  /** The height to start on (a rendition saved for offline), instead of the default 720p. */
  preferredHeight?: number;
  /** The owner's full name, shown as the artist on the lock screen. */
  artist?: string;
}

export function VideoPlayer({ filePath, qualities, poster, title, duration: knownDuration = 0, startAt = 0, autoPlay = false, onFirstPlay, onEnded, onMinimize, preferredHeight, artist }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const options = useMemo(() => qualityOptionsFor(qualities), [qualities]);
  const [quality, setQuality] = useState<QualityOption | null>(() => defaultQuality(options, preferredHeight));
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [currentTime, setCurrentTime] = useState(startAt);
  const [duration, setDuration] = useState(knownDuration);
  const [buffered, setBuffered] = useState<TimeRange[]>([]);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [controlsShown, setControlsShown] = useState(true);
  // Where to continue once the (new) source has its metadata: the start time, or the quality switch.
  const resume = useRef<{ time: number; play: boolean } | null>({ time: startAt, play: autoPlay });
  const startedOnce = useRef(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Renditions appear while a video transcodes: pick one as soon as there is any.
  useEffect(() => {
    if (!quality && options.length) setQuality(defaultQuality(options, preferredHeight));
  }, [options, quality, preferredHeight]);

  const src = qualityUrl(filePath, quality?.segment ?? null);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  }, []);

  const seek = useCallback((time: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    video.currentTime = Math.max(0, Math.min(end, time));
    setCurrentTime(video.currentTime);
  }, []);

  useMediaSession(videoRef, { title, artist, artwork: poster }, seek);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void containerRef.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  const changeQuality = (option: QualityOption) => {
    const video = videoRef.current;
    if (!video || option.segment === quality?.segment) return;
    resume.current = { time: video.currentTime, play: !video.paused };
    setQuality(option);
  };

  const showControls = () => {
    setControlsShown(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      if (videoRef.current && !videoRef.current.paused) setControlsShown(false);
    }, HIDE_CONTROLS_MS);
  };
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  usePlayerShortcuts((command: PlayerCommand) => {
    const video = videoRef.current;
    if (!video) return;
    showControls();
    if (command.type === 'togglePlay') togglePlay();
    else if (command.type === 'seekBy') seek(video.currentTime + command.seconds);
    else if (command.type === 'volumeBy') {
      video.volume = Math.max(0, Math.min(1, Math.round((video.volume + command.delta) * 10) / 10));
      video.muted = false;
    } else if (command.type === 'toggleMute') video.muted = !video.muted;
    else toggleFullscreen();
  });

  const minimize = onMinimize
    ? () => {
        const video = videoRef.current;
        video?.pause();
        onMinimize(video?.currentTime ?? 0, src);
      }
    : undefined;

  return (
    <Box
      ref={containerRef}
      onPointerMove={showControls}
      onFocus={showControls}
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 9',
        bgcolor: '#000',
        borderRadius: fullscreen ? 0 : { xs: 0, sm: 2 },
        overflow: 'hidden',
        cursor: controlsShown ? 'auto' : 'none',
        '&:fullscreen': { aspectRatio: 'auto' },
      }}
    >
      <video
        ref={videoRef}
        src={src}
        poster={poster || undefined}
        preload="metadata"
        playsInline
        aria-label={title}
        onClick={togglePlay}
        onDoubleClick={toggleFullscreen}
        onLoadedMetadata={(event) => {
          const video = event.currentTarget;
          setFailed(false);
          if (Number.isFinite(video.duration)) setDuration(video.duration);
          const next = resume.current;
          resume.current = null;
          if (next && next.time > 0) video.currentTime = Math.min(next.time, video.duration || next.time);
          if (next?.play) void video.play().catch(() => undefined);
        }}
        onDurationChange={(event) => Number.isFinite(event.currentTarget.duration) && setDuration(event.currentTarget.duration)}
        onTimeUpdate={(event) => {
          setCurrentTime(event.currentTarget.currentTime);
          setBuffered(bufferedRanges(event.currentTarget));
        }}
        onProgress={(event) => setBuffered(bufferedRanges(event.currentTarget))}
        onPlay={() => {
          setPlaying(true);
          showControls();
          if (!startedOnce.current) {
            startedOnce.current = true;
            onFirstPlay?.();
          }
        }}
        onPause={() => {
          setPlaying(false);
          setControlsShown(true);
        }}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onCanPlay={() => setWaiting(false)}
        onSeeked={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onEnded={() => {
          setPlaying(false);
          setControlsShown(true);
          onEnded?.();
        }}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted || event.currentTarget.volume === 0)}
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', display: 'block', objectFit: 'contain' }}
      />
      {waiting && playing && (
        <CircularProgress aria-label="Buffering" sx={{ position: 'absolute', top: '50%', left: '50%', mt: -2.5, ml: -2.5, color: '#fff', pointerEvents: 'none' }} />
      )}
      {!playing && !failed && (
        <Box
          component="button"
          type="button"
          aria-label="Play video"
          onClick={togglePlay}
          sx={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            width: { xs: 56, sm: 72 },
            height: { xs: 56, sm: 72 },
            borderRadius: '50%',
            border: 0,
            cursor: 'pointer',
            display: 'grid',
            placeItems: 'center',
            color: '#fff',
            bgcolor: 'rgba(0,0,0,0.6)',
            '&:hover, &:focus-visible': { bgcolor: '#e53935' },
          }}
        >
          <PlayIcon sx={{ fontSize: { xs: 40, sm: 52 } }} />
        </Box>
      )}
      {failed && (
        <Typography role="alert" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: '#fff', px: 2, textAlign: 'center' }}>
          This video could not be played.
        </Typography>
      )}
      <Box
        sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, transition: 'opacity 0.2s', opacity: controlsShown ? 1 : 0, '&:focus-within': { opacity: 1 } }}
      >
        <PlayerControls
          playing={playing}
          muted={muted}
          currentTime={currentTime}
          duration={duration}
          buffered={buffered}
          fullscreen={fullscreen}
          quality={quality}
          qualityOptions={options}
          onTogglePlay={togglePlay}
          onToggleMute={() => videoRef.current && (videoRef.current.muted = !videoRef.current.muted)}
          onSeek={seek}
          onQuality={changeQuality}
          onMinimize={minimize}
          onPictureInPicture={pictureInPictureAvailable() ? () => void togglePictureInPicture(videoRef.current).catch(() => undefined) : undefined}
          onToggleFullscreen={toggleFullscreen}
        />
      </Box>
    </Box>
  );
}
