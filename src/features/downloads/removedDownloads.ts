// A saved video the server no longer serves must not stay playable on this device: taken down by a
// moderator (410), deleted by its owner or no longer visible to this user (404, 403). The app learns
// it from the API: when the saved videos are checked (after the first paint, when the connection
// returns, when /downloads opens) and when the watch page gets such an answer. The copy goes
// (forgetRemovedVideo: file, thumbnail, captions, details, stored answers) and the user is told.
import { isRemovedStatus } from '../../../shared/downloadDb';
import { apiCall } from '../../api/client';
import { toast } from '../../components/toast';
import { getSavedVideo, listSavedVideos, type SavedVideo } from './downloadStore';
import { forgetRemovedVideo } from './forgetRemovedVideo';

export const removedDownloadMessage = (title: string) => `"${title}" was removed, so its download was deleted from this device`;

/** The video is gone: its offline copy and stored answers go; if it was saved, the user is told. */
export async function forgetGoneVideo(videoId: string, saved?: SavedVideo | null): Promise<void> {
  const copy = saved === undefined ? await getSavedVideo(videoId) : saved;
  await forgetRemovedVideo(videoId);
  if (copy) toast.info(removedDownloadMessage(copy.title));
}

let checking: Promise<number> | null = null;

/** Asks the API about every saved video (online only); returns how many were removed. */
export function checkSavedVideos(): Promise<number> {
  checking ??= (async () => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return 0;
    let removed = 0;
    for (const saved of await listSavedVideos().catch(() => [])) {
      const answer = await apiCall({ url: `/videos/${encodeURIComponent(saved.videoId)}` });
      // Offline or a server error says nothing about the video: the copy stays.
      if ('data' in answer || !isRemovedStatus(answer.error.status)) continue;
      await forgetGoneVideo(saved.videoId, saved);
      removed += 1;
    }
    return removed;
  })().finally(() => {
    checking = null;
  });
  return checking;
}
