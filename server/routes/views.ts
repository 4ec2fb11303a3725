// The views API: one counted view per signed-in user per video per 24 hours.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ViewsInfo } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { notFound, send } from '../http/envelope.js';
import { IdString } from '../http/schemas.js';
import { recordView } from '../useCases/views.js';

const VideoParams = Type.Object({ videoId: IdString });

const viewsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const views = app.reads.views;
  const tags = ['views'];

  app.post(
    '/add/:videoId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'postViewsAddByVideoId', summary: 'Count a view', tags, security: [{ bearer: [] }], params: VideoParams, response: { 200: Envelope(ViewsInfo) } },
    },
    async (request, reply) => {
      const result = await recordView(app, { userId: userIdOf(request), videoId: request.params.videoId });
      return send(reply, 200, { totalViews: result.totalViews, isViewed: true }, result.counted ? 'View added' : 'Already viewed recently');
    },
  );

  app.get('/:videoId', { schema: { operationId: 'getViewsByVideoId', summary: "A video's views, and whether I viewed it", tags, params: VideoParams, response: { 200: Envelope(ViewsInfo) } } }, async (request, reply) => {
    const info = await views.info(request.params.videoId, request.auth?.userId ?? null);
    if (!info) throw notFound('Video not found');
    return send(reply, 200, info, 'Views fetched successfully');
  });
};
export default viewsRoutes;
