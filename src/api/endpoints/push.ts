// Web Push for this device: the server's public key, and registering or removing this browser's
// push subscription (features/notifications/pushSubscription.ts drives them).
import type { PushPublicKey, PushSubscriptionBody, PushSubscriptionResult, PushUnsubscribeBody } from '../../../contract/push';
import { api } from '../api';

export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPushPublicKey: build.query<PushPublicKey, void>({
      query: () => '/push/public-key',
    }),
    addPushSubscription: build.mutation<PushSubscriptionResult, PushSubscriptionBody>({
      query: (body) => ({ url: '/push/subscriptions', method: 'POST', body }),
    }),
    removePushSubscription: build.mutation<PushSubscriptionResult, PushUnsubscribeBody>({
      query: (body) => ({ url: '/push/subscriptions', method: 'DELETE', body }),
    }),
  }),
});
