/// <reference lib="WebWorker" />
// Smart downloads run here, app open or closed: on Periodic Background Sync (Chromium, an installed
// app the browser grants it to; the same tag as the feed refresh) and when a page asks (the app
// opened, or Downloads changed the settings). The run itself is shared/smartRun.ts. Besides the
// files, the worker keeps each new video's API answer (the watch page reads it offline) and, when
// the user opted in, says what came: 'N new videos ready to watch offline'.
import { type DownloadsDb, openDownloadsDb } from '../shared/downloadDb';
import { readSmartSettings, type RunReport, runSmartDownloads } from '../shared/smartRun';
import { SUBSCRIPTIONS_REFRESH_TAG } from '../shared/backgroundTags';
import { DOWNLOADS_CHANGED_MESSAGE, READY_NOTIFICATION_TAG, readyNotificationTitle, RUN_SMART_DOWNLOADS_MESSAGE } from '../shared/smartMessages';
import { CACHE_NAMES } from './cacheNames';
import { workerFetch } from './networkWork';
import { BADGE, ICON, type NotificationData } from './notifications';
import { broadcast, signedInSession } from './session';

declare const self: ServiceWorkerGlobalScope;

type Connection = { type?: string; saveData?: boolean };

let running: Promise<RunReport | null> | null = null;

/** One run at a time: a periodic sync and a page's request share it. */
function runOnce(): Promise<RunReport | null> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

/** The watch page's own request for a video (src/api/endpoints/videos.ts getVideo), so the cached copy is the one it reads. */
const videoRequest = (videoId: string, token: string) =>
  new Request(new URL(`/api/v1/videos/${encodeURIComponent(videoId)}`, self.location.origin).href, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });

async function keepVideoAnswer(videoId: string, token: string): Promise<void> {
  const request = videoRequest(videoId, token);
  const response = await workerFetch(request);
  if (response.ok) await (await caches.open(CACHE_NAMES.api)).put(request, response);
}

/** A gone video's stored answers (itself, its captions...) go with its file, as the page's forgetRemovedVideo does. */
async function forgetVideoAnswers(videoId: string): Promise<void> {
  const prefix = `/api/v1/videos/${encodeURIComponent(videoId)}`;
  const cache = await caches.open(CACHE_NAMES.api);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path === prefix || path.startsWith(`${prefix}/`)) await cache.delete(request);
  }
}

/**
 * 'N new videos ready to watch offline', opted in under Settings > Notifications. One notification
 * (one tag): a run while the last one still shows adds its count to it. Its click opens Downloads.
 */
async function tellWhatIsReady(db: DownloadsDb, added: string[]): Promise<void> {
  if (!added.length || !(await readSmartSettings(db)).notifyReady || Notification.permission !== 'granted') return;
  const [shown] = await self.registration.getNotifications({ tag: READY_NOTIFICATION_TAG });
  const count = added.length + (((shown?.data ?? {}) as { count?: number }).count ?? 0);
  const titles = (await Promise.all(added.map((id) => db.get('videos', id)))).flatMap((video) => (video ? [video.title] : []));
  const data: NotificationData & { count: number } = { url: '/downloads', count };
  await self.registration.showNotification(readyNotificationTitle(count), { body: titles.join(' · '), icon: ICON, badge: BADGE, tag: READY_NOTIFICATION_TAG, data });
}

async function run(): Promise<RunReport | null> {
  const session = await signedInSession();
  if (!session) return null; // signed out: nothing is the user's to keep
  const db = await openDownloadsDb(() => db.close());
  try {
    const report = await runSmartDownloads({
      db,
      origin: self.location.origin,
      token: session.token,
      fetch: workerFetch,
      connection: (navigator as WorkerNavigator & { connection?: Connection }).connection,
      estimate: () => navigator.storage.estimate(),
      keepDetails: (videoId) => keepVideoAnswer(videoId, session.token),
      forgetDetails: forgetVideoAnswers,
    });
    await tellWhatIsReady(db, report.added).catch((error: unknown) => console.error('The offline-ready notification could not be shown', error));
    // A run records when it ran, a wait for Wi-Fi since when (both shown in Downloads): pages read the store again.
    if (!report.skipped || report.skipped === 'metered') await broadcast({ type: DOWNLOADS_CHANGED_MESSAGE, ...report });
    return report;
  } finally {
    db.close();
  }
}

/** Runs smart downloads on the feed's periodic sync and when a page asks. */
export function listenForSmartDownloadRuns(): void {
  self.addEventListener('periodicsync', (event) => {
    const sync = event as ExtendableEvent & { tag: string };
    if (sync.tag === SUBSCRIPTIONS_REFRESH_TAG) sync.waitUntil(runOnce());
  });
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === RUN_SMART_DOWNLOADS_MESSAGE) event.waitUntil(runOnce());
  });
}
