// Watch analytics intake: the player's batched heartbeats. Signed out is allowed (the view is then
// counted by the playback's random id); the body may come as text/plain, which a page's unload
// beacon sends without a preflight.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HeartbeatBatch, HeartbeatReceipt } from '../../contract/analytics.js';
import { Envelope } from '../../contract/envelope.js';
import { badRequest, send } from '../http/envelope.js';
import { recordHeartbeats } from '../useCases/analytics.js';

/** A full batch is about 10 KB. */
const BODY_LIMIT = 64 * 1024;
/** No budget headers on an accepted batch: a beacon's answer is never read. A 429 still carries them. */
const QUIET_BUDGET = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false };

const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to this plugin: elsewhere text/plain stays text.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(badRequest('The body is not JSON'), undefined);
    }
  });

  app.post(
    '/heartbeats',
    {
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: { ...app.rateLimits.write, addHeadersOnExceeding: QUIET_BUDGET } },
      schema: { operationId: 'postAnalyticsHeartbeats', summary: 'Playback heartbeats for watch-time analytics', tags: ['analytics'], body: HeartbeatBatch, response: { 200: Envelope(HeartbeatReceipt) } },
    },
    async (request, reply) => {
      const receipt = await recordHeartbeats(app, { userId: request.auth?.userId ?? null, heartbeats: request.body.heartbeats });
      return send(reply, 200, receipt, 'Heartbeats received');
    },
  );
};
export default analyticsRoutes;
