// The ids of the videos saved on this device, kept current as downloads come and go. Read once the
// first paint is done (IndexedDB and the download store stay out of the boot), offline too. Then,
// online, and again each time the connection returns, the saved videos are checked with the API:
// a video taken down or deleted meanwhile leaves the device (removedDownloads.ts).
import { useEffect, useState } from 'react';
import { afterFirstPaint } from '../../lib/afterFirstPaint';
import { importChunk } from '../../lib/chunks';

const NONE: ReadonlySet<string> = new Set();

export function useDownloadedIds(): ReadonlySet<string> {
  const [ids, setIds] = useState(NONE);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    let saved: ReadonlySet<string> = NONE;
    const checkRemoved = async () => {
      if (!live || saved.size === 0) return;
      const { checkSavedVideos } = await importChunk(() => import('./removedDownloads'));
      if (live) await checkSavedVideos();
    };
    afterFirstPaint(() => {
      void importChunk(() => import('./downloadStore')).then(({ listSavedVideos, subscribeDownloads }) => {
        if (!live) return;
        const read = () =>
          listSavedVideos()
            .then((videos) => {
              saved = new Set(videos.map((video) => video.videoId));
              if (live) setIds(saved);
            })
            .catch(() => undefined); // IndexedDB unavailable (private mode): no badges
        void read().then(checkRemoved);
        unsubscribe = subscribeDownloads(() => void read());
      });
    });
    const onOnline = () => void checkRemoved();
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('online', onOnline);
    };
  }, []);
  return ids;
}
