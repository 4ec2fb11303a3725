// The IndexedDB copy of the RTK Query cache (fake-indexeddb): saved, bounded, rehydrated, cleared.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { videosApi } from '../../src/api/endpoints/videos';
import { usersApi } from '../../src/api/endpoints/users';
import {
  CACHE_DB,
  changedEntries,
  clearPersistedCache,
  closeCacheDb,
  loadPersistedQueries,
  PERSIST_LIMITS,
  type PersistedQuery,
  rehydrateCache,
  savePersistedQueries,
  startPersisting,
} from '../../src/api/persist';
import { makeStore } from '../../src/app/store';
import { mockFetch, ok } from './helpers';

const limits = { ...PERSIST_LIMITS };

beforeEach(async () => {
  await closeCacheDb();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(CACHE_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

afterEach(() => Object.assign(PERSIST_LIMITS, limits));

const video = (id: string) => ({ _id: id, title: `Video ${id}`, views: 1 });

function entry(key: string, savedAt: number, size = 10): PersistedQuery {
  return { key, entry: { status: 'fulfilled', endpointName: 'getVideo', data: video(key) }, providedTags: [], savedAt, size };
}

describe('persisted RTK Query cache', () => {
  it('saves fulfilled entries of persisted endpoints only, once per fulfilment', async () => {
    mockFetch((call) => (call.url.pathname === '/api/v1/users/me' ? ok({ _id: 'u1' }) : ok(video('v1'))));
    const store = makeStore();
    await store.dispatch(videosApi.endpoints.getVideo.initiate('v1'));
    await store.dispatch(usersApi.endpoints.getCurrentUser.initiate());
    const saved = new Map<string, number>();
    const first = changedEntries(store.getState(), saved);
    expect(first.map((item) => item.key)).toEqual(['getVideo("v1")']);
    expect(first[0]!.providedTags).toEqual([{ type: 'Video', id: 'v1' }]);
    expect(changedEntries(store.getState(), saved)).toEqual([]);
  });

  it('writes at once what the screen fetched before persistence started (it waits for idle time)', async () => {
    mockFetch(() => ok(video('v9')));
    const store = makeStore();
    await store.dispatch(videosApi.endpoints.getVideo.initiate('v9'));
    const stop = startPersisting(store, 10);
    await vi.waitFor(async () => expect((await loadPersistedQueries()).map((item) => item.key)).toContain('getVideo("v9")'));
    stop();
  });

  it('round-trips into a fresh store: data at once, tags intact, refetched when a screen mounts it', async () => {
    const { calls } = mockFetch(() => ok({ videos: [video('v1'), video('v2')], hasMore: true }));
    const first = makeStore();
    const stop = startPersisting(first, 10);
    await first.dispatch(videosApi.endpoints.getFeed.initiate());
    await vi.waitFor(async () => expect((await loadPersistedQueries()).length).toBeGreaterThan(0));
    stop();
    const stored = await loadPersistedQueries();
    expect(stored.map((item) => item.key)).toEqual(['getFeed(undefined)']);
    // The app is reopened a minute later.
    stored[0]!.entry.fulfilledTimeStamp = Date.now() - 60_000;
    await savePersistedQueries(stored);

    const reopened = makeStore();
    expect(await rehydrateCache(reopened)).toBe(1);
    const cached = videosApi.endpoints.getFeed.select(undefined)(reopened.getState());
    expect(cached.status).toBe('fulfilled');
    expect(cached.data?.pages[0]?.videos.map((v) => v._id)).toEqual(['v1', 'v2']);
    // Tag invalidation reaches the rehydrated entry.
    expect(reopened.getState().api.provided.tags.Video?.LIST).toEqual(['getFeed(undefined)']);
    // Rehydrated data older than 30 s: mounting the screen refreshes it (refetchOnMountOrArgChange).
    const before = calls.length;
    const sub = reopened.dispatch(videosApi.endpoints.getFeed.initiate(undefined));
    await sub;
    sub.unsubscribe();
    expect(calls.length).toBe(before + 1);
  });

  it('shows the rehydrated feed even when the refresh fails offline', async () => {
    await savePersistedQueries([
      {
        key: 'getFeed(undefined)',
        entry: {
          status: 'fulfilled',
          endpointName: 'getFeed',
          originalArgs: undefined,
          data: { pages: [{ videos: [video('v7')], hasMore: false }], pageParams: [1] },
          fulfilledTimeStamp: 1,
          startedTimeStamp: 1,
          requestId: 'old',
        },
        providedTags: [{ type: 'Video', id: 'LIST' }],
        savedAt: 1,
        size: 10,
      },
    ]);
    const store = makeStore();
    await rehydrateCache(store);
    const { vi } = await import('vitest');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const sub = store.dispatch(videosApi.endpoints.getFeed.initiate(undefined));
    await sub;
    sub.unsubscribe();
    const result = videosApi.endpoints.getFeed.select(undefined)(store.getState());
    expect(result.isError).toBe(true);
    expect(result.data?.pages[0]?.videos[0]?._id).toBe('v7');
  });

  it('evicts the oldest entries beyond the count and the size bounds', async () => {
    PERSIST_LIMITS.maxEntries = 3;
    PERSIST_LIMITS.maxBytes = 1000;
    await savePersistedQueries([entry('a', 1), entry('b', 2), entry('c', 3), entry('d', 4), entry('e', 5)]);
    expect((await loadPersistedQueries()).map((item) => item.key).sort()).toEqual(['c', 'd', 'e']);
    await savePersistedQueries([entry('big', 6, 995)]);
    expect((await loadPersistedQueries()).map((item) => item.key).sort()).toEqual(['big']);
  });

  it('re-saving an entry makes it the newest', async () => {
    PERSIST_LIMITS.maxEntries = 2;
    await savePersistedQueries([entry('a', 1), entry('b', 2)]);
    await savePersistedQueries([entry('a', 3), entry('c', 4)]);
    expect((await loadPersistedQueries()).map((item) => item.key).sort()).toEqual(['a', 'c']);
  });

  it('clears everything on logout', async () => {
    await savePersistedQueries([entry('a', 1), entry('b', 2)]);
    await clearPersistedCache();
    expect(await loadPersistedQueries()).toEqual([]);
    expect(await rehydrateCache(makeStore())).toBe(0);
  });
});
