// The Watch later API: the caller's list of saved videos (paged, newest first), save, remove.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { VideoPageOf, WatchLaterEntry, WatchLaterState } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { toWatchLaterEntry } from '../formatters/video.js';
import { send } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { removeFromWatchLater, saveToWatchLater } from '../useCases/watchLater.js';
import { ref } from '../http/namedSchemas.js';

const VideoParams = Type.Object({ videoId: IdString });

const watchLaterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = { tags: ['watch-later'], security: [{ bearer: [] }] };
  const write = { preHandler: requireUser, config: { rateLimit: app.rateLimits.write } };

  app.get(
    '/',
    { preHandler: requireUser, schema: { operationId: 'getWatchLater', summary: 'My Watch later list, one page', ...schema, querystring: PageQuery, response: { 200: Envelope(VideoPageOf(ref(WatchLaterEntry))) } } },
    async (request, reply) => {
      const window = pageOf(request.query);
      const page = splitPage(await app.reads.watchLater.list(userIdOf(request), window), window.limit);
      const entries = page.items.map((row) => toWatchLaterEntry(row, app.urls));
      return send(reply, 200, { videos: entries, hasMore: page.hasMore }, 'Watch later fetched successfully');
    },
  );

  app.post(
    '/:videoId',
    { ...write, schema: { operationId: 'postWatchLaterByVideoId', summary: 'Save a video to Watch later', ...schema, params: VideoParams, response: { 200: Envelope(WatchLaterState) } } },
    async (request, reply) => {
      const state = await saveToWatchLater(app, { userId: userIdOf(request), videoId: request.params.videoId });
      return send(reply, 200, state, 'Video saved to Watch later');
    },
  );

  app.delete(
    '/:videoId',
    { ...write, schema: { operationId: 'deleteWatchLaterByVideoId', summary: 'Remove a video from Watch later', ...schema, params: VideoParams, response: { 200: Envelope(WatchLaterState) } } },
    async (request, reply) => {
      const state = await removeFromWatchLater(app, { userId: userIdOf(request), videoId: request.params.videoId });
      return send(reply, 200, state, 'Video removed from Watch later');
    },
  );
};
export default watchLaterRoutes;
