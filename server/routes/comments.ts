// The comments API: a video's list (with one level of replies), add, edit and delete
// own, and who liked a comment. Liking itself is POST /likes/toggle/c/{commentId} (likes.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Comment, CommentReaction } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { LIMITS } from '../../contract/limits.js';
import { commentError } from '../../contract/rules.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { toComment, toCommentReaction } from '../formatters/comment.js';
import { CacheDeps } from '../cache/readCache.js';
import { badRequest, notFound, send, sendCached, serializedEnvelope } from '../http/envelope.js';
import { IdString } from '../http/schemas.js';
import { deleteComment, editComment, postComment, toggleHeart, togglePin } from '../useCases/comments.js';
import { usableVideo, visibleVideo } from '../videos/visibility.js';
import { ref } from '../http/namedSchemas.js';


const LIST_MESSAGE = 'Comments fetched successfully';
const VideoParams = Type.Object({ videoId: IdString });
const CommentParams = Type.Object({ commentId: IdString });
const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  /** Top-level comments per page; each comes with its replies. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.commentsPageMax })),
});
const AddBody = Type.Object({
  content: Type.Optional(Type.String()),
  /** Reply to this comment of the same video; a reply to a reply joins the top-level thread. */
  parentId: Type.Optional(Type.Union([IdString, Type.Null()])),
});
const UpdateBody = Type.Object({ content: Type.Optional(Type.String()) });

/** Trimmed content within 1..2000 characters, else the 400 the client shows. */
function contentOf(raw: string | undefined): string {
  const invalid = commentError(raw ?? '');
  if (invalid) throw badRequest(invalid);
  return (raw ?? '').trim();
}

const commentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const comments = app.reads.comments;
  const videos = app.reads.videos;
  const tags = ['comments'];
  const signedIn = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };

  async function commentAnswer(commentId: string, viewerId: string) {
    const row = await comments.findById(commentId, viewerId);
    if (!row) throw notFound('Comment not found');
    return toComment(row, app.urls);
  }

  app.get(
    '/all/:videoId',
    { schema: { operationId: 'getCommentsAllByVideoId', summary: "A video's comments, with their replies", tags, params: VideoParams, querystring: ListQuery, response: { 200: Envelope(Type.Array(ref(Comment))) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      const limit = request.query.limit ?? LIMITS.commentsPageDefault;
      const offset = ((request.query.page ?? 1) - 1) * limit;
      const callerId = request.auth?.userId ?? null;
      // A taken-down video's comments are gone (410) for all but its owner and moderators: checked
      // per caller, before the shared cached page.
      await usableVideo(app.reads, videoId, callerId);
      // The page as everyone sees it, from the read cache; whether the caller likes each comment apart.
      const page = await app.readCache.read(`comments:${videoId}:${limit}:${offset}`, [CacheDeps.comments(videoId)], async () => {
        // The visibility rule (videos/visibility.ts) throws the 404 here; deleting the video bumps the entry.
        await visibleVideo(videos, videoId);
        const list = (await comments.listForVideo(videoId, { limit, offset })).map((row) => toComment(row, app.urls));
        return { value: { list, body: serializedEnvelope(reply, list, LIST_MESSAGE) }, store: true };
      });
      if (!callerId) return sendCached(request, reply, 200, page);
      // The caller's own view: what they like, without the comments of users they blocked.
      const [liked, blocked] = await Promise.all([comments.likedAmong(callerId, page.list.map((comment) => comment._id)), app.reads.blocks.blockedIds(callerId)]);
      const shown = blocked.size ? page.list.filter((comment) => !blocked.has(comment.owner._id)) : page.list;
      return send(reply, 200, shown.map((comment) => (liked.has(comment._id) ? { ...comment, isLiked: true } : comment)), LIST_MESSAGE);
    },
  );

  app.post(
    '/add/:videoId',
    {
      preHandler: requireUser,
      config: write,
      schema: { operationId: 'postCommentsAddByVideoId', summary: 'Comment on a video, or reply to a comment', tags, security: signedIn, params: VideoParams, body: AddBody, response: { 201: Envelope(ref(Comment)) } },
    },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const content = contentOf(request.body?.content);
      const created = await postComment(app, { videoId: request.params.videoId, authorId: callerId, content, parentId: request.body?.parentId });
      return send(reply, 201, await commentAnswer(created, callerId), 'Comment added successfully');
    },
  );

  app.patch(
    '/update/:commentId',
    {
      preHandler: requireUser,
      config: write,
      schema: { operationId: 'patchCommentsUpdateByCommentId', summary: 'Edit my comment', tags, security: signedIn, params: CommentParams, body: UpdateBody, response: { 200: Envelope(ref(Comment)) } },
    },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const { commentId } = request.params;
      await editComment(app, { commentId, callerId, content: contentOf(request.body?.content) });
      return send(reply, 200, await commentAnswer(commentId, callerId), 'Comment updated successfully');
    },
  );

  for (const [path, toggle, message, operationId, summary] of [
    ['/:commentId/pin', togglePin, 'Comment pin updated', 'patchCommentsByCommentIdPin', 'Pin or unpin a comment on my video'],
    ['/:commentId/heart', toggleHeart, 'Comment heart updated', 'patchCommentsByCommentIdHeart', 'Give or take back a heart on a comment on my video'],
  ] as const) {
    app.patch(
      path,
      { preHandler: requireUser, config: write, schema: { operationId, summary, tags, security: signedIn, params: CommentParams, response: { 200: Envelope(ref(Comment)) } } },
      async (request, reply) => {
        const callerId = userIdOf(request);
        await toggle(app, { commentId: request.params.commentId, callerId });
        return send(reply, 200, await commentAnswer(request.params.commentId, callerId), message);
      },
    );
  }

  app.delete(
    '/delete/:commentId',
    {
      preHandler: requireUser,
      config: write,
      schema: {
        operationId: 'deleteCommentsDeleteByCommentId',
        summary: 'Delete my comment',
        tags,
        security: signedIn,
        params: CommentParams,
        response: { 200: Envelope(Type.Object({ _id: Type.String(), videoId: Type.String(), deletedCount: Type.Number() })) },
      },
    },
    async (request, reply) => {
      const deleted = await deleteComment(app, { commentId: request.params.commentId, callerId: userIdOf(request) });
      return send(reply, 200, deleted, 'Comment deleted successfully');
    },
  );

  app.get(
    '/reactions/:commentId',
    { schema: { operationId: 'getCommentsReactionsByCommentId', summary: 'Who liked a comment', tags, params: CommentParams, response: { 200: Envelope(Type.Array(CommentReaction)) } } },
    async (request, reply) => {
      // Spec: an unknown comment is an empty list, not an error. A taken-down video's comments are
      // gone (410) for all but its owner and moderators, their likers with them.
      const comment = await comments.findById(request.params.commentId);
      if (comment) await usableVideo(app.reads, comment.video_id, request.auth?.userId ?? null);
      const rows = await comments.likers(request.params.commentId);
      return send(reply, 200, rows.map((row) => toCommentReaction(row, app.urls)), 'Comment reactions fetched successfully');
    },
  );
};
export default commentsRoutes;
