import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each file its own IndexedDB: a worker runs several files, and a connection one left open would
// block the next one's deleteDatabase.
globalThis.indexedDB = new IDBFactory();

// jsdom has no matchMedia; MUI and the theme boot ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
// jsdom implements scrollTo as a 'not implemented' error.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
