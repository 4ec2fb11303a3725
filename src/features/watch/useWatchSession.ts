// What opening a video does besides showing it: join its live room, register a view (signed in),
// take over from the mini player, add to history on the first play (signed in), and open the
// first related video 2 s after the end.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAddToHistoryMutation, useAddViewMutation } from '../../api/endpoints/videos';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { selectIsSignedIn } from '../auth/authSlice';
import { resetMiniPlayer } from '../miniPlayer/miniPlayerSlice';

export const NEXT_VIDEO_DELAY_MS = 2000;

/** Router state a watch page may be opened with. */
export interface WatchLocationState {
  /** Seconds to start from (maximize from the mini player). */
  resumeAt?: number;
  /** Start playing at once (the next video after the end of the last one). */
  autoplay?: boolean;
}

export function useWatchSession(videoId: string, nextVideoId: string | undefined) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as WatchLocationState;
  const [addView] = useAddViewMutation();
  const [addToHistory] = useAddToHistoryMutation();
  const viewed = useRef<string | null>(null);
  const historyAdded = useRef<string | null>(null);
  const nextTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

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

  useEffect(() => {
    let leave: (() => void) | undefined;
    let cancelled = false;
    void import('../../api/live').then(({ joinVideoRoom }) => {
      if (!cancelled) leave = joinVideoRoom(videoId);
    });
    return () => {
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

  return {
    startAt: start.at,
    autoplay: start.autoplay,
    onFirstPlay: () => {
      if (!signedIn || historyAdded.current === videoId) return;
      historyAdded.current = videoId;
      void addToHistory(videoId);
    },
    onEnded: () => {
      if (!nextVideoId) return;
      clearTimeout(nextTimer.current);
      nextTimer.current = setTimeout(() => navigate(`/watch/${encodeURIComponent(nextVideoId)}`, { state: { autoplay: true } satisfies WatchLocationState }), NEXT_VIDEO_DELAY_MS);
    },
  };
}
