// A video the API answers 410 for was taken down by a moderator: it must not stay playable offline.
// Its download (file, thumbnail, captions in Cache Storage, its record in IndexedDB) goes, and so do
// the stored API answers about it (persisted RTK Query entries, the service worker's API cache), so
// an offline start cannot show it again. Here, in the watch screen's chunk, not in the boot's persist.ts.
import { API_RESPONSE_CACHE, database } from '../../api/persist';
import { deleteSavedVideo, getSavedVideo } from './downloadStore';

export async function forgetRemovedVideo(videoId: string): Promise<void> {
  const saved = await getSavedVideo(videoId);
  if (saved) await deleteSavedVideo(saved).catch(() => undefined);
  await forgetPersistedEntries(videoId).catch(() => undefined);
  await forgetServiceWorkerCopies(videoId).catch(() => undefined);
}

async function forgetPersistedEntries(videoId: string): Promise<void> {
  // RTK Query keys end with the argument: getVideo("id"), getCaptions("id").
  const arg = `(${JSON.stringify(videoId)})`;
  const db = await database();
  for (const key of await db.getAllKeys('queries')) if (key.endsWith(arg)) await db.delete('queries', key);
}

async function forgetServiceWorkerCopies(videoId: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const prefix = `/api/v1/videos/${encodeURIComponent(videoId)}`;
  const cache = await caches.open(API_RESPONSE_CACHE);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path === prefix || path.startsWith(`${prefix}/`)) await cache.delete(request);
  }
}
