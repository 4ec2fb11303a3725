// Subscriptions (spec section 7).
import type { SubscribedChannel, SubscriptionStatus, VideoPage } from '../../../contract/entities';
import { api } from '../api';
import { type CachePatch, declareOffline } from '../offline';
import { sendOrQueue, unlessQueued } from '../offlineQueue';
import { tags } from '../tags';
import { pagedByNumber } from './paging';

export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    toggleSubscription: build.mutation<SubscriptionStatus, string>({
      queryFn: sendOrQueue, // may wait offline: see declareOffline below
      async onQueryStarted(channelId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(subscriptionsApi.util.upsertQueryData('getSubscriptionStatus', channelId, data));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: unlessQueued((_status, _error, channelId: string) => [tags.profile(channelId), tags.mySubscriptions()]),
    }),
    /** Works signed out (isSubscribed false). */
    getSubscriptionStatus: build.query<SubscriptionStatus, string>({
      query: (channelId) => `/subscription/get/user/subscribers/${encodeURIComponent(channelId)}`,
      providesTags: (_status, _error, channelId) => [tags.subscription(channelId)],
    }),
    /** Per-channel notification preference (issue 7; not in spec section 7). */
    setChannelNotify: build.mutation<{ notify: boolean }, { channelId: string; notify: boolean }>({
      query: ({ channelId, notify }) => ({ url: `/subscription/notify/${encodeURIComponent(channelId)}`, method: 'PATCH', body: { notify } }),
      // The profile carries the caller's notify flag.
      invalidatesTags: (_result, _error, { channelId }) => [tags.mySubscriptions(), tags.profile(channelId)],
    }),
    /** Issue 17: the newest videos of the channels the caller follows (/subscriptions). */
    getSubscriptionFeed: build.infiniteQuery<VideoPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/subscription/feed', params: { page: pageParam } }),
      providesTags: [tags.mySubscriptions(), tags.subscriptionFeed(), tags.videos()],
    }),
    getSubscribedTo: build.query<SubscribedChannel[], string>({
      query: (userId) => `/subscription/get/user/subscribedTo/${encodeURIComponent(userId)}`,
      providesTags: (_list, _error, userId) => [tags.subscriptionsBy(userId), tags.mySubscriptions()],
    }),
  }),
});

export const { useToggleSubscriptionMutation, useGetSubscriptionStatusQuery, useSetChannelNotifyMutation, useGetSubscribedToQuery, useGetSubscriptionFeedInfiniteQuery } =
  subscriptionsApi;

function toggledSubscription(status: SubscriptionStatus): SubscriptionStatus {
  return { isSubscribed: !status.isSubscribed, totalSubscribers: Math.max(0, status.totalSubscribers + (status.isSubscribed ? -1 : 1)) };
}

declareOffline(subscriptionsApi, {
  persist: ['getSubscriptionStatus', 'getSubscribedTo'],
  queue: {
    toggleSubscription: {
      request: (channelId) => ({ url: `/subscription/toggle/sub/${encodeURIComponent(channelId)}`, method: 'POST' }),
      label: () => 'Subscription',
      placeholder: (channelId, { read }) => {
        const status = read(subscriptionsApi.endpoints.getSubscriptionStatus.select(channelId)).data;
        return status ? toggledSubscription(status) : { isSubscribed: true, totalSubscribers: 1 };
      },
      patches: (channelId, { isSubscribed }) => [
        {
          endpoint: 'getSubscriptionStatus',
          arg: channelId,
          recipe: ((status: SubscriptionStatus) => {
            if (status.isSubscribed !== isSubscribed) Object.assign(status, toggledSubscription(status));
          }) as CachePatch['recipe'],
        },
      ],
    },
  },
});
