// The downloads' IndexedDB, opened the same way by the page (downloadStore.ts) and the service
// worker (sw/smartDownloads.ts): the saved videos' details, the smart-download settings and the
// partial downloads a smart run resumes by range. Only idb: the worker bundles it.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OfflineReason } from '../contract/offlineCandidates';

/** Cache Storage name of the saved files (sw/cacheNames.ts reads the same). */
export const DOWNLOADS_CACHE = 'vidshare-downloads';
const DOWNLOADS_DB = 'vidshare-downloads';

export interface SavedVideo {
  videoId: string;
  title: string;
  ownerName: string;
  duration: number;
  /** Bytes of the stored rendition. */
  size: number;
  /** The rendition's height (480 for 480p). */
  quality: number;
  /** Same-origin paths of the stored rendition and thumbnail (the cache keys). */
  videoUrl: string;
  thumbnailUrl: string;
  /** The caption tracks, their files in the same cache (absent on videos saved before captions were kept). */
  captions?: { language: string; label: string; url: string }[];
  savedAt: string;
  /** Who kept it: the user (absent on older records: manual) or smart downloads. */
  origin?: 'manual' | 'smart';
  /** Why smart downloads keep it (the server's reasons at the last run). */
  reasons?: OfflineReason[];
  /** Never evicted by smart downloads (manual downloads never are either). */
  pinned?: boolean;
  /** The largest share of it played on this device (0 to 1). */
  watched?: number;
  /** A smart download that is no longer a candidate (left the feed, off Watch later): evicted first. */
  leftFeed?: boolean;
}

/** What smart downloads do, set in Downloads; the worker reads it at each run. */
export interface SmartSettings {
  enabled: boolean;
  /** How many of the subscriptions' newest videos. */
  newest: number;
  /** The rung kept: the best one at or under this height (the lowest when none is). */
  height: number;
  /** Run on a cellular (metered) connection too. */
  allowCellular: boolean;
  /** Bytes all downloads may take; null: a share of the browser's quota. */
  budgetBytes: number | null;
  /** Show 'N new videos ready to watch offline' after a run that added some (off by default; Settings > Notifications). */
  notifyReady?: boolean;
  /** When the last run ended (ISO), and what it added. */
  lastRunAt?: string;
  lastAdded?: number;
  /**
   * Smart downloads not to fetch again while they stay candidates: watched ones a run evicted, and
   * those the user deleted (kept to the current candidates by each run).
   */
  dismissed?: string[];
  /** Set when the last attempt waited for an unmetered connection (mobile data off); a run clears it. */
  waitingSince?: string;
}

interface PartialDownload {
  videoId: string;
  /** The rung's path: a resume asks the same file for the rest. */
  url: string;
  /** The bytes so far (a buffer: what every IndexedDB stores alike). */
  data: ArrayBuffer;
}

interface DownloadsSchema extends DBSchema {
  videos: { key: string; value: SavedVideo };
  settings: { key: string; value: SmartSettings };
  partials: { key: string; value: PartialDownload };
}
export type DownloadsDb = IDBPDatabase<DownloadsSchema>;

/** Opens the database; `onBlocking` runs when another context needs a newer version (close then). */
export function openDownloadsDb(onBlocking?: () => void): Promise<DownloadsDb> {
  return openDB<DownloadsSchema>(DOWNLOADS_DB, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore('videos', { keyPath: 'videoId' });
      if (oldVersion < 2) {
        db.createObjectStore('settings');
        db.createObjectStore('partials', { keyPath: 'videoId' });
      }
    },
    blocking: onBlocking,
  });
}

/** Removes a saved video's files and record. */
/** What a saved copy records of its video (the rest comes from the copy itself). */
export interface SavedVideoSource {
  _id: string;
  title: string;
  owner?: { fullName: string } | null;
  duration: number;
}

/**
 * Stores a downloaded rendition and its thumbnail under their same-origin paths in the downloads
 * cache, and returns the copy's record (the caller stores it). The video plays without the thumbnail.
 */
export async function cacheSavedCopy(
  video: SavedVideoSource,
  copy: { blob: Blob; quality: number; videoUrl: string; thumbnailUrl: string } & Pick<SavedVideo, 'origin' | 'captions' | 'reasons'>,
): Promise<SavedVideo> {
  const { blob, ...kept } = copy;
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.put(copy.videoUrl, new Response(blob, { headers: { 'Content-Type': blob.type || 'video/mp4', 'Content-Length': String(blob.size) } }));
  if (copy.thumbnailUrl) await cache.add(copy.thumbnailUrl).catch(() => undefined);
  return { videoId: video._id, title: video.title, ownerName: video.owner?.fullName ?? '', duration: video.duration, size: blob.size, savedAt: new Date().toISOString(), ...kept };
}

/** The API's answers that mean a saved video is gone for this user: taken down (410), deleted or no longer visible (404, 403). */
export const isRemovedStatus = (status: unknown): boolean => status === 404 || status === 403 || status === 410;

export async function deleteSavedCopy(db: DownloadsDb, saved: SavedVideo): Promise<void> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.delete(saved.videoUrl);
  for (const caption of saved.captions ?? []) await cache.delete(caption.url);
  if (saved.thumbnailUrl) await cache.delete(saved.thumbnailUrl);
  await db.delete('videos', saved.videoId);
}
