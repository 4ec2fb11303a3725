// Resume where you left off: the position goes to the server every few seconds while
// playing, at once on pause, seek and end, and on leaving (another screen, or the tab going away).
import { useCallback, useEffect, useRef } from 'react';
import { saveWatchPositionOnExit, useSaveWatchPositionMutation } from '../../api/endpoints/playback';

const POSITION_SAVE_MS = 5000;
/** Closer than this to the end counts as finished: the next visit starts from 0. */
const FINISHED_WITHIN_SECONDS = 3;

/** Where a visit starts: the saved position, or 0 when there is none or the video was finished. */
export function resumeFrom(resumeAt: number | null | undefined, duration: number): number {
  if (!resumeAt || resumeAt < 1) return 0;
  if (duration > 0 && resumeAt >= duration - FINISHED_WITHIN_SECONDS) return 0;
  return resumeAt;
}

/** Returns the player's onPosition; does nothing when `enabled` is false (signed out). */
export function useWatchPosition(videoId: string, enabled: boolean, startAt: number) {
  const [save] = useSaveWatchPositionMutation();
  const latest = useRef<number | null>(null);
  const saved = useRef({ time: startAt, at: Date.now() });
  // One save in flight at a time, the newest position waiting behind it: two saves sent together
  // (a pause, then a seek) could reach the server in either order and leave the older one saved.
  const sending = useRef(false);
  const waiting = useRef<number | null>(null);

  const send = useCallback(
    (position: number) => {
      if (sending.current) {
        waiting.current = position;
        return;
      }
      sending.current = true;
      void save({ videoId, position }).finally(() => {
        sending.current = false;
        const next = waiting.current;
        waiting.current = null;
        if (next !== null) send(next);
      });
    },
    [save, videoId],
  );

  const flush = useCallback(
    (leaving: boolean) => {
      const time = latest.current;
      if (!enabled || time === null || Math.abs(time - saved.current.time) < 0.5) return;
      saved.current = { time, at: Date.now() };
      const position = Math.round(time * 10) / 10;
      if (leaving) saveWatchPositionOnExit(videoId, position);
      else send(position);
    },
    [enabled, send, videoId],
  );

  useEffect(() => {
    const onHidden = () => document.visibilityState === 'hidden' && flush(true);
    const onPageHide = () => flush(true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      flush(false); // left for another screen of the app
    };
  }, [flush]);

  return useCallback(
    (time: number, _duration: number, paused: boolean) => {
      latest.current = time;
      if (paused || Date.now() - saved.current.at >= POSITION_SAVE_MS) flush(false);
    },
    [flush],
  );
}
