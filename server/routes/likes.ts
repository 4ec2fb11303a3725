// The likes and reactions API: video like/disLike toggle, who reacted, liked videos,
// and the comment like toggle (the comment's reactions list is in comments.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CommentLikeToggleResult,
  LikedEntry,
  ReactionToggleResult,
  ReactionType,
  VideoDislikeEntry,
  VideoLikeEntry,
  VideoPageOf,
} from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import type { ReactorRow } from '../db/repositories/reactions.js';
import { toLikedEntry } from '../formatters/video.js';
import { send } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { clearLikedVideos, toggleCommentLike, toggleVideoReaction } from '../useCases/reactions.js';
import { usableVideo } from '../videos/visibility.js';
import { ref } from '../http/namedSchemas.js';

const VideoParams = Type.Object({ videoId: IdString });
/** Who reacted: up to 100 per page, newest first. */
const ReactorsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
const REACTORS_PAGE = 100;

const likesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reactions = app.reads.reactions;
  const tags = ['likes'];
  const security = [{ bearer: [] }];
  const write = { preHandler: requireUser, config: { rateLimit: app.rateLimits.write } };


  app.post(
    '/toggle/v/:videoId',
    {
      ...write,
      schema: {
        operationId: 'postLikesToggleVByVideoId',
        summary: 'Like or dislike a video (again: undo)',
        tags,
        security,
        params: VideoParams,
        querystring: Type.Object({ reactionType: ReactionType }),
        response: { 200: Envelope(ReactionToggleResult) },
      },
    },
    async (request, reply) => {
      const state = await toggleVideoReaction(app, { userId: userIdOf(request), videoId: request.params.videoId, reactionType: request.query.reactionType });
      return send(reply, 200, state, 'Reaction updated successfully');
    },
  );

  // Who liked and who disLiked a video: the same list, each under its own field names (likedBy*, dislikedBy*).
  const reactorLists = [
    {
      path: '/get/video/likes/:videoId',
      operationId: 'getLikesGetVideoLikesByVideoId',
      summary: 'Who liked a video',
      type: 'like',
      schema: VideoLikeEntry,
      message: 'Likes fetched successfully',
      entry: (row: ReactorRow) => ({
        likedById: row.user_id,
        likedByName: row.full_name,
        likedByUser: row.username,
        likedByAvatar: app.urls.image(row.avatar),
      }),
    },
    {
      path: '/get/video/disLikes/:videoId',
      operationId: 'getLikesGetVideoDisLikesByVideoId',
      summary: 'Who disliked a video',
      type: 'disLike',
      schema: VideoDislikeEntry,
      message: 'Dislikes fetched successfully',
      entry: (row: ReactorRow) => ({
        dislikedById: row.user_id,
        dislikedByName: row.full_name,
        dislikedByUser: row.username,
        dislikedByAvatar: app.urls.image(row.avatar),
      }),
    },
  ] as const;
  for (const list of reactorLists) {
    app.get(
      list.path,
      { schema: { operationId: list.operationId, summary: list.summary, tags, params: VideoParams, querystring: ReactorsQuery, response: { 200: Envelope(Type.Array(list.schema)) } } },
      async (request, reply) => {
        await usableVideo(app.reads, request.params.videoId, request.auth?.userId ?? null);
        const rows = await reactions.reactorsOf(request.params.videoId, list.type, pageOf(request.query, REACTORS_PAGE));
        return send(reply, 200, rows.map((row) => list.entry(row)), list.message);
      },
    );
  }

  app.get(
    '/get/user/liked-videos',
    { preHandler: requireUser, schema: { operationId: 'getLikesGetUserLikedVideos', summary: 'My liked videos, one page', tags, security, querystring: PageQuery, response: { 200: Envelope(VideoPageOf(ref(LikedEntry))) } } },
    async (request, reply) => {
      const window = pageOf(request.query);
      const page = splitPage(await reactions.likedVideos(userIdOf(request), window), window.limit);
      const entries = page.items.map((row) => toLikedEntry(row, app.urls));
      return send(reply, 200, { videos: entries, hasMore: page.hasMore }, 'Liked videos fetched successfully');
    },
  );

  app.delete(
    '/delete/all/liked-videos',
    { ...write, schema: { operationId: 'deleteLikesDeleteAllLikedVideos', summary: 'Clear my liked videos', tags, security, response: { 200: Envelope(Type.Object({ deletedCount: Type.Number() })) } } },
    async (request, reply) => {
      const deletedCount = await clearLikedVideos(app, { userId: userIdOf(request) });
      return send(reply, 200, { deletedCount }, 'All liked videos cleared successfully');
    },
  );

  app.post(
    '/toggle/c/:commentId',
    {
      ...write,
      schema: {
        operationId: 'postLikesToggleCByCommentId',
        summary: 'Like a comment (again: undo)',
        tags,
        security,
        params: Type.Object({ commentId: IdString }),
        querystring: Type.Object({ reactionType: Type.Optional(Type.Literal('like')) }),
        response: { 200: Envelope(CommentLikeToggleResult) },
      },
    },
    // The spec's client sends a body {videoId}; other clients send none, so there is no body schema
    // (Fastify would refuse the body-less calls). When given, the comment must be on that video.
    async (request, reply) => {
      const result = await toggleCommentLike(app, { userId: userIdOf(request), commentId: request.params.commentId, claimedVideoId: claimedVideoId(request.body) });
      return send(reply, 200, result, 'Comment reaction updated successfully');
    },
  );
};
export default likesRoutes;

/** The optional `{videoId}` of a comment-like body; anything else counts as absent. */
function claimedVideoId(body: unknown): string | undefined {
  const videoId = (body as { videoId?: unknown } | null | undefined)?.videoId;
  return typeof videoId === 'string' && videoId !== '' ? videoId : undefined;
}
