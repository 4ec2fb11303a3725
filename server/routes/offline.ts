// What smart downloads ask the server: GET /offline/candidates, the videos a device keeps for the
// caller (the subscriptions' newest `limit`, then Watch later), each with its reasons and rungs.
// One read-cache entry per user and limit: a device's periodic run costs one cached answer.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import {
  OFFLINE_CANDIDATES_DEFAULT,
  OFFLINE_CANDIDATES_MAX,
  OfflineCandidates,
  type OfflineReason,
  WATCH_LATER_CANDIDATES_MAX,
} from '../../contract/offlineCandidates.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { CacheDeps } from '../cache/readCache.js';
import type { VideoCardRow } from '../db/repositories/videoCards.js';
import { toOfflineCandidate } from '../formatters/offline.js';
import { sendCached, serializedEnvelope } from '../http/envelope.js';
import { ref } from '../http/namedSchemas.js';

const CandidatesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: OFFLINE_CANDIDATES_MAX, default: OFFLINE_CANDIDATES_DEFAULT, description: "how many of the subscriptions' newest videos" })),
});
const MESSAGE = 'Offline candidates fetched successfully';

const offlineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/candidates',
    { preHandler: requireUser, schema: { operationId: 'getOfflineCandidates', summary: 'Videos worth downloading for offline viewing', tags: ['offline'], security: [{ bearer: [] }], querystring: CandidatesQuery, response: { 200: Envelope(ref(OfflineCandidates)) } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      const limit = request.query.limit ?? OFFLINE_CANDIDATES_DEFAULT;
      const deps = [CacheDeps.feed, CacheDeps.follows(userId), CacheDeps.watchLater(userId)];
      const answer = await app.readCache.read(`offline-candidates:${userId}:${limit}`, deps, async () => {
        const [newest, saved] = await Promise.all([
          app.reads.videos.subscriptionFeed(userId, { offset: 0, limit }),
          app.reads.watchLater.readyVideos(userId, WATCH_LATER_CANDIDATES_MAX),
        ]);
        const picked = new Map<string, { row: VideoCardRow; reasons: OfflineReason[] }>();
        for (const row of newest.slice(0, limit)) picked.set(row.id, { row, reasons: ['subscription'] });
        for (const row of saved) {
          const entry = picked.get(row.id);
          if (entry) entry.reasons.push('watch-later');
          else picked.set(row.id, { row, reasons: ['watch-later'] });
        }
        const rungs = await app.reads.videoMedia.renditionSizes([...picked.keys()]);
        const candidates = [...picked.values()].map(({ row, reasons }) =>
          toOfflineCandidate(row, reasons, rungs.filter((rung) => rung.video_id === row.id), app.urls),
        );
        return { value: { body: serializedEnvelope(reply, { candidates }, MESSAGE) }, store: true };
      });
      return sendCached(request, reply, 200, answer);
    },
  );
};
export default offlineRoutes;
