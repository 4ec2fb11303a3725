// Watch later: the signed-in user's list, save and remove. Only lazy screens use it (the card menu,
// the watch page, the library), so it is injected when their chunks load. Its queueable writes are
// declared in watchLaterQueue.ts.
import type { WatchLaterPage } from '../../../contract/entities';
import { api, type ApiBuilder } from '../api';
import { tags } from '../tags';
import { pagedByNumber } from './paging';
import { watchLaterQueue } from './watchLaterQueue';

/** The area's definitions, injected below. */
const watchLaterArea = {
  endpoints: (build: ApiBuilder) => ({
    getWatchLater: build.infiniteQuery<WatchLaterPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/watch-later', params: { page: pageParam } }),
      providesTags: [tags.watchLater()],
    }),
    saveToWatchLater: build.mutation(watchLaterQueue.saveToWatchLater),
    removeFromWatchLater: build.mutation(watchLaterQueue.removeFromWatchLater),
  }),
};

export const watchLaterApi = api.injectEndpoints(watchLaterArea);

export const { useGetWatchLaterInfiniteQuery, useSaveToWatchLaterMutation, useRemoveFromWatchLaterMutation } = watchLaterApi;
