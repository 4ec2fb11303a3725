// Web Push: the VAPID public key, and each device's subscription. What is pushed is decided by
// server/subscribers/push.ts (every stored notification), never here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '../../contract/envelope.js';
import { PushPublicKey, PushSubscriptionBody, PushSubscriptionResult, PushUnsubscribeBody } from '../../contract/push.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { send } from '../http/envelope.js';
import { subscribeToPush, unsubscribeFromPush } from '../useCases/push.js';

const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['push'];
  const security = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };

  app.get('/public-key', { schema: { operationId: 'getPushPublicKey', summary: "The server's Web Push public key (VAPID)", tags, response: { 200: Envelope(PushPublicKey) } } }, async (_request, reply) => {
    return send(reply, 200, { publicKey: app.config.push.vapidPublicKey }, 'Push public key fetched successfully');
  });

  app.post(
    '/subscriptions',
    { preHandler: requireUser, config: write, schema: { operationId: 'postPushSubscriptions', summary: 'Register this browser for push notifications', tags, security, body: PushSubscriptionBody, response: { 201: Envelope(PushSubscriptionResult) } } },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      await subscribeToPush(app, { userId: userIdOf(request), sessionId: request.auth!.sessionId, endpoint, keys });
      return send(reply, 201, { endpoint }, 'Push subscription saved');
    },
  );

  app.delete(
    '/subscriptions',
    { preHandler: requireUser, config: write, schema: { operationId: 'deletePushSubscriptions', summary: 'Stop push notifications to this browser', tags, security, body: PushUnsubscribeBody, response: { 200: Envelope(PushSubscriptionResult) } } },
    async (request, reply) => {
      const { endpoint } = request.body;
      await unsubscribeFromPush(app, { userId: userIdOf(request), endpoint });
      return send(reply, 200, { endpoint }, 'Push subscription removed');
    },
  );
};
export default pushRoutes;
