// Whether the browser says it has a network (navigator.onLine), as React state that follows the
// 'online' and 'offline' events.
import { useSyncExternalStore } from 'react';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  // Server-rendered HTML (and the hydration that follows it) is drawn online.
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false, () => true);
}
