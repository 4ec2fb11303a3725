// Videos saved for offline: one rendition, its thumbnail and its captions in Cache Storage (fetched
// whole, without a Range header: the service worker answers range requests from the cached copy),
// their details in IndexedDB. The service worker reads the same cache name (sw/sw.ts).
import type { Caption, Video } from '../../../contract/entities';
import { apiUrl, requestHeaders } from '../../api/client';
import { RUN_SMART_DOWNLOADS_MESSAGE } from '../../../shared/smartMessages';
import { cacheSavedCopy, deleteSavedCopy, DOWNLOADS_CACHE, type DownloadsDb, openDownloadsDb, type SavedVideo, type SmartSettings } from '../../../shared/downloadDb';
import { dismiss, readSmartSettings } from '../../../shared/smartRun';

export type { SavedVideo } from '../../../shared/downloadDb';
/** 480p (eco) by default: small on a phone, still watchable. */
export const DEFAULT_DOWNLOAD_HEIGHT = 480;

let dbPromise: Promise<DownloadsDb> | null = null;
function database() {
  // The worker may open a newer version after an update: let it, and reopen on next use.
  dbPromise ??= openDownloadsDb(() => {
    void dbPromise?.then((db) => db.close());
    dbPromise = null;
  });
  return dbPromise;
}

export async function listSavedVideos(): Promise<SavedVideo[]> {
  const all = await (await database()).getAll('videos');
  return all.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function getSavedVideo(videoId: string): Promise<SavedVideo | null> {
  try {
    return (await (await database()).get('videos', videoId)) ?? null;
  } catch {
    return null;
  }
}

const samePath = (url: string) => new URL(url, location.origin).pathname;

/** Reads a body chunk by chunk so the caller can show real progress (bytes / Content-Length). */
async function readWithProgress(response: Response, onProgress: (fraction: number) => void): Promise<Blob> {
  const total = Number(response.headers.get('Content-Length')) || 0;
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total) onProgress(Math.min(1, received / total));
  }
  onProgress(1);
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? 'video/mp4' });
}

/** The toast once a download is stored. */
export const DOWNLOAD_SAVED = 'Saved for offline';

/** Thrown when the user cancels a running download (its `signal` aborted): nothing is stored. */
export const DOWNLOAD_CANCELLED = 'Download cancelled';

/** Downloads the rendition at `videoUrl` and the thumbnail, then records the video as saved; `signal` cancels it. */
export async function saveVideoForOffline(
  video: Pick<Video, '_id' | 'title' | 'owner' | 'duration' | 'thumbnail'>,
  videoUrl: string,
  quality: number,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<SavedVideo> {
  const cancelled = () => new DOMException(DOWNLOAD_CANCELLED, 'AbortError');
  let blob: Blob;
  try {
    const response = await fetch(videoUrl, { credentials: 'include', signal });
    if (!response.ok) throw new Error(`Download failed (${response.status})`);
    blob = await readWithProgress(response, onProgress);
  } catch (error) {
    if (signal?.aborted) throw cancelled();
    throw error;
  }
  if (signal?.aborted) throw cancelled();
  const captions = await saveCaptions(await caches.open(DOWNLOADS_CACHE), video._id);
  const thumbnailUrl = video.thumbnail ? samePath(video.thumbnail) : '';
  const saved = await cacheSavedCopy(video, { blob, quality, videoUrl: samePath(videoUrl), thumbnailUrl, captions, origin: 'manual' });
  await (await database()).put('videos', saved);
  notify();
  void keepDownloads();
  return saved;
}

/**
 * After a download: ask (once granted, never again) that the browser keep the saved videos under
 * storage pressure. Chromium grants it silently to an installed or much-used app; Firefox asks.
 */
async function keepDownloads(): Promise<void> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist || (await storage.persisted?.().catch(() => false))) return;
  await storage.persist().catch(() => false);
}

/** The video's caption files into the cache; a video without captions (or a failed list) saves none. */
async function saveCaptions(cache: Cache, videoId: string): Promise<SavedVideo['captions']> {
  const response = await fetch(apiUrl(`/videos/${encodeURIComponent(videoId)}/captions`), { credentials: 'include', headers: requestHeaders(undefined) }).catch(() => null);
  if (!response?.ok) return [];
  const listed = ((await response.json()) as { data?: Caption[] }).data ?? [];
  const saved: NonNullable<SavedVideo['captions']> = [];
  for (const caption of listed) {
    const url = samePath(caption.url);
    if (await cache.add(url).then(() => true, () => false)) saved.push({ language: caption.language, label: caption.label, url });
  }
  return saved;
}

export async function deleteSavedVideo(saved: SavedVideo): Promise<void> {
  const db = await database();
  await deleteSavedCopy(db, saved);
  // A smart download the user deleted stays deleted: the next run does not bring it back.
  if (saved.origin === 'smart') await dismiss(db, saved.videoId);
  notify();
}

/** Pins or unpins a saved video: smart downloads never evict a pinned one. */
export async function setPinned(videoId: string, pinned: boolean): Promise<void> {
  const db = await database();
  const saved = await db.get('videos', videoId);
  if (saved) await db.put('videos', { ...saved, pinned });
  notify();
}

/** Records how much of a saved video was played here (the largest share counts): watched ones are evicted first. */
export async function recordWatched(videoId: string, share: number): Promise<void> {
  const db = await database();
  const saved = await db.get('videos', videoId);
  if (!saved || (saved.watched ?? 0) >= share) return;
  await db.put('videos', { ...saved, watched: Math.min(1, share) });
}

/** Reads the store again after the worker changed it (a smart run). */
export function downloadsChanged(): void {
  notify();
}

export async function getSmartSettings(): Promise<SmartSettings> {
  return readSmartSettings(await database());
}

/** Saves the settings and asks the worker for a run with them (it decides whether one is due). */
export async function saveSmartSettings(settings: SmartSettings): Promise<void> {
  await (await database()).put('settings', settings, 'smart');
  navigator.serviceWorker?.controller?.postMessage({ type: RUN_SMART_DOWNLOADS_MESSAGE });
}

/** Turns 'ready to watch offline' notifications on or off; no run is asked for (nothing to download changed). */
export async function setNotifyReady(on: boolean): Promise<void> {
  const db = await database();
  await db.put('settings', { ...(await readSmartSettings(db)), notifyReady: on }, 'smart');
  notify();
}

const listeners = new Set<() => void>();
function notify() {
  for (const listener of listeners) listener();
}
export function subscribeDownloads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
