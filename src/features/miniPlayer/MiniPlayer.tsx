// The floating mini player: a draggable 320x180 window over every screen while a
// video is minimized. It resumes from the stored time; maximize returns to /watch/{id} at the
// current time; close resets it. Dragging snaps to the edges; resizing keeps it inside.
import CloseIcon from '@mui/icons-material/Close';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import PauseIcon from '@mui/icons-material/Pause';
import PlayIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../lib/hooks';
import type { WatchLocationState } from '../../lib/watchLocation';
import { resetMiniPlayer, setActive, setCurrentTime } from './miniPlayerSlice';
import { bottomNavInset } from '../../lib/bottomNavSpace';
import { clampToViewport, fitAfterResize, initialPosition, miniPlayerSize, type Point, snapToEdges } from './position';

const KEY_STEP_PX = 24;
const TIME_SYNC_MS = 1000;

// The phone's bottom navigation is not part of the room: the mini player sits above it.
const viewport = () => ({ width: window.innerWidth, height: window.innerHeight - bottomNavInset() });
const buttonSx = { color: '#fff', bgcolor: 'rgba(0,0,0,0.55)', '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' } } as const;

export default function MiniPlayer() {
  const { isActive, videoSrc, videoId } = useAppSelector((state) => state.miniPlayer);
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [size, setSize] = useState(() => miniPlayerSize(viewport()));
  const [position, setPosition] = useState<Point>(() => initialPosition(size, viewport()));
  const [playing, setPlaying] = useState(false);
  const drag = useRef<{ pointerId: number; dx: number; dy: number } | null>(null);
  const lastSync = useRef(0);
  /** Set once the element has gone to the stored time: before that its time updates say 0. */
  const atStoredTime = useRef(false);
  /** Continues at the stored time and plays, once per source. */
  const startAtStoredTime = useCallback(
    (video: HTMLVideoElement) => {
      if (atStoredTime.current) return;
      atStoredTime.current = true;
      const at = store.getState().miniPlayer.currentTime;
      if (at > 0) video.currentTime = Math.min(at, video.duration || at);
      void video.play().catch(() => undefined);
    },
    [store],
  );
  // The element is made while a navigation's render may still be suspended (the next screen's
  // chunk loading): its 'loadedmetadata' can come before React has committed it and is then lost.
  useEffect(() => {
    atStoredTime.current = false;
    const video = videoRef.current;
    if (video && video.readyState >= HTMLMediaElement.HAVE_METADATA) startAtStoredTime(video);
  }, [videoSrc, isActive, startAtStoredTime]); // once per source (the store never changes)

  useEffect(() => {
    const onResize = () => {
      const next = miniPlayerSize(viewport());
      setSize(next);
      setPosition((current) => fitAfterResize(current, next, viewport()));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  if (!isActive || !videoSrc) return null;

  // Until the element has gone to the stored time it says 0: the stored time is where the video
  // stands. Not readyState: it turns HAVE_METADATA a task before 'loadedmetadata' seeks, and a
  // Maximize in between handed over 0 (a flaky browser test).
  const time = () => {
    const video = videoRef.current;
    return video && atStoredTime.current ? video.currentTime : store.getState().miniPlayer.currentTime;
  };

  const maximize = () => {
    const at = time();
    dispatch(setCurrentTime(at));
    dispatch(setActive(false));
    navigate(`/watch/${encodeURIComponent(videoId)}`, { state: { resumeAt: at } satisfies WatchLocationState });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button') || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, dx: event.clientX - position.x, dy: event.clientY - position.y };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    setPosition(clampToViewport({ x: event.clientX - drag.current.dx, y: event.clientY - drag.current.dy }, size, viewport()));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setPosition((current) => snapToEdges(current, size, viewport()));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step || event.target !== event.currentTarget) return;
    event.preventDefault();
    setPosition((current) => snapToEdges({ x: current.x + step[0]! * KEY_STEP_PX, y: current.y + step[1]! * KEY_STEP_PX }, size, viewport()));
  };

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };

  return (
    <Box
      role="region"
      aria-label="Mini player (drag or use the arrow keys to move)"
      tabIndex={0}
      data-testid="mini-player"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      sx={{
        position: 'fixed',
        left: position.x,
        top: position.y,
        width: size.width,
        height: size.height,
        zIndex: 1200,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: '#000',
        boxShadow: 8,
        touchAction: 'none',
        cursor: 'grab',
        userSelect: 'none',
        '&:active': { cursor: 'grabbing' },
        '& .mini-controls': { opacity: playing ? 0 : 1, transition: 'opacity 0.2s' },
        '&:hover .mini-controls, &:focus-within .mini-controls': { opacity: 1 },
      }}
    >
      <video
        ref={videoRef}
        src={videoSrc}
        playsInline
        onLoadedMetadata={(event) => startAtStoredTime(event.currentTarget)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => {
          // Kept in the store so a return to the watch page (maximize, Back) continues here.
          if (!atStoredTime.current || Date.now() - lastSync.current < TIME_SYNC_MS) return;
          lastSync.current = Date.now();
          dispatch(setCurrentTime(event.currentTarget.currentTime));
        }}
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', pointerEvents: 'none' }}
      />
      <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(rgba(0,0,0,0.45), transparent 35%)' }}>
        {/* Play/pause shows when paused or hovered; maximize and close always (touch has no hover). */}
        <IconButton className="mini-controls" aria-label={playing ? 'Pause' : 'Play'} onClick={togglePlay} sx={{ ...buttonSx, width: 48, height: 48 }}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
        <Box sx={{ position: 'absolute', top: 6, right: 6, display: 'flex', gap: 0.75 }}>
          <IconButton size="small" aria-label="Maximize" onClick={maximize} sx={buttonSx}>
            <OpenInFullIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label="Close mini player" onClick={() => dispatch(resetMiniPlayer())} sx={buttonSx}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}
