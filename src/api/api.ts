// The one RTK Query API slice. Endpoints are injected per area from ./endpoints/*.ts; every cache
// tag is built by tags.ts.
import { createAction } from '@reduxjs/toolkit';
import { type BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { type ApiError, type ApiRequest, apiCall } from './client';
import type { QueueMeta } from './offlineQueue';
import { TAG_TYPES } from './tags';

/** Restores persisted cache entries (see persist.ts); the payload is a partial api state. */
export const rehydrateApiCache = createAction<{
  queries: Record<string, unknown>;
  mutations: Record<string, unknown>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, unknown> };
}>('apiCache/rehydrate');

/** The shared client; a real answer is marked fetched (pendingPatches.ts re-applies pending actions over it). */
const baseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError, unknown, QueueMeta> = async (args, { signal }) => {
  const result = await apiCall(typeof args === 'string' ? { url: args } : args, signal);
  return 'data' in result ? { ...result, meta: { fetched: true } } : result;
};

export const api = createApi({
  reducerPath: 'api',
  // Queueable writes use `queryFn: sendOrQueue` instead (offlineQueue.ts).
  baseQuery,
  tagTypes: TAG_TYPES,
  // Rehydrated entries are old: anything older than 30 s refreshes when a screen mounts it,
  // while the screen already shows the stored data.
  refetchOnMountOrArgChange: 30,
  refetchOnReconnect: true,
  extractRehydrationInfo(action, { reducerPath }) {
    if (rehydrateApiCache.match(action) && reducerPath === 'api') return action.payload as never;
    return undefined;
  },
  endpoints: () => ({}),
});
