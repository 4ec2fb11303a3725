// The one RTK Query API slice. Endpoints are injected per area from ./endpoints/*.ts.
//
// Tags: one type per entity. Lists provide `{type, id: 'LIST'}` (or a scoped list id such as
// `USER-{username}`) and single entities provide their id. Paged lists deliberately do NOT provide
// one tag per item: a live 'views-updated' for one video would otherwise refetch every page of every
// feed holding it; item changes that matter to a list (delete, add) invalidate the list id instead.
import { createAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { queueingBaseQuery } from './offlineQueue';

export const TAG_TYPES = [
  'CurrentUser',
  'Profile',
  'Video',
  'Views',
  'VideoReaction',
  'History',
  'LikedVideo',
  'Comment',
  'CommentReaction',
  'Subscription',
  'Playlist',
  'Search',
  'Report',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const LIST = 'LIST' as const;

/** Restores persisted cache entries (see persist.ts); the payload is a partial api state. */
export const rehydrateApiCache = createAction<{
  queries: Record<string, unknown>;
  mutations: Record<string, unknown>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, unknown> };
}>('apiCache/rehydrate');

export const api = createApi({
  reducerPath: 'api',
  // Queueable writes wait offline and are replayed once (offlineQueue.ts).
  baseQuery: queueingBaseQuery,
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
