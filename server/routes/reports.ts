// Reports filed from the watch screen's Report menu and from a comment's menu.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Report } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { LIMITS, REPORT_REASONS } from '../../contract/limits.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { conflict, forbidden, notFound, send } from '../http/envelope.js';
import { IdString } from '../http/schemas.js';
import { fileReport } from '../useCases/moderation.js';
import { usableVideo } from '../videos/visibility.js';
import { ref } from '../http/namedSchemas.js';

const VideoParams = Type.Object({ videoId: IdString });
const CommentParams = Type.Object({ commentId: IdString });
const ReportBody = Type.Object({
  reason: Type.Union(REPORT_REASONS.map((reason) => Type.Literal(reason))),
  details: Type.Optional(Type.String({ maxLength: LIMITS.reportDetails })),
});
const ALREADY_REPORTED = 'You have already reported this video';
const ALREADY_REPORTED_COMMENT = 'You have already reported this comment';

const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reports = app.reads.reports;
  const schema = { tags: ['reports'], security: [{ bearer: [] }], params: VideoParams };

  app.post(
    '/video/:videoId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'postReportsVideoByVideoId', summary: 'Report a video', ...schema, body: ReportBody, response: { 201: Envelope(ref(Report)) } },
    },
    async (request, reply) => {
      const { videoId } = request.params;
      const reporterId = userIdOf(request);
      await usableVideo(app.reads, videoId, reporterId);
      if (await reports.exists(reporterId, videoId)) throw conflict(ALREADY_REPORTED);
      const row = await fileReport(app, { reporterId, videoId, reason: request.body.reason, details: request.body.details?.trim() ?? '' });
      if (!row) throw conflict(ALREADY_REPORTED);
      return send(reply, 201, { _id: row.id, videoId, reason: row.reason, createdAt: row.created_at }, 'Video reported successfully');
    },
  );

  app.get(
    '/video/:videoId/mine',
    { preHandler: requireUser, schema: { operationId: 'getReportsVideoByVideoIdMine', summary: 'Whether I reported a video', ...schema, response: { 200: Envelope(Type.Object({ reported: Type.Boolean() })) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      await usableVideo(app.reads, videoId, userIdOf(request));
      return send(reply, 200, { reported: await reports.exists(userIdOf(request), videoId) }, 'Report status fetched successfully');
    },
  );

  // A comment is reported under the same rules as its video: 404 for an unknown comment, 410 when
  // its video was taken down (as every interaction with it), and never one's own comment.
  const commentSchema = { tags: ['reports'], security: [{ bearer: [] }], params: CommentParams };
  const reportableComment = async (commentId: string, reporterId: string) => {
    const comment = await app.reads.comments.findById(commentId);
    if (!comment) throw notFound('Comment not found');
    await usableVideo(app.reads, comment.video_id, reporterId);
    return comment;
  };

  app.post(
    '/comment/:commentId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'postReportsCommentByCommentId', summary: 'Report a comment', ...commentSchema, body: ReportBody, response: { 201: Envelope(ref(Report)) } },
    },
    async (request, reply) => {
      const { commentId } = request.params;
      const reporterId = userIdOf(request);
      const comment = await reportableComment(commentId, reporterId);
      if (comment.owner_id === reporterId) throw forbidden('You cannot report your own comment');
      if (await reports.existsForComment(reporterId, commentId)) throw conflict(ALREADY_REPORTED_COMMENT);
      const row = await fileReport(app, {
        reporterId,
        videoId: comment.video_id,
        comment: { id: comment.id, content: comment.content, ownerId: comment.owner_id },
        reason: request.body.reason,
        details: request.body.details?.trim() ?? '',
      });
      if (!row) throw conflict(ALREADY_REPORTED_COMMENT);
      return send(reply, 201, { _id: row.id, videoId: comment.video_id, commentId, reason: row.reason, createdAt: row.created_at }, 'Comment reported successfully');
    },
  );

  app.get(
    '/comment/:commentId/mine',
    { preHandler: requireUser, schema: { operationId: 'getReportsCommentByCommentIdMine', summary: 'Whether I reported a comment', ...commentSchema, response: { 200: Envelope(Type.Object({ reported: Type.Boolean() })) } } },
    async (request, reply) => {
      const { commentId } = request.params;
      await reportableComment(commentId, userIdOf(request));
      return send(reply, 200, { reported: await reports.existsForComment(userIdOf(request), commentId) }, 'Report status fetched successfully');
    },
  );
};
export default reportsRoutes;
