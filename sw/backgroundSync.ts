/// <reference lib="WebWorker" />
// Background Sync (Chromium): the offline queue is replayed by the worker itself once the network
// is back, app open or closed, with the rules and keys of shared/queueReplayRules.ts (the page uses
// the same module). The re-auth check made offline waits in that same queue; its answer is posted
// to the pages. Periodic Background Sync, where the browser grants it, keeps the subscriptions feed
// and its thumbnails fresh in the caches the app reads offline.
import { IMAGE_WIDTHS } from '../contract/limits';
import { openQueueDb, queueReauthCheck, QUEUE_REPLAYED_MESSAGE, QUEUE_SYNC_TAG, readQueueSession } from '../shared/queueReplay';
import { replayStoredQueue, sendStoredAction } from '../shared/queueReplayRules';
import { SUBSCRIPTIONS_REFRESH_TAG } from '../shared/backgroundTags';
import { REAUTH_RESULT_MESSAGE } from '../shared/workerMessages';
import { imageCopy } from '../shared/imageUrls';
import { CACHE_NAMES } from './cacheNames';
import { networkWorkSignal, pauseUnlessAbandoned, workerFetch } from './networkWork';
import { broadcast, signedInSession } from './session';

declare const self: ServiceWorkerGlobalScope;

/** A sync or periodicsync event (not in TypeScript's WebWorker library). */
type TaggedEvent = ExtendableEvent & { tag: string };

async function replayOfflineQueue(): Promise<void> {
  const db = await openQueueDb();
  try {
    const session = await readQueueSession(db);
    if (!session) return; // signed out: the actions wait for their user's next sign-in
    // Only the signed-in user's actions, with their own token: another user's are never sent.
    const outcome = await replayStoredQueue(db, session.userId, {
      send: (action) => sendStoredAction(action, session.token, networkWorkSignal()),
      sessionToken: session.token,
      onReauthResult: (result) => void broadcast({ type: REAUTH_RESULT_MESSAGE, ...result }),
    });
    if (outcome.settled.length) await broadcast({ type: QUEUE_REPLAYED_MESSAGE });
    // A rejected sync is retried by the browser later, with its own backoff.
    if (outcome.offline || outcome.retrySoon) throw new Error('Offline queue not fully sent');
  } finally {
    db.close();
  }
}

/**
 * A /users/me the network did not answer: queued for the signed-in session (only the latest check
 * matters), replayed on Background Sync or the page's 'online'. One made with another token than
 * the current session's (its user signed out meanwhile) is not queued: its answer would land on the
 * wrong user.
 */
export async function queueReauth(authorization: string | null): Promise<void> {
  const db = await openQueueDb();
  try {
    const session = await readQueueSession(db);
    if (!session || authorization !== `Bearer ${session.token}`) return;
    await queueReauthCheck(db, session, crypto.randomUUID());
  } finally {
    db.close();
  }
  const sync = (self.registration as ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }).sync;
  await sync?.register(QUEUE_SYNC_TAG).catch(() => undefined);
}

/**
 * The page saw 'online', but the worker's own network can come back a moment later; a failed try
 * would otherwise wait for Background Sync's backoff (minutes), so retry for a while first.
 */
export async function replayOfflineQueueSoon(): Promise<void> {
  const signal = networkWorkSignal();
  for (const delayMs of [0, 1000, 2000, 4000, 8000, 15000]) {
    if (delayMs) await pauseUnlessAbandoned(delayMs, signal);
    if (signal.aborted) return; // the update was asked for: the sync event retries later
    try {
      await replayOfflineQueue();
      return;
    } catch {
      /* still offline or the server busy: try again */
    }
  }
}

/** The page's own request for the first page of the feed (src/api/endpoints/subscriptions.ts), so the cached copy is the one it reads. */
const FEED_PATH = '/api/v1/subscription/feed?page=1';

async function refreshSubscriptionsFeed(): Promise<void> {
  const token = (await signedInSession())?.token;
  if (!token) return;
  const request = new Request(new URL(FEED_PATH, self.location.origin).href, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  const response = await workerFetch(request);
  if (!response.ok) return;
  await (await caches.open(CACHE_NAMES.api)).put(request, response.clone());
  const body = (await response.json()) as { data?: { videos?: { thumbnail?: string }[] } };
  const thumbnails = (body.data?.videos ?? []).flatMap((video) => (video.thumbnail ? [video.thumbnail] : []));
  const images = await caches.open(CACHE_NAMES.images);
  // Cards pick a copy by width (srcset): every copy, so whichever the screen picks is there.
  const urls = thumbnails.flatMap((url) => [url, ...IMAGE_WIDTHS.map((width) => imageCopy(url, width))]);
  await Promise.all([...new Set(urls)].map((url) => cacheImage(images, new URL(url, self.location.origin).href).catch(() => undefined)));
}

/** Cache.add, through workerFetch: a refresh in progress gives its downloads up when the app updates. */
async function cacheImage(images: Cache, href: string): Promise<void> {
  const response = await workerFetch(new Request(href));
  if (response.ok) await images.put(href, response);
}

/** Listens for the offline queue's sync and the periodic feed refresh (called once by sw.ts). */
export function listenForBackgroundSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as TaggedEvent;
    if (sync.tag === QUEUE_SYNC_TAG) sync.waitUntil(replayOfflineQueue());
  });

  self.addEventListener('periodicsync', (event) => {
    const sync = event as TaggedEvent;
    if (sync.tag === SUBSCRIPTIONS_REFRESH_TAG) sync.waitUntil(refreshSubscriptionsFeed());
  });
}
