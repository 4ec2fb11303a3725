// Fullscreen on a phone turns the screen the video's way: landscape for a wide video, portrait for a
// tall one, as YouTube does. Best-effort: desktops and browsers without the lock reject or lack it.

type OrientationLock = 'landscape' | 'portrait';

/** The orientation a video's picture fills best; null before its metadata. */
function videoOrientation(video: { videoWidth: number; videoHeight: number }): OrientationLock | null {
  if (!video.videoWidth || !video.videoHeight) return null;
  return video.videoWidth >= video.videoHeight ? 'landscape' : 'portrait';
}

// `lock` is missing from TypeScript's DOM types (it is still a draft there).
type LockableOrientation = ScreenOrientation & { lock?: (orientation: OrientationLock) => Promise<void> };

const screenOrientation = (): LockableOrientation | undefined =>
  typeof screen === 'undefined' ? undefined : (screen.orientation as LockableOrientation | undefined);

export function lockToVideoOrientation(video: { videoWidth: number; videoHeight: number }): void {
  const orientation = videoOrientation(video);
  const target = screenOrientation();
  if (!orientation || typeof target?.lock !== 'function') return;
  try {
    void target.lock(orientation).catch(() => undefined);
  } catch {
    // Some browsers throw instead of rejecting.
  }
}

export function unlockOrientation(): void {
  try {
    screenOrientation()?.unlock?.();
  } catch {
    // Nothing was locked, or the browser has no lock.
  }
}
