// One smart-downloads run, the same in the service worker (Periodic Background Sync, and when the
// app opens: sw/smartDownloads.ts) and in tests: ask the server for the candidates, let the smart
// downloads that are gone (taken down, deleted) leave, mark those no longer wanted, make room within
// the budget (watched first, then those that left the feed; never a pinned or manual one), and
// download the missing ones at the chosen rung, resuming a partial file by byte range.
// No React, no local storage: the caller gives the session's token and its fetch.
import type { OfflineCandidate, OfflineRung } from '../contract/offlineCandidates';
import { cacheSavedCopy, deleteSavedCopy, type DownloadsDb, isRemovedStatus, type SavedVideo, type SmartSettings } from './downloadDb';

export const DEFAULT_SMART_SETTINGS: SmartSettings = { enabled: false, newest: 5, height: 360, allowCellular: false, budgetBytes: null };
/** Without a budget of their own, downloads may take this share of the browser's quota. */
export const QUOTA_SHARE = 0.25;
/** Without any quota figure (no StorageManager): 1 GB. */
const FALLBACK_BUDGET = 1024 ** 3;
/** Played this far, a video counts as watched. */
export const WATCHED_SHARE = 0.9;
/** A partial file is written down every so many bytes, so a run killed midway resumes near where it stopped. */
const PARTIAL_FLUSH_BYTES = 4 * 1024 * 1024;

export interface RunDeps {
  db: DownloadsDb;
  /** The app's origin (API and media paths are under it). */
  origin: string;
  token: string;
  fetch: (request: Request) => Promise<Response>;
  /** navigator.connection where the browser has it. */
  connection?: { type?: string; saveData?: boolean } | null;
  estimate?: () => Promise<{ quota?: number; usage?: number }>;
  /**
   * Keeps what the watch page reads of a video besides its file (the worker: its API answer), so a
   * video downloaded with the app closed opens offline; and forgets it once the video is gone.
   */
  keepDetails?: (videoId: string) => Promise<void>;
  forgetDetails?: (videoId: string) => Promise<void>;
}

export interface RunReport {
  skipped?: 'off' | 'metered' | 'unreachable';
  added: string[];
  removed: string[];
  evicted: string[];
}

export async function readSmartSettings(db: DownloadsDb): Promise<SmartSettings> {
  return { ...DEFAULT_SMART_SETTINGS, ...(await db.get('settings', 'smart')) };
}

/** Cellular (or data saver asked by the browser) counts as metered; an unknown type does not. */
export function isMetered(connection: RunDeps['connection']): boolean {
  return connection?.type === 'cellular' || connection?.saveData === true;
}

/** The best rung at or under `height`; the lowest when none is. */
export function pickRung(rungs: readonly OfflineRung[], height: number): OfflineRung | null {
  const fitting = rungs.filter((rung) => rung.height <= height);
  const pool = fitting.length ? fitting : rungs;
  if (!pool.length) return null;
  return pool.reduce((best, rung) => (fitting.length ? rung.height > best.height : rung.height < best.height) ? rung : best);
}

export async function budgetOf(settings: SmartSettings, estimate?: RunDeps['estimate']): Promise<number> {
  if (settings.budgetBytes !== null) return settings.budgetBytes;
  const quota = (await estimate?.().catch(() => undefined))?.quota;
  return quota ? Math.floor(quota * QUOTA_SHARE) : FALLBACK_BUDGET;
}

/** Which kept videos a run may evict, first to go first: watched, then those that left the feed, oldest first. */
export function evictionOrder(saved: readonly SavedVideo[]): SavedVideo[] {
  const rank = (video: SavedVideo) => ((video.watched ?? 0) >= WATCHED_SHARE ? 0 : 1);
  return saved
    .filter((video) => video.origin === 'smart' && !video.pinned && ((video.watched ?? 0) >= WATCHED_SHARE || video.leftFeed))
    .sort((a, b) => rank(a) - rank(b) || a.savedAt.localeCompare(b.savedAt));
}

export async function runSmartDownloads(deps: RunDeps): Promise<RunReport> {
  const report: RunReport = { added: [], removed: [], evicted: [] };
  const { db } = deps;
  const settings = await readSmartSettings(db);
  if (!settings.enabled) return { ...report, skipped: 'off' };
  if (isMetered(deps.connection) && !settings.allowCellular) {
    // Recorded, so Downloads can say it waits for Wi-Fi (and since when).
    if (!settings.waitingSince) await db.put('settings', { ...settings, waitingSince: new Date().toISOString() }, 'smart');
    return { ...report, skipped: 'metered' };
  }
  const api = (path: string) => new Request(`${deps.origin}/api/v1${path}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${deps.token}` } });
  const answer = await deps.fetch(api(`/offline/candidates?limit=${settings.newest}`)).catch(() => null);
  if (!answer?.ok) return { ...report, skipped: 'unreachable' };
  const candidates = ((await answer.json()) as { data: { candidates: OfflineCandidate[] } }).data.candidates;
  const wanted = new Map(candidates.map((candidate) => [candidate.video._id, candidate]));

  // Smart downloads no longer wanted: gone for good leaves now, the rest waits to be evicted first.
  for (const saved of await db.getAll('videos')) {
    if (saved.origin !== 'smart') continue;
    const candidate = wanted.get(saved.videoId);
    if (candidate) {
      await db.put('videos', { ...saved, reasons: candidate.reasons, leftFeed: false });
      continue;
    }
    const status = (await deps.fetch(api(`/videos/${encodeURIComponent(saved.videoId)}`)).catch(() => null))?.status;
    if (isRemovedStatus(status)) {
      await deleteSavedCopy(db, saved);
      await deps.forgetDetails?.(saved.videoId).catch(() => undefined);
      report.removed.push(saved.videoId);
    } else if (!saved.leftFeed) await db.put('videos', { ...saved, leftFeed: true });
  }

  const budget = await budgetOf(settings, deps.estimate);
  for (const candidate of candidates) {
    const videoId = candidate.video._id;
    // Evicted for room once watched (or deleted by the user): fetching it again would push out what is still to watch.
    if ((await db.get('videos', videoId)) || (await readSmartSettings(db)).dismissed?.includes(videoId)) continue;
    const rung = pickRung(candidate.rungs, settings.height);
    if (!rung || !(await makeRoom(db, rung.bytes, budget, report))) continue;
    const blob = await downloadRung(deps, videoId, rung).catch(() => null);
    if (!blob) continue;
    const thumbnailUrl = candidate.video.thumbnail ? new URL(candidate.video.thumbnail, deps.origin).pathname : '';
    const videoUrl = new URL(rung.url, deps.origin).pathname;
    await db.put('videos', await cacheSavedCopy(candidate.video, { blob, quality: rung.height, videoUrl, thumbnailUrl, origin: 'smart', reasons: candidate.reasons }));
    await db.delete('partials', videoId);
    await deps.keepDetails?.(videoId).catch(() => undefined); // best effort: the file is kept either way
    report.added.push(videoId);
  }
  // Read again: the user may have changed a setting while the files came.
  const current = await readSmartSettings(db);
  delete current.waitingSince;
  const dismissed = current.dismissed?.filter((id) => wanted.has(id));
  await db.put('settings', { ...current, dismissed, lastRunAt: new Date().toISOString(), lastAdded: report.added.length }, 'smart');
  return report;
}

/** Smart downloads will not fetch `videoId` again while it stays a candidate. */
export async function dismiss(db: DownloadsDb, videoId: string): Promise<void> {
  const settings = await readSmartSettings(db);
  if (!settings.dismissed?.includes(videoId)) await db.put('settings', { ...settings, dismissed: [...(settings.dismissed ?? []), videoId] }, 'smart');
}

/** Evicts in evictionOrder until `bytes` more fit in the budget; false when they cannot. */
async function makeRoom(db: DownloadsDb, bytes: number, budget: number, report: RunReport): Promise<boolean> {
  const saved = await db.getAll('videos');
  let used = saved.reduce((sum, video) => sum + video.size, 0);
  if (used + bytes <= budget) return true;
  const order = evictionOrder(saved);
  const freeable = order.reduce((sum, video) => sum + video.size, 0);
  if (used - freeable + bytes > budget) return false; // evicting everything allowed would not do: keep them
  for (const video of order) {
    if (used + bytes <= budget) break;
    await deleteSavedCopy(db, video);
    if ((video.watched ?? 0) >= WATCHED_SHARE) await dismiss(db, video.videoId);
    used -= video.size;
    report.evicted.push(video.videoId);
  }
  return true;
}

/** The whole rung; a partial copy left by an earlier run is resumed with a Range request (it goes once the copy is kept). */
async function downloadRung(deps: RunDeps, videoId: string, rung: OfflineRung): Promise<Blob> {
  const path = new URL(rung.url, deps.origin).pathname;
  const partial = await deps.db.get('partials', videoId);
  const have = partial?.url === path ? partial.data : null;
  const headers: Record<string, string> = have ? { Range: `bytes=${have.byteLength}-` } : {};
  const response = await deps.fetch(new Request(`${deps.origin}${path}`, { headers, credentials: 'include' }));
  const parts: Blob[] = [];
  if (response.status === 206 && have) parts.push(new Blob([have]));
  else if (response.status !== 200) throw new Error(`Download failed (${response.status})`);
  const keep = async () => deps.db.put('partials', { videoId, url: path, data: await new Blob(parts).arrayBuffer() });
  const reader = response.body!.getReader();
  let unflushed = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(new Blob([value]));
      unflushed += value.byteLength;
      if (unflushed >= PARTIAL_FLUSH_BYTES) {
        await keep();
        unflushed = 0;
      }
    }
  } catch (error) {
    await keep();
    throw error;
  }
  return new Blob(parts, { type: 'video/mp4' });
}
