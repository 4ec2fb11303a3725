// The ids of the videos saved on this device, kept current as downloads come and go, offline too
// (watchDownloadedIds.ts, which also lets videos removed meanwhile leave the device). Read once the
// first paint is done: IndexedDB and the download store stay out of the boot.
import { useEffect, useState } from 'react';
import { afterFirstPaint } from '../../lib/afterFirstPaint';
import { importChunk } from '../../lib/chunks';

const NONE: ReadonlySet<string> = new Set();

export function useDownloadedIds(): ReadonlySet<string> {
  const [ids, setIds] = useState(NONE);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    afterFirstPaint(() => {
      void importChunk(() => import('./watchDownloadedIds')).then(({ watchDownloadedIds }) => {
        if (live) stop = watchDownloadedIds(setIds);
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return ids;
}
