// Comments of spec section 7: a video's list (with one level of replies), add, edit and delete
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
import { badRequest, forbidden, notFound, send, sendCached, serializedEnvelope } from '../http/envelope.js';
import { IdString } from '../http/schemas.js';
import { visibleVideo } from '../videos/visibility.js';


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
  const comments = app.repos.comments;
  const videos = app.repos.videos;
  const tags = ['comments'];
  const signedIn = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };

  async function commentAnswer(commentId: string, viewerId: string) {
    const row = await comments.findById(commentId, viewerId);
    if (!row) throw notFound('Comment not found');
    return toComment(row, app.urls);
  }

  /** The comment, when the caller wrote it; 404 or 403 otherwise. */
  async function ownComment(commentId: string, callerId: string, action: 'edit' | 'delete') {
    const row = await comments.findById(commentId);
    if (!row) throw notFound('Comment not found');
    if (row.owner_id !== callerId) throw forbidden(`You are not allowed to ${action} this comment`);
    return row;
  }

  app.get(
    '/all/:videoId',
    { schema: { tags, params: VideoParams, querystring: ListQuery, response: { 200: Envelope(Type.Array(Comment)) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      const limit = request.query.limit ?? LIMITS.commentsPageDefault;
      const offset = ((request.query.page ?? 1) - 1) * limit;
      // The page as everyone sees it, from the read cache; whether the caller likes each comment apart.
      const page = await app.readCache.read(`comments:${videoId}:${limit}:${offset}`, [CacheDeps.comments(videoId)], async () => {
        // The visibility rule (videos/visibility.ts) throws the 404 here; deleting the video bumps the entry.
        await visibleVideo(videos, videoId);
        const list = (await comments.listForVideo(videoId, { limit, offset })).map((row) => toComment(row, app.urls));
        return { value: { list, body: serializedEnvelope(reply, list, LIST_MESSAGE) }, store: true };
      });
      const callerId = request.auth?.userId ?? null;
      if (!callerId) return sendCached(request, reply, 200, page);
      const liked = await comments.likedAmong(callerId, page.list.map((comment) => comment._id));
      return send(reply, 200, page.list.map((comment) => (liked.has(comment._id) ? { ...comment, isLiked: true } : comment)), LIST_MESSAGE);
    },
  );

  app.post(
    '/add/:videoId',
    {
      preHandler: requireUser,
      config: write,
      schema: { tags, security: signedIn, params: VideoParams, body: AddBody, response: { 201: Envelope(Comment) } },
    },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const { videoId } = request.params;
      const content = contentOf(request.body?.content);
      await visibleVideo(videos, videoId);
      let parentId: string | null = null;
      /** Who wrote the comment replied to: they get the comment-reply notification. */
      let repliedToId: string | null = null;
      if (request.body?.parentId) {
        const parent = await comments.findById(request.body.parentId);
        if (!parent) throw notFound('Parent comment not found');
        if (parent.video_id !== videoId) throw badRequest('A reply must be on the same video as its comment');
        parentId = parent.parent_id ?? parent.id;
        repliedToId = parent.owner_id;
      }
      const created = await comments.create({ videoId, ownerId: callerId, parentId, content });
      if (created === 'no-video') throw notFound('Video not found');
      if (created === 'no-parent') throw notFound('Parent comment not found');
      app.live.commentUpdated(videoId);
      if (repliedToId) await app.notifier.commentReplied({ replyId: created, videoId, actorId: callerId, parentOwnerId: repliedToId });
      return send(reply, 201, await commentAnswer(created, callerId), 'Comment added successfully');
    },
  );

  app.patch(
    '/update/:commentId',
    {
      preHandler: requireUser,
      config: write,
      schema: { tags, security: signedIn, params: CommentParams, body: UpdateBody, response: { 200: Envelope(Comment) } },
    },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const row = await ownComment(request.params.commentId, callerId, 'edit');
      await comments.updateContent(row.id, contentOf(request.body?.content));
      app.live.commentUpdated(row.video_id);
      return send(reply, 200, await commentAnswer(row.id, callerId), 'Comment updated successfully');
    },
  );

  app.delete(
    '/delete/:commentId',
    {
      preHandler: requireUser,
      config: write,
      schema: {
        tags,
        security: signedIn,
        params: CommentParams,
        response: { 200: Envelope(Type.Object({ _id: Type.String(), videoId: Type.String(), deletedCount: Type.Number() })) },
      },
    },
    async (request, reply) => {
      const row = await ownComment(request.params.commentId, userIdOf(request), 'delete');
      const deletedCount = await comments.delete(row.id, row.video_id);
      if (deletedCount) app.live.commentUpdated(row.video_id);
      return send(reply, 200, { _id: row.id, videoId: row.video_id, deletedCount }, 'Comment deleted successfully');
    },
  );

  app.get(
    '/reactions/:commentId',
    { schema: { tags, params: CommentParams, response: { 200: Envelope(Type.Array(CommentReaction)) } } },
    async (request, reply) => {
      // Spec: an unknown comment is an empty list, not an error.
      const rows = await comments.likers(request.params.commentId);
      return send(reply, 200, rows.map((row) => toCommentReaction(row, app.urls)), 'Comment reactions fetched successfully');
    },
  );
};
export default commentsRoutes;
