// The ids of the videos saved on this device, kept current as downloads come and go. Read once the
// first paint is done (IndexedDB and the download store stay out of the boot), offline too.
import { useEffect, useState } from 'react';
import { afterFirstPaint } from '../../lib/afterFirstPaint';
import { importChunk } from '../../lib/chunks';

const NONE: ReadonlySet<string> = new Set();

export function useDownloadedIds(): ReadonlySet<string> {
  const [ids, setIds] = useState(NONE);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    afterFirstPaint(() => {
      void importChunk(() => import('./downloadStore')).then(({ listSavedVideos, subscribeDownloads }) => {
        if (!live) return;
        const read = () =>
          void listSavedVideos()
            .then((videos) => live && setIds(new Set(videos.map((video) => video.videoId))))
            .catch(() => undefined); // IndexedDB unavailable (private mode): no badges
        read();
        unsubscribe = subscribeDownloads(read);
      });
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return ids;
}
