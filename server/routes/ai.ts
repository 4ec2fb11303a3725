import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import { commentError } from '../../contract/rules.js';
import { improveComment, recentCommentsOf } from '../ai/improveComment.js';
import { requireUser } from '../auth/authenticate.js';
import { badRequest, send } from '../http/envelope.js';

const ImproveBody = Type.Object({
  title: Type.Optional(Type.String()),
  comment: Type.Optional(Type.String()),
  /** Recent comments: a string, a list of strings or comment objects. */
  others: Type.Optional(Type.Unknown()),
});

const aiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/improve-comment',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'postAiImproveComment', summary: 'Suggest a better wording of a comment draft', tags: ['ai'], security: [{ bearer: [] }], body: ImproveBody, response: { 200: Envelope(Type.String()) } },
    },
    async (request, reply) => {
      const comment = (request.body?.comment ?? '').trim();
      const invalid = commentError(comment);
      if (invalid) throw badRequest(invalid);
      const improved = await improveComment(
        app.config,
        { title: request.body?.title ?? '', comment, others: recentCommentsOf(request.body?.others) },
        request.log,
      );
      return send(reply, 200, improved, 'Comment improved successfully');
    },
  );
};
export default aiRoutes;
