// Subscription calls.
import type { SubscribedChannel, SubscriptionStatus, VideoPage } from '../../../contract/entities';
import { api, type ApiBuilder } from '../api';
import { queueable } from '../offline';
import type { CachePatch } from '../offlineTypes';
import { tags } from '../tags';
import { pagedByNumber } from './paging';

const toggleSubscription = queueable<SubscriptionStatus, string>({
  request: (channelId) => ({ url: `/subscription/toggle/sub/${encodeURIComponent(channelId)}`, method: 'POST' }),
  offline: {
    label: () => 'Subscription',
    // Typed: reading this area's own cache here would otherwise make its type circular.
    placeholder: (channelId, { read }): SubscriptionStatus => {
      const status: SubscriptionStatus | undefined = read(subscriptionsApi.endpoints.getSubscriptionStatus.select(channelId)).data;
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
  async onQueryStarted(channelId, { dispatch, queryFulfilled }) {
    try {
      const { data } = await queryFulfilled;
      dispatch(subscriptionsApi.util.upsertQueryData('getSubscriptionStatus', channelId, data));
    } catch {
      /* the screen shows the error */
    }
  },
  invalidatesTags: (_status, _error, channelId) => [tags.profile(channelId), tags.mySubscriptions()],
});

/** The area's writes that may wait in the offline queue, by endpoint name (offlineEndpoints.ts reads them). */
export const subscriptionsQueue = { toggleSubscription };

/** The area's definitions, injected below. */
export const subscriptionsArea = {
  endpoints: (build: ApiBuilder) => ({
    toggleSubscription: build.mutation(toggleSubscription),
    /** Works signed out (isSubscribed false). */
    getSubscriptionStatus: build.query<SubscriptionStatus, string>({
      query: (channelId) => `/subscription/get/user/subscribers/${encodeURIComponent(channelId)}`,
      providesTags: (_status, _error, channelId) => [tags.subscription(channelId)],
    }),
    /** Per-channel notification preference (an addition to the spec's calls). */
    setChannelNotify: build.mutation<{ notify: boolean }, { channelId: string; notify: boolean }>({
      query: ({ channelId, notify }) => ({ url: `/subscription/notify/${encodeURIComponent(channelId)}`, method: 'PATCH', body: { notify } }),
      // The profile carries the caller's notify flag.
      invalidatesTags: (_result, _error, { channelId }) => [tags.mySubscriptions(), tags.profile(channelId)],
    }),
    /** The newest videos of the channels the caller follows (/subscriptions). */
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
};

export const subscriptionsApi = api.injectEndpoints(subscriptionsArea);

export const { useToggleSubscriptionMutation, useGetSubscriptionStatusQuery, useSetChannelNotifyMutation, useGetSubscribedToQuery, useGetSubscriptionFeedInfiniteQuery } =
  subscriptionsApi;

function toggledSubscription(status: SubscriptionStatus): SubscriptionStatus {
  return { isSubscribed: !status.isSubscribed, totalSubscribers: Math.max(0, status.totalSubscribers + (status.isSubscribed ? -1 : 1)) };
}
