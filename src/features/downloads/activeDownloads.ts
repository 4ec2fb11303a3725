// Downloads in flight, by video: their progress and a way to cancel them. Kept outside any screen
// so a download started from a card's menu or the watch page runs on (and shows its progress on the
// watch page's Download button) when the viewer moves on.
import { useSyncExternalStore } from 'react';
import type { Video } from '../../../contract/entities';
import { qualityUrl, type QualityOption } from '../player/quality';
import { saveVideoForOffline, type SavedVideo } from './downloadStore';

interface Running {
  progress: number;
  controller: AbortController;
}

const running = new Map<string, Running>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Downloads `option` of `video`; rejects with an AbortError when cancelled. One download a video at a time. */
export async function startDownload(video: Video, option: QualityOption): Promise<SavedVideo> {
  if (running.has(video._id)) throw new Error('This video is already downloading');
  const entry: Running = { progress: 0, controller: new AbortController() };
  running.set(video._id, entry);
  notify();
  try {
    return await saveVideoForOffline(
      video,
      qualityUrl(video.filePath, option.segment),
      option.height,
      (fraction) => {
        // Whole percents: a re-render per network chunk would be wasted on a phone.
        if (Math.floor(fraction * 100) === Math.floor(entry.progress * 100)) return;
        entry.progress = fraction;
        notify();
      },
      entry.controller.signal,
    );
  } finally {
    running.delete(video._id);
    notify();
  }
}

export function cancelDownload(videoId: string): void {
  running.get(videoId)?.controller.abort();
}

/** The running download's progress (0..1), or null when none runs for this video. */
export function useDownloadProgress(videoId: string): number | null {
  return useSyncExternalStore(subscribe, () => running.get(videoId)?.progress ?? null, () => null);
}
