// Registers sw/sw.ts (workbox-window via virtual:pwa-register), offers 'Update available' with a
// Reload action, applies the re-auth check the worker replayed from the offline queue, reloads the offline
// queue after the worker replayed it (Background Sync), and asks for the periodic feed refresh.
import { registerSW } from 'virtual:pwa-register';
import { getOfflineQueue } from '../../api/offlineQueue';
import { QUEUE_REPLAYED_MESSAGE } from '../../../shared/queueReplay';
import { SUBSCRIPTIONS_REFRESH_TAG } from '../../../shared/backgroundTags';
import { ABANDON_NETWORK_WORK_MESSAGE, REAUTH_RESULT_MESSAGE, REPLAY_QUEUES_MESSAGE } from '../../../shared/workerMessages';
import type { AppStore } from '../../app/store';
import { toast } from '../../components/toast';
import { applyReauthResult } from '../auth/session';

const UPDATE_AVAILABLE = 'Update available';

export function registerServiceWorker(store: Pick<AppStore, 'dispatch' | 'getState'>): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => toast.action(UPDATE_AVAILABLE, 'Reload', () => void reloadIntoWaitingWorker(updateServiceWorker)),
    // Once the prompt was shown, a new controller reloads the page (this tab's Reload, or another tab's).
    onNeedReload: reloadOnce,
    onRegisterError: (error) => console.error('Service worker registration failed', error),
    onRegisteredSW: (_url, registration) => void (registration && registerFeedRefresh(registration)),
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as { type?: string; status?: number; user?: never } | null;
    if (message?.type === REAUTH_RESULT_MESSAGE && typeof message.status === 'number') {
      void applyReauthResult(store, { status: message.status, user: message.user });
    }
    // What the worker sent leaves the pending display; the screens refetch it from the server.
    if (message?.type === QUEUE_REPLAYED_MESSAGE) void store.dispatch(getOfflineQueue()).reload();
  });
  // Browsers without Background Sync replay the queue only when asked.
  window.addEventListener('online', () => navigator.serviceWorker.controller?.postMessage({ type: REPLAY_QUEUES_MESSAGE }));
}

const FEED_REFRESH_INTERVAL_MS = 12 * 60 * 60 * 1000;

/** Periodic Background Sync exists in Chromium, and only for an installed app the browser grants it to. */
async function registerFeedRefresh(registration: ServiceWorkerRegistration): Promise<void> {
  const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: { register: (tag: string, options: { minInterval: number }) => Promise<void> } }).periodicSync;
  if (!periodicSync || !navigator.permissions) return;
  const status = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => null);
  if (status?.state !== 'granted') return;
  await periodicSync.register(SUBSCRIPTIONS_REFRESH_TAG, { minInterval: FEED_REFRESH_INTERVAL_MS }).catch(() => undefined);
}

let reloading = false;

/**
 * The page reloads once for a new controller. vite-plugin-pwa asks for it (onNeedReload) only when
 * the page started under a worker, not on a first visit, so Reload asks too; a second reload would
 * cancel the first one's navigation.
 */
function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  location.reload();
}

/**
 * Posts SKIP_WAITING to the waiting worker and reloads once it controls the page. Chromium holds
 * both the takeover and the reload until the old worker has finished its events, so that worker is
 * told first to give up its network requests (sw/networkWork.ts).
 */
async function reloadIntoWaitingWorker(skipWaiting: () => Promise<void>): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return reloadOnce(); // already activated (e.g. by another tab)
  navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
  navigator.serviceWorker.controller?.postMessage({ type: ABANDON_NETWORK_WORK_MESSAGE });
  await skipWaiting();
}
