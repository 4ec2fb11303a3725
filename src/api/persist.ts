// Persists the RTK Query cache (feeds, videos, profiles, playlists, comments) to IndexedDB so a
// reopened app shows the last data at once, even offline, and then refreshes (api.ts refetches
// entries older than 30 s on mount). Bounded by entry count and size, oldest evicted first;
// cleared on logout and when a 401 ends the session.
import type { Store } from '@reduxjs/toolkit';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { api, rehydrateApiCache } from './api';
import { isPersisted } from './persistedQueries';

export const CACHE_DB = 'vidshare-cache';
export const API_RESPONSE_CACHE = 'vidshare-api'; // the service worker's runtime cache of API GETs
export const PERSIST_LIMITS = { maxEntries: 150, maxBytes: 4 * 1024 * 1024 };

interface QueryEntry {
  status: string;
  endpointName?: string;
  data?: unknown;
  fulfilledTimeStamp?: number;
  [key: string]: unknown;
}

export interface PersistedQuery {
  key: string;
  entry: QueryEntry;
  providedTags: unknown[];
  savedAt: number;
  size: number;
}

interface CacheSchema extends DBSchema {
  queries: { key: string; value: PersistedQuery; indexes: { savedAt: number } };
}

type ApiState = ReturnType<typeof api.reducer>;
type StateWithApi = { api: ApiState };

let dbPromise: Promise<IDBPDatabase<CacheSchema>> | null = null;

/** The persisted entries' database (also for forgetting one video's entries: features/downloads/forgetRemovedVideo.ts). */
export function database(): Promise<IDBPDatabase<CacheSchema>> {
  dbPromise ??= openDB<CacheSchema>(CACHE_DB, 1, {
    upgrade(db) {
      db.createObjectStore('queries', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
    },
  });
  return dbPromise;
}

/** Drops the open handle (tests delete the database between cases). */
export async function closeCacheDb(): Promise<void> {
  if (!dbPromise) return;
  const db = await dbPromise.catch(() => null);
  db?.close();
  dbPromise = null;
}

export async function savePersistedQueries(items: PersistedQuery[]): Promise<void> {
  if (!items.length) return;
  const db = await database();
  const tx = db.transaction('queries', 'readwrite');
  await Promise.all(items.map((item) => tx.store.put(item)));
  await tx.done;
  await evictOldest(db);
}

/** Deletes the oldest entries until both the count and the size are within PERSIST_LIMITS. */
async function evictOldest(db: IDBPDatabase<CacheSchema>): Promise<void> {
  const tx = db.transaction('queries', 'readwrite');
  const all = await tx.store.index('savedAt').getAll();
  let count = all.length;
  let bytes = all.reduce((sum, item) => sum + item.size, 0);
  for (const item of all) {
    if (count <= PERSIST_LIMITS.maxEntries && bytes <= PERSIST_LIMITS.maxBytes) break;
    await tx.store.delete(item.key);
    count -= 1;
    bytes -= item.size;
  }
  await tx.done;
}

export async function loadPersistedQueries(): Promise<PersistedQuery[]> {
  const db = await database();
  return db.getAll('queries');
}

/** Everything private goes: the IndexedDB copy and the service worker's API responses. */
export async function clearPersistedCache(): Promise<void> {
  try {
    const db = await database();
    await db.clear('queries');
  } catch {
    /* IndexedDB unavailable: nothing was stored */
  }
  if (typeof caches !== 'undefined') await caches.delete(API_RESPONSE_CACHE).catch(() => false);
}

/** What rehydrateCache put back (key -> fulfilment stamp): already stored, so not written again. */
const restoredStamps = new Map<string, number>();

/** Puts the stored entries back into the api slice (as fulfilled, with their old timestamps). */
export async function rehydrateCache(store: Pick<Store, 'dispatch'>): Promise<number> {
  let items: PersistedQuery[];
  try {
    items = await loadPersistedQueries();
  } catch {
    return 0;
  }
  const queries: Record<string, unknown> = {};
  const keys: Record<string, unknown> = {};
  const tags: Record<string, Record<string, string[]>> = {};
  for (const item of items) {
    restoredStamps.set(item.key, item.entry.fulfilledTimeStamp ?? 0);
    queries[item.key] = item.entry;
    keys[item.key] = item.providedTags;
    for (const tag of item.providedTags as { type: string; id?: string | number }[]) {
      const id = String(tag.id ?? '__internal_without_id');
      ((tags[tag.type] ??= {})[id] ??= []).push(item.key);
    }
  }
  if (items.length) store.dispatch(rehydrateApiCache({ queries, mutations: {}, provided: { tags, keys } }));
  return items.length;
}

/** Fulfilled entries of persisted endpoints that changed since the last save. */
export function changedEntries(state: StateWithApi, saved: Map<string, number>, now = Date.now()): PersistedQuery[] {
  const changed: PersistedQuery[] = [];
  const queries = state.api.queries as Record<string, QueryEntry | undefined>;
  const providedKeys = (state.api.provided as unknown as { keys: Record<string, unknown[]> }).keys ?? {};
  for (const [key, entry] of Object.entries(queries)) {
    if (!entry || entry.status !== 'fulfilled' || entry.data === undefined) continue;
    if (!entry.endpointName || !isPersisted(entry.endpointName)) continue; // declared by name in persistedQueries.ts
    const stamp = entry.fulfilledTimeStamp ?? 0;
    if (saved.get(key) === stamp) continue;
    saved.set(key, stamp);
    changed.push({ key, entry: { ...entry }, providedTags: providedKeys[key] ?? [], savedAt: now, size: JSON.stringify(entry.data).length });
  }
  return changed;
}

/**
 * Saves changed entries at once, then at most once a second while the app runs. Returns a stop function.
 * What rehydrateCache put back (the shell's boot) is not written again; after a server-rendered boot
 * nothing was rehydrated, so every entry is saved.
 */
export function startPersisting(store: Pick<Store<StateWithApi>, 'getState' | 'subscribe'>, delayMs = 1000): () => void {
  // Only what came from IndexedDB counts as saved: entries fetched before this started (the
  // screen's queries usually are, as persistence waits for idle time) are written at once.
  const saved = new Map<string, number>(restoredStamps);
  void savePersistedQueries(changedEntries(store.getState(), saved)).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastQueries: unknown = store.getState().api.queries;
  const flush = () => {
    timer = null;
    void savePersistedQueries(changedEntries(store.getState(), saved)).catch(() => undefined);
  };
  const unsubscribe = store.subscribe(() => {
    const queries = store.getState().api.queries;
    if (queries === lastQueries) return;
    lastQueries = queries;
    timer ??= setTimeout(flush, delayMs);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
