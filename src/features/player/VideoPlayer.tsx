// The watch screen's custom player: play/pause, seek bar with buffered ranges,
// elapsed/total time, quality menu, minimize, centre play/pause button, keyboard shortcuts,
// fullscreen (turned to the video's orientation on a phone), touch gestures (usePlayerGestures.ts:
// a tap shows or hides the controls, double tap a side to seek 10 s, swipe down to leave
// fullscreen), and captions it draws itself (captions.ts): on the picture, above the control bar,
// in the size the viewer picks.
// HLS with Auto quality (hls.js, see playbackMode.ts), the progressive MP4 otherwise. Any
// change of source (a quality, a rung landing, HLS giving up) keeps the time and the play state.
import PauseIcon from '@mui/icons-material/PauseRounded';
import PlayIcon from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type PointerEvent as ReactPointerEvent, type ReactNode, type Ref, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useDataSaver } from '../../lib/dataSaver';
import { PLAYER_KEYS, readDeviceValue, writeDeviceValue } from '../../lib/storage';
import { lockToVideoOrientation, unlockOrientation } from './orientation';
import { captionFontSize, type CaptionSize, readCaptionSize, storeCaptionSize, useActiveCaptions } from './captions';
import { CaptionsOverlay } from './CaptionsOverlay';
import { CAPTIONS_OFF, CaptionsMenu, shownCaptions, SpeedMenu } from './PlaybackMenus';
import { PlayerControls } from './PlayerControls';
import { pictureInPictureAvailable, togglePictureInPicture, useMediaSession } from './mediaSession';
import { browserMedia, playbackMode } from './playbackMode';
import { AUTO, defaultQuality, type QualityChoice, qualityOptionsFor, qualityUrl, progressiveQuality, rungOf } from './quality';
import { bufferedRanges, type TimeRange } from './SeekBar';
import { type PlayerCommand, usePlayerShortcuts } from './shortcuts';
import { UnmuteButton } from './UnmuteButton';
import { useHlsPlayback } from './useHlsPlayback';
import { SeekRipple } from './SeekRipple';
import { usePlayerGestures } from './usePlayerGestures';

const HIDE_CONTROLS_MS = 2500;

interface Props {
  filePath: string;
  /** The master playlist; without it (or where HLS fails) the player plays the MP4 renditions. */
  hlsUrl?: string | null;
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
  /** The height to play (a rendition saved for offline) instead of Auto. */
  preferredHeight?: number;
  /**
   * The saved copy's own path (a download, whatever URL it was fetched from: a smart download keeps
   * the rung's file), played until the viewer picks another quality, so it plays offline.
   */
  savedSrc?: string;
  /** The owner's full name, shown as the artist on the lock screen. */
  artist?: string;
  /** WebVTT tracks for the CC menu. */
  captions?: readonly { language: string; label: string; url: string }[];
  /** Shown over the picture (the up-next card). */
  overlay?: ReactNode;
  /** Where playback stands: on time updates, pauses, seeks and the end. */
  onPosition?: (time: number, duration: number, paused: boolean) => void;
}

export function VideoPlayer({ filePath, hlsUrl, qualities, poster, title, duration: knownDuration = 0, startAt = 0, autoPlay = false, onFirstPlay, onEnded, onMinimize, preferredHeight, savedSrc, artist, captions = [], overlay, onPosition }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState<QualityChoice>(() =>
    preferredHeight ? (defaultQuality(qualityOptionsFor(qualities), preferredHeight)?.segment ?? AUTO) : AUTO,
  );
  const [startChoice] = useState(choice);
  const [hlsFailed, setHlsFailed] = useState(false);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const media = useMemo(browserMedia, []);
  const mode = playbackMode(hlsFailed ? null : hlsUrl, choice, media);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [currentTime, setCurrentTime] = useState(startAt);
  const [duration, setDuration] = useState(knownDuration);
  const [buffered, setBuffered] = useState<TimeRange[]>([]);
  const [muted, setMuted] = useState(false);
  // Muted by the player because the browser refused to start with sound: 'Tap to unmute' shows.
  const [autoMuted, setAutoMuted] = useState(false);
  const dataSaver = useDataSaver();
  const [fullscreen, setFullscreen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [controlsShown, setControlsShown] = useState(true);
  // The viewer taps (a phone): the controls then carry the centre play/pause button, as on YouTube.
  const [touchControls, setTouchControls] = useState(false);
  // Focus inside the bar keeps it on screen (ControlsOverlay's :focus-within) after it would fade.
  const [controlsFocused, setControlsFocused] = useState(false);
  // The control bar (an overlay: nothing moves) comes in a second, background render: the player's
  // first commit then carries only the video and its play button, and each commit, with the styles it
  // inserts, stays short on a phone.
  const controlsMounted = useDeferredValue(true, false);
  const [speed, setSpeed] = useState(1);
  const [rememberedCaptions, setRememberedCaptions] = useState(() => readDeviceValue(PLAYER_KEYS.captions));
  const captionLanguage = shownCaptions(captions, rememberedCaptions);
  const [captionSize, setCaptionSize] = useState(readCaptionSize);
  const captionText = useActiveCaptions(videoRef, captionLanguage, captions.map((track) => `${track.language} ${track.url}`).join('\n'));
  // The caption's size follows the player's width; it keeps clear of the control bar's height.
  const [layout, setLayout] = useState({ width: 0, height: 0, controlsHeight: 0 });
  // Where to continue once the (new) source has its metadata: the start time, or the quality switch.
  // While it is set, a source change is in flight (or the stream is held): the element stands at 0
  // with no media, so the viewer's position, seeks and pauses live here until the metadata comes.
  const resume = useRef<{ time: number; play: boolean } | null>({ time: startAt, play: autoPlay });
  const startedOnce = useRef(false);
  // hls.js streams from the first play (or at once when autoplaying), not on opening the page: a
  // visitor who only reads pays no playlist, fragments or transmuxing on a slow phone.
  const [streamWanted, setStreamWanted] = useState(autoPlay);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What the centre button showed when pressed: a press that began on Play and ends on Pause plays on.
  const centrePress = useRef<{ playing: boolean } | null>(null);

  /** Before the element's source changes: where to go on once the next one has its metadata. */
  const keepPosition = useCallback(() => {
    const video = videoRef.current;
    if (video && !resume.current && video.currentSrc) resume.current = { time: video.currentTime, play: !video.paused && !video.ended };
  }, []);

  const levels = useHlsPlayback(videoRef, {
    enabled: mode === 'hls.js' && streamWanted,
    hlsUrl,
    choice,
    // Rungs land while a video transcodes: read the playlist again to offer them.
    version: qualities.join(','),
    startPosition: () => resume.current?.time ?? videoRef.current?.currentTime ?? 0,
    beforeDetach: keepPosition,
    onUnplayable: () => setHlsFailed(true),
    maxHeight: dataSaver.maxHeight,
  });
  const streamed = mode === 'hls.js' && levels.length > 0;
  const options = useMemo(() => qualityOptionsFor(streamed ? levels.map((rung) => rung.height) : qualities), [streamed, levels, qualities]);
  const rungBitrates = useMemo(() => new Map(levels.map((rung) => [rung.height, rung.bitrate])), [levels]);
  // What plays without hls.js: the browser's HLS, or the MP4 of the choice (Auto: 720p or the
  // nearest, 360p under the data saver's cap; none yet while the first rung is made: the server
  // then sends the source).
  const progressive = progressiveQuality(options, choice, preferredHeight ?? dataSaver.maxHeight ?? undefined);
  const src = savedSrc && choice === startChoice ? savedSrc : mode === 'native' ? hlsUrl! : qualityUrl(filePath, progressive?.segment ?? null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || mode === 'hls.js' || video.getAttribute('src') === src) return;
    keepPosition();
    video.src = src;
  }, [mode, src, keepPosition]);

  /**
   * Plays on its own (autoplay, a resume): with sound when the browser allows it, else muted with
   * 'Tap to unmute' (phones refuse sound without a tap on the page), never left paused.
   */
  const startPlayback = useCallback((video: HTMLVideoElement) => {
    void video.play().catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'NotAllowedError') || video.muted) return setPlaying(false);
      video.muted = true;
      setAutoMuted(true);
      void video.play().catch(() => setPlaying(false));
    });
  }, []);

  const streamHeld = mode === 'hls.js' && !streamWanted;
  /** Where the viewer stands: where the next source will start, or the element's time. */
  const positionOf = (video: HTMLVideoElement) => resume.current?.time ?? video.currentTime;
  const positionListener = useRef(onPosition);
  positionListener.current = onPosition;
  const reportPosition = useCallback((video: HTMLVideoElement) => {
    positionListener.current?.(positionOf(video), video.duration, resume.current ? !resume.current.play : video.paused);
  }, []);
  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (streamHeld) {
      // The stream starts now, where the viewer stands, and plays once it has its metadata.
      resume.current = { time: positionOf(video), play: true };
      setStreamWanted(true);
      return;
    }
    const pending = resume.current;
    if (pending) {
      // A source is loading: the next one plays or stays paused as the viewer now asks (a browser
      // that preloads nothing needs the play() call to load at all).
      resume.current = { ...pending, play: !pending.play };
      if (!pending.play) void video.play().catch(() => undefined);
      else {
        video.pause();
        setPlaying(false); // the element may be paused already by the reload: no pause event
        reportPosition(video);
      }
      return;
    }
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  }, [streamHeld, reportPosition]);

  const seek = useCallback((time: number) => {
    const video = videoRef.current;
    if (!video) return;
    const pending = resume.current;
    if (pending) {
      // Without metadata the element would drop this seek: the next source starts there instead.
      const at = Math.max(0, Math.min(knownDuration || Infinity, time));
      resume.current = { ...pending, time: at };
      setCurrentTime(at);
      reportPosition(video);
      return;
    }
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    video.currentTime = Math.max(0, Math.min(end, time));
    setCurrentTime(video.currentTime);
  }, [knownDuration, reportPosition]);

  useMediaSession(videoRef, { title, artist, artwork: poster }, seek);

  // The speed survives source changes (a load resets playbackRate to defaultPlaybackRate).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = speed;
    video.playbackRate = speed;
  }, [speed]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || typeof ResizeObserver === 'undefined') return;
    const measure = () => setLayout({ width: container.clientWidth, height: container.clientHeight, controlsHeight: controlsRef.current?.offsetHeight ?? 0 });
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    if (controlsRef.current) observer.observe(controlsRef.current);
    return () => observer.disconnect();
  }, [controlsMounted]);

  const chooseCaptions = (language: string) => {
    setRememberedCaptions(language);
    writeDeviceValue(PLAYER_KEYS.captions, language);
  };
  const chooseCaptionSize = (size: CaptionSize) => {
    setCaptionSize(size);
    storeCaptionSize(size);
  };

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void containerRef.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  // hls.js switches inside the same source; other modes load the new MP4 (see the source effect).
  const changeQuality = (next: QualityChoice) => setChoice(next);

  const showControls = () => {
    setControlsShown(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      if (videoRef.current && !videoRef.current.paused) setControlsShown(false);
    }, HIDE_CONTROLS_MS);
  };
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  /** A touch tap on the picture: the controls come, or go if they were showing. Playback goes on. */
  const toggleControls = () => {
    setTouchControls(true);
    if (!controlsShown) return showControls();
    clearTimeout(hideTimer.current);
    setControlsShown(false);
  };

  const gestures = usePlayerGestures({
    fullscreen,
    onTap: toggleControls,
    onClick: togglePlay,
    onSeekBy: (seconds) => videoRef.current && seek(positionOf(videoRef.current) + seconds),
    onDoubleClick: toggleFullscreen,
    onExitFullscreen: toggleFullscreen,
  });

  useEffect(() => {
    let locked = false;
    const onChange = () => {
      const entered = document.fullscreenElement !== null && document.fullscreenElement === containerRef.current;
      setFullscreen(entered);
      // A phone turns the picture the video's way (best-effort: desktops refuse), and back on leaving.
      if (entered && videoRef.current) {
        locked = true;
        lockToVideoOrientation(videoRef.current);
      } else if (!entered && locked) {
        locked = false;
        unlockOrientation();
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (locked) unlockOrientation();
    };
  }, []);

  usePlayerShortcuts((command: PlayerCommand) => {
    const video = videoRef.current;
    if (!video) return;
    showControls();
    if (command.type === 'togglePlay') togglePlay();
    else if (command.type === 'seekBy') seek(positionOf(video) + command.seconds);
    else if (command.type === 'seekToFraction') seek(command.fraction * duration);
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
        // The mini player plays an MP4: the rung on screen, else the one Auto would pick.
        const onScreen = options.find((option) => option.height === playingHeight) ?? progressive;
        onMinimize(video ? positionOf(video) : 0, qualityUrl(filePath, onScreen?.segment ?? null));
      }
    : undefined;

  return (
    <Box
      ref={containerRef}
      // A finger resting on the picture is a tap in the making (it toggles the controls), not a hover.
      onPointerMove={(event) => (event.pointerType !== 'touch' || event.target !== videoRef.current) && showControls()}
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
        poster={poster || undefined}
        preload="metadata"
        playsInline
        aria-label={title}
        {...gestures.handlers}
        onLoadedMetadata={(event) => {
          const video = event.currentTarget;
          setFailed(false);
          if (Number.isFinite(video.duration)) setDuration(Math.max(video.duration, knownDuration));
          const next = resume.current;
          resume.current = null;
          // hls.js may already stand there (its startPosition).
          if (next && next.time > 0 && Math.abs(video.currentTime - next.time) > 0.25) video.currentTime = Math.min(next.time, video.duration || next.time);
          if (next?.play) startPlayback(video);
        }}
        onResize={(event) => {
          const { videoWidth, videoHeight } = event.currentTarget;
          if (videoWidth && videoHeight) setPlayingHeight(rungOf(videoWidth, videoHeight));
        }}
        // A rung still streaming grows with each fragment: the seek bar keeps the video's whole length.
        onDurationChange={(event) => Number.isFinite(event.currentTarget.duration) && setDuration(Math.max(event.currentTarget.duration, knownDuration))}
        onTimeUpdate={(event) => {
          setCurrentTime(positionOf(event.currentTarget));
          reportPosition(event.currentTarget);
          setBuffered(bufferedRanges(event.currentTarget));
        }}
        onProgress={(event) => setBuffered(bufferedRanges(event.currentTarget))}
        onPlay={() => {
          setPlaying(true);
          // Played once (e.g. the upload's source while rungs are made): HLS streams when it takes over.
          setStreamWanted(true);
          showControls();
          if (!startedOnce.current) {
            startedOnce.current = true;
            onFirstPlay?.();
          }
        }}
        onPause={(event) => {
          reportPosition(event.currentTarget);
          setPlaying(false);
          setControlsShown(true);
        }}
        onWaiting={() => setWaiting(true)}
        onPlaying={() => setWaiting(false)}
        onCanPlay={() => setWaiting(false)}
        onSeeked={(event) => {
          setCurrentTime(positionOf(event.currentTarget));
          reportPosition(event.currentTarget);
        }}
        onEnded={(event) => {
          reportPosition(event.currentTarget);
          setPlaying(false);
          setControlsShown(true);
          onEnded?.();
        }}
        onVolumeChange={(event) => {
          setMuted(event.currentTarget.muted || event.currentTarget.volume === 0);
          if (!event.currentTarget.muted) setAutoMuted(false);
        }}
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', display: 'block', objectFit: 'contain', touchAction: gestures.touchAction }}
      >
        {captions.map((track) => (
          <track key={track.language} kind="subtitles" src={track.url} srcLang={track.language} label={track.label} />
        ))}
      </video>
      <CaptionsOverlay
        text={captionLanguage === CAPTIONS_OFF ? '' : captionText}
        fontSize={captionFontSize(layout.width, captionSize)}
        clearance={controlsMounted && (controlsShown || controlsFocused) ? layout.controlsHeight : 0}
        letterbox={fullscreen ? letterboxBelow(layout, videoRef.current) : 0}
      />
      <SeekRipple ripple={gestures.ripple} />
      {autoMuted && muted && (
        <UnmuteButton
          onUnmute={() => {
            if (videoRef.current) videoRef.current.muted = false;
            setAutoMuted(false);
          }}
        />
      )}
      {waiting && playing && (
        <CircularProgress aria-label="Buffering" sx={{ position: 'absolute', top: '50%', left: '50%', mt: -2.5, ml: -2.5, color: '#fff', pointerEvents: 'none' }} />
      )}
      {!failed && !overlay && (!playing || (touchControls && controlsShown && !waiting)) && (
        <Box
          component="button"
          type="button"
          aria-label={playing ? 'Pause video' : 'Play video'}
          onPointerDown={() => (centrePress.current = { playing })}
          onClick={() => {
            const press = centrePress.current;
            centrePress.current = null;
            // Pressed as Play, released as Pause (playback started meanwhile): it plays, as asked.
            if (!press || press.playing === playing) togglePlay();
          }}
          onPointerUp={(event: ReactPointerEvent) => event.pointerType === 'touch' && setTouchControls(true)}
          // A double click's first click pauses and brings this button under the pointer: its second
          // click and the dblclick land here, and still mean fullscreen.
          onDoubleClick={gestures.handlers.onDoubleClick}
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
          {playing ? <PauseIcon sx={{ fontSize: { xs: 40, sm: 52 } }} /> : <PlayIcon sx={{ fontSize: { xs: 40, sm: 52 } }} />}
        </Box>
      )}
      {failed && (
        <Typography role="alert" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: '#fff', px: 2, textAlign: 'center' }}>
          This video could not be played.
        </Typography>
      )}
      {controlsMounted && (
        <ControlsOverlay shown={controlsShown} ref={controlsRef} onFocusChange={setControlsFocused}>
          <PlayerControls
            playing={playing}
            muted={muted}
            currentTime={currentTime}
            duration={duration}
            buffered={buffered}
            fullscreen={fullscreen}
            quality={choice}
            playingHeight={playingHeight}
            qualityOptions={options}
            rungBitrates={rungBitrates}
            dataSaverMaxHeight={dataSaver.maxHeight}
            onTogglePlay={togglePlay}
            onToggleMute={() => videoRef.current && (videoRef.current.muted = !videoRef.current.muted)}
            onSeek={seek}
            onQuality={changeQuality}
            onMinimize={minimize}
            onPictureInPicture={pictureInPictureAvailable() ? () => void togglePictureInPicture(videoRef.current).catch(() => undefined) : undefined}
            onToggleFullscreen={toggleFullscreen}
            menus={
              <>
                {captions.length > 0 && <CaptionsMenu tracks={captions} language={captionLanguage} onChange={chooseCaptions} size={captionSize} onSize={chooseCaptionSize} />}
                <SpeedMenu speed={speed} onChange={setSpeed} />
              </>
            }
          />
        </ControlsOverlay>
      )}
      {overlay}
    </Box>
  );
}

/**
 * The black band under the picture in a `layout`-sized box (object-fit: contain): the captions sit
 * above it, on the picture, not at the screen's bottom edge.
 */
function letterboxBelow(layout: { width: number; height: number }, video: HTMLVideoElement | null): number {
  if (!video?.videoWidth || !video.videoHeight || !layout.width || !layout.height) return 0;
  const pictureHeight = Math.min(layout.height, (layout.width * video.videoHeight) / video.videoWidth);
  return Math.max(0, (layout.height - pictureHeight) / 2);
}

/** The control bar's place: along the bottom of the picture, faded out while a video plays untouched. */
function ControlsOverlay({ shown, children, ref, onFocusChange }: { shown: boolean; children: ReactNode; ref?: Ref<HTMLDivElement>; onFocusChange?: (focused: boolean) => void }) {
  return (
    <Box
      ref={ref}
      data-testid="player-controls"
      onFocus={() => onFocusChange?.(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onFocusChange?.(false);
      }}
      sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, transition: 'opacity 0.2s', opacity: shown ? 1 : 0, '&:focus-within': { opacity: 1 } }}>
      {children}
    </Box>
  );
}
