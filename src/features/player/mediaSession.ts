// Phone extras: the lock screen / notification controls of the Media Session API, and
// Picture-in-Picture. Playback is never paused when the tab is hidden (no visibilitychange pause).
import { type RefObject, useEffect } from 'react';

const SEEK_STEP_SECONDS = 10;

interface Metadata {
  title: string;
  artist?: string;
  artwork?: string;
}

/** Title, artist and artwork on the lock screen, with play/pause/seek handlers bound to `videoRef`. */
export function useMediaSession(videoRef: RefObject<HTMLVideoElement | null>, { title, artist, artwork }: Metadata, seek: (time: number) => void): void {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({ title, artist: artist ?? '', artwork: artwork ? [{ src: artwork, sizes: '1280x720', type: 'image/jpeg' }] : [] });
    const video = () => videoRef.current;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void video()?.play().catch(() => undefined)],
      ['pause', () => video()?.pause()],
      ['seekbackward', (details) => video() && seek(video()!.currentTime - (details.seekOffset ?? SEEK_STEP_SECONDS))],
      ['seekforward', (details) => video() && seek(video()!.currentTime + (details.seekOffset ?? SEEK_STEP_SECONDS))],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        /* an action this browser does not know */
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          /* as above */
        }
      }
      session.metadata = null;
    };
  }, [videoRef, title, artist, artwork, seek]);
}

export const pictureInPictureAvailable = () => typeof document !== 'undefined' && Boolean(document.pictureInPictureEnabled);

/** Enters Picture-in-Picture for the video, or leaves it when it is already there. */
export async function togglePictureInPicture(video: HTMLVideoElement | null): Promise<void> {
  if (!video) return;
  if (document.pictureInPictureElement === video) await document.exitPictureInPicture();
  else await video.requestPictureInPicture();
}
