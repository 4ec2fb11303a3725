// Watch time of a downloaded video played offline counts as a view: once this many seconds have
// played here without a network (or the whole video, if shorter), one view is queued on the device
// and reported when the connection returns, exactly once (the queue's Idempotency-Key; the server
// also counts one view per viewer a day). Online, the watch page counts the view at once as always.
import { useCallback, useRef } from 'react';
import { useReportOfflineViewMutation } from '../../api/endpoints/offlineViews';

const OFFLINE_VIEW_SECONDS = 30;
/** A jump longer than this between two positions is a seek, not watch time. */
const MAX_STEP_SECONDS = 5;

/** Returns the player's position listener; `enabled` when the video is saved and the user signed in. */
export function useOfflineViewReport(videoId: string, enabled: boolean): (time: number, duration: number, paused: boolean) => void {
  const [report] = useReportOfflineViewMutation();
  const played = useRef({ videoId, seconds: 0, last: null as number | null, reported: false });
  return useCallback(
    (time, duration, paused) => {
      if (played.current.videoId !== videoId) played.current = { videoId, seconds: 0, last: null, reported: false };
      const state = played.current;
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      if (!enabled || !offline || state.reported || paused) {
        state.last = paused ? null : time;
        return;
      }
      const step = state.last === null ? 0 : time - state.last;
      state.last = time;
      if (step > 0 && step <= MAX_STEP_SECONDS) state.seconds += step;
      if (state.seconds >= Math.min(OFFLINE_VIEW_SECONDS, duration > 0 ? duration * 0.9 : OFFLINE_VIEW_SECONDS)) {
        state.reported = true;
        void report(videoId);
      }
    },
    [videoId, enabled, report],
  );
}
