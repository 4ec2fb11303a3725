// What opening a video does besides showing it: join its live room, register a view (signed in),
// take over from the mini player, add to history on the first play (signed in), and at the end
// the up-next card: the first related video opens after 2 s when autoplay is on (with Cancel,
// Play now, and the toggle).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAddToHistoryMutation, useAddViewMutation } from '../../api/endpoints/videos';
import { afterFirstPaint } from '../../lib/afterFirstPaint';
import { useAppDispatch, useAppSelector, useAppStore } from '../../lib/hooks';
import { importChunk } from '../../lib/chunks';
import { selectIsSignedIn } from '../auth/authSlice';
import { resetMiniPlayer } from '../miniPlayer/miniPlayerSlice';
import type { WatchLocationState } from '../../lib/watchLocation';

const NEXT_VIDEO_DELAY_MS = 2000;

/** Router state a watch page may be opened with. */

export function useWatchSession(videoId: string, nextVideoId: string | undefined, autoplayNext: boolean) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as WatchLocationState;
  const [addView] = useAddViewMutation();
  const [addToHistory] = useAddToHistoryMutation();
  const viewed = useRef<string | null>(null);
  const historyAdded = useRef<string | null>(null);
  const nextTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The up-next card while shown; endsAt is when the next video opens by itself (null: it waits). */
  const [upNext, setUpNext] = useState<{ endsAt: number | null } | null>(null);

  // Decided once per video: a maximize says where to go on; a mini player still open for this
  // video hands over its time. Either way the page's player takes over from the mini player.
  const [start] = useState(() => {
    const mini = store.getState().miniPlayer;
    const fromMini = mini.isActive && mini.videoId === videoId ? mini.currentTime : 0;
    return { at: state.resumeAt ?? fromMini, autoplay: Boolean(state.autoplay) };
  });
  useEffect(() => {
    if (store.getState().miniPlayer.isActive) dispatch(resetMiniPlayer());
  }, [dispatch, store, videoId]);
  // The hand-over is for this opening only: the history entry keeps its state, so Back to it or a
  // reload would start again at the maximize's time (or autoplay) instead of the saved position.
  const [handedOver] = useState(() => state.resumeAt !== undefined || start.at > 0);
  useEffect(() => {
    if (location.state) navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [location, navigate]);

  useEffect(() => {
    let leave: (() => void) | undefined;
    let cancelled = false;
    // The live connection starts in idle time (main.tsx) and joins the rooms asked for by then: the
    // live chunk is not fetched in the middle of a rendered page's hydration.
    const callOff = afterFirstPaint(() => {
      void importChunk(() => import('../../api/live')).then(({ joinVideoRoom }) => {
        if (!cancelled) leave = joinVideoRoom(videoId);
      });
    });
    return () => {
      callOff();
      cancelled = true;
      leave?.();
    };
  }, [videoId]);

  useEffect(() => {
    if (!signedIn || viewed.current === videoId) return;
    viewed.current = videoId;
    void addView(videoId);
  }, [signedIn, videoId, addView]);

  useEffect(() => () => clearTimeout(nextTimer.current), [videoId]);
  // Autoplay turned off during the countdown: the card stays and waits.
  useEffect(() => {
    if (autoplayNext) return;
    clearTimeout(nextTimer.current);
    setUpNext((shown) => (shown ? { endsAt: null } : shown));
  }, [autoplayNext]);

  const playNext = () => {
    if (!nextVideoId) return;
    clearTimeout(nextTimer.current);
    navigate(`/watch/${encodeURIComponent(nextVideoId)}`, { state: { autoplay: true } satisfies WatchLocationState });
  };
  const cancelUpNext = () => {
    clearTimeout(nextTimer.current);
    setUpNext(null);
  };

  return {
    startAt: start.at,
    /** Opened from a maximize or as the next video (its own time beats the saved position). */
    handedOver,
    autoplay: start.autoplay,
    onFirstPlay: () => {
      if (!signedIn || historyAdded.current === videoId) return;
      historyAdded.current = videoId;
      void addToHistory(videoId);
    },
    onEnded: () => {
      if (!nextVideoId) return;
      clearTimeout(nextTimer.current);
      if (autoplayNext) nextTimer.current = setTimeout(playNext, NEXT_VIDEO_DELAY_MS);
      setUpNext({ endsAt: autoplayNext ? Date.now() + NEXT_VIDEO_DELAY_MS : null });
    },
    upNext,
    cancelUpNext,
    playNext,
  };
}
