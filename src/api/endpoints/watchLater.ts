// Watch later: the signed-in user's list, save and remove. Only lazy screens use it (the card menu,
// the watch page, the library), so it is injected when their chunks load, and adds its queueable
// writes then (offlineEndpoints.ts).
import type { WatchLaterPage, WatchLaterState } from '../../../contract/entities';
import { api, type ApiBuilder } from '../api';
import { queueable } from '../offline';
import { addQueueable } from '../offlineEndpoints';
import { tags } from '../tags';
import { pagedByNumber } from './paging';

const path = (videoId: string) => `/watch-later/${encodeURIComponent(videoId)}`;

const saveToWatchLater = queueable<WatchLaterState, string>({
  request: (videoId) => ({ url: path(videoId), method: 'POST' }),
  offline: { label: () => 'Save to Watch later', placeholder: (videoId, { createdAt }) => ({ videoId, saved: true, savedAt: new Date(createdAt).toISOString() }) },
  invalidatesTags: [tags.watchLater()],
});

const removeFromWatchLater = queueable<WatchLaterState, string>({
  request: (videoId) => ({ url: path(videoId), method: 'DELETE' }),
  offline: { label: () => 'Remove from Watch later', placeholder: (videoId) => ({ videoId, saved: false, savedAt: null }) },
  invalidatesTags: [tags.watchLater()],
});

/** The area's definitions, injected below. */
const watchLaterArea = {
  endpoints: (build: ApiBuilder) => ({
    getWatchLater: build.infiniteQuery<WatchLaterPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/watch-later', params: { page: pageParam } }),
      providesTags: [tags.watchLater()],
    }),
    saveToWatchLater: build.mutation(saveToWatchLater),
    removeFromWatchLater: build.mutation(removeFromWatchLater),
  }),
};

addQueueable({ saveToWatchLater, removeFromWatchLater });
export const watchLaterApi = api.injectEndpoints(watchLaterArea);

export const { useGetWatchLaterInfiniteQuery, useSaveToWatchLaterMutation, useRemoveFromWatchLaterMutation } = watchLaterApi;
