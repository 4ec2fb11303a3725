import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SubscribedChannel, SubscriptionStatus, VideoPage } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { CacheDeps } from '../cache/readCache.js';
import { toSubscribedChannel } from '../formatters/user.js';
import { toVideoCard } from '../formatters/video.js';
import { notFound, send, sendCached, serializedEnvelope, unauthorized } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { setChannelBell, toggleSubscription } from '../useCases/subscriptions.js';
import { ref } from '../http/namedSchemas.js';

const ChannelParams = Type.Object({ channelId: IdString });
const UserParams = Type.Object({ userId: IdString });
const NotifyBody = Type.Object({ notify: Type.Boolean() });
const NotifyResult = Type.Object({ notify: Type.Boolean() });
const FEED_MESSAGE = 'Videos fetched successfully';

/** The subscribe rule: 'Subscribe requires login', with this message. */
async function requireSubscriber(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorized('You must be logged in to subscribe');
}

const subscriptionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const users = app.reads.users;
  const subscriptions = app.reads.subscriptions;

  async function channelOrThrow(channelId: string) {
    const channel = await users.findById(channelId);
    if (!channel) throw notFound('Channel not found');
    return channel;
  }

  app.post(
    '/toggle/sub/:channelId',
    {
      preHandler: requireSubscriber,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'postSubscriptionToggleSubByChannelId', summary: 'Subscribe to a channel, or unsubscribe', tags: ['subscriptions'], params: ChannelParams, response: { 200: Envelope(SubscriptionStatus) } },
    },
    async (request, reply) => {
      const status = await toggleSubscription(app, { subscriberId: userIdOf(request), channelId: request.params.channelId });
      const message = status.isSubscribed ? 'Subscribed successfully' : 'Unsubscribed successfully';
      return send(reply, 200, status, message);
    },
  );

  app.get(
    '/get/user/subscribers/:channelId',
    { schema: { operationId: 'getSubscriptionGetUserSubscribersByChannelId', summary: "A channel's subscriber count, and whether I subscribe", tags: ['subscriptions'], params: ChannelParams, response: { 200: Envelope(SubscriptionStatus) } } },
    async (request, reply) => {
      const channel = await channelOrThrow(request.params.channelId);
      const isSubscribed = await subscriptions.isSubscribed(request.auth?.userId ?? null, channel.id);
      return send(reply, 200, { isSubscribed, totalSubscribers: Number(channel.subscribers_count) }, 'Subscribers fetched successfully');
    },
  );

  app.get(
    '/get/user/subscribedTo/:userId',
    { schema: { operationId: 'getSubscriptionGetUserSubscribedToByUserId', summary: 'Channels a user subscribes to', tags: ['subscriptions'], params: UserParams, response: { 200: Envelope(Type.Array(ref(SubscribedChannel))) } } },
    async (request, reply) => {
      const { userId } = request.params;
      if (!(await users.findById(userId))) throw notFound('User not found');
      const rows = await subscriptions.subscribedChannels(userId);
      const own = request.auth?.userId === userId;
      return send(reply, 200, rows.map((row) => toSubscribedChannel(row, app.urls, own)), 'Subscribed channels fetched successfully');
    },
  );

  app.patch(
    '/notify/:channelId',
    {
      preHandler: requireSubscriber,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'patchSubscriptionNotifyByChannelId', summary: "Turn a channel's new-video notifications on or off", tags: ['subscriptions'], params: ChannelParams, body: NotifyBody, response: { 200: Envelope(NotifyResult) } },
    },
    async (request, reply) => {
      const { notify } = request.body;
      await setChannelBell(app, { subscriberId: userIdOf(request), channelId: request.params.channelId, notify });
      return send(reply, 200, { notify }, notify ? 'Notifications turned on' : 'Notifications turned off');
    },
  );

  // The newest ready videos of the channels the caller follows, as home-feed cards.
  app.get(
    '/feed',
    {
      preHandler: requireUser,
      schema: { operationId: 'getSubscriptionFeed', summary: 'Newest videos of my subscriptions, one page', tags: ['subscriptions'], security: [{ bearer: [] }], querystring: PageQuery, response: { 200: Envelope(ref(VideoPage)) } },
    },
    async (request, reply) => {
      const window = pageOf(request.query);
      const userId = userIdOf(request);
      // Kept serialized per user: its cards change with the feed's version, its channels with the user's follows.
      const page = await app.readCache.read(`follows-feed:${userId}:${window.offset}:${window.limit}`, [CacheDeps.feed, CacheDeps.follows(userId)], async () => {
        const rows = splitPage(await app.reads.videos.subscriptionFeed(userId, window), window.limit);
        const data = { videos: rows.items.map((row) => toVideoCard(row, app.urls)), hasMore: rows.hasMore };
        return { value: { body: serializedEnvelope(reply, data, FEED_MESSAGE) }, store: true };
      });
      return sendCached(request, reply, 200, page);
    },
  );
};
export default subscriptionsRoutes;
