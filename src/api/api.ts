// The one RTK Query API slice. Endpoints are injected per area from ./endpoints/*.ts; every cache
// tag is built by tags.ts.
import { createAction } from '@reduxjs/toolkit';
import type { BaseQueryFn, EndpointBuilder } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { type ApiError, type ApiRequest, apiCall } from './client';
import type { OfflineOptions, QueueMeta } from './offlineTypes';
import { TAG_TYPES, type TagType } from './tags';

/** Restores persisted cache entries (see persist.ts); the payload is a partial api state. */
export const rehydrateApiCache = createAction<{
  queries: Record<string, unknown>;
  mutations: Record<string, unknown>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, unknown> };
}>('apiCache/rehydrate');

/**
 * The shared client; a real answer is marked fetched (pendingPatches.ts re-applies pending actions over it).
 * Endpoints' extraOptions say what they do offline (offline.ts); the request itself ignores them.
 */
export type ApiBaseQuery = BaseQueryFn<ApiRequest | string, unknown, ApiError, OfflineOptions, QueueMeta>;
const baseQuery: ApiBaseQuery = async (args, { signal }) => {
  const result = await apiCall(typeof args === 'string' ? { url: args } : args, signal);
  return 'data' in result ? { ...result, meta: { fetched: true } } : result;
};

export const api = createApi({
  reducerPath: 'api',
  // Queueable writes are sent through the offline queue instead (queueable() in offline.ts).
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

/** The builder each area's endpoint definitions are written with (endpoints/*.ts). */
export type ApiBuilder = EndpointBuilder<ApiBaseQuery, TagType, 'api'>;
