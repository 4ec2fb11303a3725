// The watch page's reports: a reporter per video (one playback), positions fed from the player,
// a beat every ANALYTICS_LIMITS.heartbeatEveryMs while playing, and one at pause, end, hide and leave.
import { useCallback, useEffect, useRef } from 'react';
import { ANALYTICS_LIMITS } from '../../../contract/analytics';
import { createHeartbeatReporter, sendHeartbeats } from './heartbeats';
import { deviceClass, trafficSourceOf } from './trafficSource';

export function useWatchHeartbeats(videoId: string, playsSavedCopy: boolean) {
  const reporter = useRef<ReturnType<typeof createHeartbeatReporter> | null>(null);
  const savedCopy = useRef(playsSavedCopy);
  savedCopy.current = playsSavedCopy;

  useEffect(() => {
    const current = createHeartbeatReporter({ videoId, source: trafficSourceOf(savedCopy.current), device: deviceClass() });
    reporter.current = current;
    const timer = setInterval(() => current.flush(), ANALYTICS_LIMITS.heartbeatEveryMs);
    const onHide = () => document.visibilityState === 'hidden' && current.flush();
    const onLeave = () => current.flush();
    // Plays reported while offline go once the connection is back (or now, if it already is).
    const onOnline = () => void sendHeartbeats([]);
    if (navigator.onLine) onOnline();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      current.flush();
      reporter.current = null;
    };
  }, [videoId]);

  return useCallback((time: number, paused: boolean) => {
    const current = reporter.current;
    if (!current) return;
    const wasPlaying = !paused;
    current.position(time, paused);
    if (!wasPlaying) current.flush(); // a pause or the end: report now
  }, []);
}
