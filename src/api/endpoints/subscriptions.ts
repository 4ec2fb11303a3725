// Subscriptions (spec section 7).
import type { SubscribedChannel, SubscriptionStatus } from '../../../contract/entities';
import { api } from '../api';

export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    toggleSubscription: build.mutation<SubscriptionStatus, string>({
      query: (channelId) => ({ url: `/subscription/toggle/sub/${encodeURIComponent(channelId)}`, method: 'POST' }),
      async onQueryStarted(channelId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(subscriptionsApi.util.upsertQueryData('getSubscriptionStatus', channelId, data));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: (_status, _error, channelId) => [
        { type: 'Profile', id: channelId },
        { type: 'Subscription', id: 'MINE' },
      ],
    }),
    /** Works signed out (isSubscribed false). */
    getSubscriptionStatus: build.query<SubscriptionStatus, string>({
      query: (channelId) => `/subscription/get/user/subscribers/${encodeURIComponent(channelId)}`,
      providesTags: (_status, _error, channelId) => [{ type: 'Subscription', id: channelId }],
    }),
    /** Per-channel notification preference (issue 7; not in spec section 7). */
    setChannelNotify: build.mutation<{ notify: boolean }, { channelId: string; notify: boolean }>({
      query: ({ channelId, notify }) => ({ url: `/subscription/notify/${encodeURIComponent(channelId)}`, method: 'PATCH', body: { notify } }),
      // The profile carries the caller's notify flag.
      invalidatesTags: (_result, _error, { channelId }) => [
        { type: 'Subscription', id: 'MINE' },
        { type: 'Profile', id: channelId },
      ],
    }),
    getSubscribedTo: build.query<SubscribedChannel[], string>({
      query: (userId) => `/subscription/get/user/subscribedTo/${encodeURIComponent(userId)}`,
      providesTags: (_list, _error, userId) => [{ type: 'Subscription', id: `BY-${userId}` }, { type: 'Subscription', id: 'MINE' }],
    }),
  }),
});

export const { useToggleSubscriptionMutation, useGetSubscriptionStatusQuery, useSetChannelNotifyMutation, useGetSubscribedToQuery } = subscriptionsApi;
