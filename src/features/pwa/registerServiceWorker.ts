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
    // Posts SKIP_WAITING to the waiting worker, then reloads when it takes control.
    onNeedRefresh: () => toast.action(UPDATE_AVAILABLE, 'Reload', () => void updateServiceWorker(true)),
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
