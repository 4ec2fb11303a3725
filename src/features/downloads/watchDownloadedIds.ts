// Keeps the ids of the saved videos current as downloads come and go, and checks the saved videos
// with the API once they are read and each time the connection returns: a video taken down or
// deleted meanwhile leaves the device (removedDownloads.ts). A chunk of its own, loaded after the
// first paint (useDownloadedIds.ts), so IndexedDB and the download store stay out of the boot.
// It is also where an app start asks the service worker for a smart-downloads run, and hears of
// the runs that changed the saved videos.
import { importChunk } from '../../lib/chunks';
import { DOWNLOADS_CHANGED_MESSAGE, RUN_SMART_DOWNLOADS_MESSAGE } from '../../../shared/smartMessages';
import { downloadsChanged, listSavedVideos, subscribeDownloads } from './downloadStore';

/** Calls `onIds` with the saved videos' ids now and on every change; returns the way to stop. */
export function watchDownloadedIds(onIds: (ids: ReadonlySet<string>) => void): () => void {
  let live = true;
  let saved: ReadonlySet<string> = new Set();
  const checkRemoved = async () => {
    if (!live || saved.size === 0) return;
    const { checkSavedVideos } = await importChunk(() => import('./removedDownloads'));
    if (live) await checkSavedVideos();
  };
  const read = () =>
    listSavedVideos()
      .then((videos) => {
        saved = new Set(videos.map((video) => video.videoId));
        if (live) onIds(saved);
      })
      .catch(() => undefined); // IndexedDB unavailable (private mode): no badges
  void read().then(checkRemoved);
  const unsubscribe = subscribeDownloads(() => void read());
  const onOnline = () => void checkRemoved();
  window.addEventListener('online', onOnline);
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === DOWNLOADS_CHANGED_MESSAGE) downloadsChanged();
  };
  worker?.addEventListener('message', onWorkerMessage);
  // The worker decides (settings off, metered connection, signed out: nothing happens).
  worker?.controller?.postMessage({ type: RUN_SMART_DOWNLOADS_MESSAGE });
  return () => {
    live = false;
    unsubscribe();
    window.removeEventListener('online', onOnline);
    worker?.removeEventListener('message', onWorkerMessage);
  };
}
