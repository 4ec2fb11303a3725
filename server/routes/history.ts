// The watch history API: add (moves to the top), paged list newest first, remove, clear.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HistoryEntry, VideoPageOf, WatchPosition } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { MEDIA_SECONDS_MAX } from '../../contract/limits.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { toHistoryEntry } from '../formatters/video.js';
import { send } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { addToHistory, clearHistory, removeFromHistory, saveWatchPosition } from '../useCases/history.js';
import { ref } from '../http/namedSchemas.js';

const VideoParams = Type.Object({ videoId: IdString });
const PositionBody = Type.Object({ position: Type.Number({ minimum: 0, maximum: MEDIA_SECONDS_MAX, description: 'seconds into the video' }) });

const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const history = app.reads.history;
  const base = { preHandler: requireUser };
  const schema = { tags: ['watch-history'], security: [{ bearer: [] }] };
  const write = { ...base, config: { rateLimit: app.rateLimits.write } };

  app.post(
    '/add/:videoId',
    { ...write, schema: { operationId: 'postWatchHistoryAddByVideoId', summary: 'Add a video to my watch history', ...schema, params: VideoParams, response: { 200: Envelope(Type.Object({ videoId: Type.String(), watchedAt: Type.String() })) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      const watchedAt = await addToHistory(app, { userId: userIdOf(request), videoId });
      return send(reply, 200, { videoId, watchedAt }, 'Video added to watch history');
    },
  );

  // The player saves where the viewer is every few seconds and on leave.
  app.patch(
    '/position/:videoId',
    { ...write, schema: { operationId: 'patchWatchHistoryPositionByVideoId', summary: 'Save my playback position in a video', ...schema, params: VideoParams, body: PositionBody, response: { 200: Envelope(ref(WatchPosition)) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      const saved = await saveWatchPosition(app, { userId: userIdOf(request), videoId, position: request.body.position });
      return send(reply, 200, { videoId, position: saved, updatedAt: new Date().toISOString() }, 'Watch position saved');
    },
  );

  // The spec's client calls /get/ with the trailing slash; accept both spellings.
  for (const path of ['/get/', '/get']) {
    app.get(
      path,
      { ...base, schema: { ...schema, operationId: 'getWatchHistoryGet', summary: 'My watch history, one page', hide: path === '/get', querystring: PageQuery, response: { 200: Envelope(VideoPageOf(ref(HistoryEntry))) } } },
      async (request, reply) => {
        const window = pageOf(request.query);
        const page = splitPage(await history.list(userIdOf(request), window), window.limit);
        const entries = page.items.map((row) => toHistoryEntry(row, app.urls));
        return send(reply, 200, { videos: entries, hasMore: page.hasMore }, 'Watch history fetched successfully');
      },
    );
  }

  app.delete(
    '/delete/all/watch-history',
    { ...write, schema: { operationId: 'deleteWatchHistoryDeleteAllWatchHistory', summary: 'Clear my watch history', ...schema, response: { 200: Envelope(Type.Object({ deletedCount: Type.Number() })) } } },
    async (request, reply) => {
      const deletedCount = await clearHistory(app, { userId: userIdOf(request) });
      return send(reply, 200, { deletedCount }, 'Watch history cleared successfully');
    },
  );

  app.delete(
    '/delete/:videoId',
    { ...write, schema: { operationId: 'deleteWatchHistoryDeleteByVideoId', summary: 'Remove a video from my watch history', ...schema, params: VideoParams, response: { 200: Envelope(Type.Object({ videoId: Type.String() })) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      await removeFromHistory(app, { userId: userIdOf(request), videoId });
      return send(reply, 200, { videoId }, 'Video removed from watch history');
    },
  );
};
export default historyRoutes;
