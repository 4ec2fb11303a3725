import { lazy, type ComponentType } from 'react';

/**
 * A dynamic import that keeps trying: on a first visit no service worker has cached the app's
 * chunks yet, and a dropped connection rejects the import. It is asked again every few seconds
 * (offline, each try fails at once without the network) until the chunk arrives.
 */
export function importChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => new Promise((retry) => setTimeout(retry, 3000)).then(() => importChunk(load)));
}

/** React.lazy on importChunk: a chunk that fails shows its Suspense fallback until it arrives, instead of the error unmounting the whole app. */
export const lazyChunk = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(() => importChunk(load));
