// Whether a video is saved for offline; `checked` turns true once IndexedDB has answered, so the
// player can start on the saved rendition (served from Cache Storage by the service worker).
import { useEffect, useState } from 'react';
import { getSavedVideo, type SavedVideo, subscribeDownloads } from './downloadStore';

export function useSavedVideo(videoId: string): { checked: boolean; saved: SavedVideo | null } {
  const [state, setState] = useState<{ id: string; saved: SavedVideo | null } | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => void getSavedVideo(videoId).then((saved) => live && setState({ id: videoId, saved }));
    read();
    const unsubscribe = subscribeDownloads(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [videoId]);
  const current = state?.id === videoId ? state : null;
  return { checked: current !== null, saved: current?.saved ?? null };
}
