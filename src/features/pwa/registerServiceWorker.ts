// Registers sw/sw.ts (workbox-window via virtual:pwa-register), offers 'Update available' with a
// Reload action, and applies the replayed re-auth check the worker posts back.
import { registerSW } from 'virtual:pwa-register';
import type { AppStore } from '../../app/store';
import { toast } from '../../components/toast';
import { applyReauthResult } from '../auth/session';

export const UPDATE_AVAILABLE = 'Update available';

export function registerServiceWorker(store: Pick<AppStore, 'dispatch' | 'getState'>): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => toast.action(UPDATE_AVAILABLE, 'Reload', () => void reloadIntoWaitingWorker(updateServiceWorker)),
    onRegisterError: (error) => console.error('Service worker registration failed', error),
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as { type?: string; status?: number; user?: never } | null;
    if (message?.type === 'REAUTH_RESULT' && typeof message.status === 'number') {
      void applyReauthResult(store, { status: message.status, user: message.user });
    }
  });
  // Browsers without Background Sync replay the queue only when asked.
  window.addEventListener('online', () => navigator.serviceWorker.controller?.postMessage({ type: 'REPLAY_QUEUES' }));
}

/**
 * Posts SKIP_WAITING to the waiting worker and reloads once it controls the page. The reload is ours:
 * workbox-window reloads only for a worker it saw install right after registering, and treats one
 * found later (a deployment noticed while the app stays open) as "external", never reloading.
 */
async function reloadIntoWaitingWorker(skipWaiting: () => Promise<void>): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return location.reload(); // already activated (e.g. by another tab)
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  await skipWaiting();
}
