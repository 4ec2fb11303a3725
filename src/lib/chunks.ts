import { lazy, type ComponentType } from 'react';

/**
 * A dynamic import that keeps trying: on a first visit no service worker has cached the app's
 * chunks yet, and a dropped connection rejects the import. It is asked again every few seconds
 * (offline, each try fails at once without the network) until the chunk arrives.
 */
export function importChunk<T>(load: () => Promise<T>): Promise<T> {
  // The server render imports from its own disk: a failure there is a fault to report (the page falls
  // back to the shell), not a connection to wait for, and retrying would hold the request for ever.
  if (import.meta.env.SSR) return load();
  return load().catch(() => new Promise((retry) => setTimeout(retry, 3000)).then(() => importChunk(load)));
}

/** React.lazy on importChunk: a chunk that fails shows its Suspense fallback until it arrives, instead of the error unmounting the whole app. */
export const lazyChunk = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(() => importChunk(load));
