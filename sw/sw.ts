/// <reference lib="WebWorker" />
// The service worker: precached shell, offline navigations, runtime caches for images and API
// GETs, and the re-auth check made offline (a /users/me that fails is put in the offline queue,
// replayed when back online and its result posted to the pages, where a 401 signs the user out).
// What works while the app is closed lives beside it: push and notification clicks
// (notifications.ts), the offline queue's Background Sync and the periodic feed refresh
// (backgroundSync.ts), smart downloads
// (smartDownloads.ts), share to upload (shareTarget.ts).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { errorBody } from '../contract/envelope';
import { ABANDON_NETWORK_WORK_MESSAGE, REPLAY_QUEUES_MESSAGE } from '../shared/workerMessages';
import { listenForBackgroundSync, queueReauth, replayOfflineQueueSoon } from './backgroundSync';
import { CACHE_NAMES } from './cacheNames';
import { abandonedForUpdate, abandonedOnUpdate, abandonNetworkWork, workerFetch } from './networkWork';
import { listenForNotifications } from './notifications';
import { routeShareTarget } from './shareTarget';
import { listenForSmartDownloadRuns } from './smartDownloads';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const ME_PATH = '/api/v1/users/me';
const SERVER_PATHS = [/^\/api\//, /^\/media\//, /^\/socket\.io\//, /^\/files/];

// What works while the app is closed, first (as its listeners and routes always came first).
listenForBackgroundSync();
listenForNotifications();
routeShareTarget();
listenForSmartDownloadRuns();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Client-side routes (/home, /watch/...) all boot from the precached shell, online or not.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

const isSaved = async (request: Request) => Boolean(await caches.match(request.url, { cacheName: CACHE_NAMES.downloads }));

// Saved videos play and seek offline: the whole file is cached, ranges are cut from it. A video
// that is not saved goes to the network untouched (a 206 cannot be cached).
const savedVideos = new CacheFirst({
  cacheName: CACHE_NAMES.downloads,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new RangeRequestsPlugin(), abandonedOnUpdate],
});
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/video/'),
  async (options) => ((await isSaved(options.request)) ? savedVideos.handle(options) : workerFetch(options.request)),
);

// Thumbnails, avatars and covers: immutable names, so the cache wins (a saved video's thumbnail
// comes from the downloads cache, which is never expired).
const images = new CacheFirst({
  cacheName: CACHE_NAMES.images,
  plugins: [
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    abandonedOnUpdate,
  ],
});
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/image/'),
  async (options) => (await caches.match(options.request.url, { cacheName: CACHE_NAMES.downloads })) ?? images.handle(options),
);

// Caption files: a saved video's come from the downloads cache (offline too), others from the network.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/captions/'),
  async ({ request }) => (await caches.match(request.url, { cacheName: CACHE_NAMES.downloads })) ?? workerFetch(request),
);

// API reads: fresh when the network answers within 4 s, else the last copy (cleared on logout).
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/v1/') && url.pathname !== ME_PATH,
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
      abandonedOnUpdate,
    ],
  }),
);

// --- The re-auth check, queued offline in the offline queue ---------------------------------------

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname === ME_PATH,
  async ({ request }) => {
    try {
      return await workerFetch(request.clone());
    } catch (error) {
      // Given up for the update, not offline: the reloaded page checks the session itself.
      if (abandonedForUpdate(error)) throw error;
      await queueReauth(request.headers.get('Authorization'));
      const body = { ...errorBody(503, 'Offline: your session will be checked when the connection returns'), queued: true };
      return new Response(JSON.stringify(body), { status: 503, headers: { 'Content-Type': 'application/json' } });
    }
  },
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Sent to the old worker by a page about to switch to the waiting one.
  if (type === ABANDON_NETWORK_WORK_MESSAGE) abandonNetworkWork();
  // Browsers without Background Sync replay when the page sees 'online'.
  if (type === REPLAY_QUEUES_MESSAGE) event.waitUntil(replayOfflineQueueSoon());
});
