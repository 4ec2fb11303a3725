// Videos of spec section 7: the feed, one video, uploaded lists, edit and delete.
// Upload itself lives in uploads.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Video, VideoPage } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { LIMITS } from '../../contract/limits.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { ReactionRepository } from '../db/repositories/reactions.js';
import { UserRepository } from '../db/repositories/users.js';
import { type OwnedVideoRow, VideoRepository } from '../db/repositories/videos.js';
import { toVideo, toVideoCard } from '../formatters/video.js';
import { badRequest, forbidden, notFound, send } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { removeVideoFiles, videoMediaState } from '../media/videoFiles.js';

const VideoParams = Type.Object({ videoId: IdString });
const FeedQuery = Type.Object({ ...PageQuery.properties, exclude: Type.Optional(IdString) });
const OwnListQuery = Type.Object({ ...PageQuery.properties, q: Type.Optional(Type.String({ maxLength: 200 })) });
const UpdateBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 1000 })),
  description: Type.Optional(Type.String({ maxLength: LIMITS.videoDescription })),
});

/** Spec: each page is shuffled, while the pages themselves come from a stable order. */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const videosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const videos = new VideoRepository(app.db.db, app.db.dialect);
  const users = new UserRepository(app.db.db);
  const reactions = new ReactionRepository(app.db);
  const tags = ['videos'];
  const signedIn = [{ bearer: [] }];

  async function videoAnswer(videoId: string, callerId: string | null) {
    const row = await videos.findDetail(videoId);
    if (!row) throw notFound('Video not found');
    const [media, userReaction] = await Promise.all([
      videoMediaState(app.db.db, videoId),
      callerId ? reactions.reactionOf(callerId, videoId) : null,
    ]);
    return toVideo(row, app.urls, { ...media, userReaction });
  }

  async function deleteAndCleanUp(rows: OwnedVideoRow[]) {
    const deleted = await videos.remove(rows.map((row) => row.id));
    // Files go after the rows: a failed file removal leaves garbage, never a broken video.
    for (const row of deleted) await removeVideoFiles(app, row);
    return deleted.length;
  }

  app.get(
    '/all-videos',
    { schema: { tags, querystring: FeedQuery, response: { 200: Envelope(VideoPage) } } },
    async (request, reply) => {
      const window = pageOf(request.query);
      const page = splitPage(await videos.feed(window, request.query.exclude), window.limit);
      const cards = shuffled(page.items).map((row) => toVideoCard(row, app.urls));
      return send(reply, 200, { videos: cards, hasMore: page.hasMore }, 'Videos fetched successfully');
    },
  );

  app.get(
    '/all-uploaded-videos',
    { preHandler: requireUser, schema: { tags, security: signedIn, querystring: OwnListQuery, response: { 200: Envelope(VideoPage) } } },
    async (request, reply) => {
      const ownerId = userIdOf(request);
      const window = pageOf(request.query);
      const q = request.query.q?.trim() || undefined;
      const [rows, totalVideos] = await Promise.all([
        videos.uploadedBy(ownerId, window, { allStatuses: true, q }),
        videos.countUploadedBy(ownerId, q),
      ]);
      const page = splitPage(rows, window.limit);
      return send(
        reply,
        200,
        {
          videos: page.items.map((row) => toVideoCard(row, app.urls)),
          hasMore: page.hasMore,
          totalPages: Math.ceil(totalVideos / window.limit),
          totalVideos,
        },
        'Videos fetched successfully',
      );
    },
  );

  app.get(
    '/all-uploaded-videos/:username',
    {
      schema: {
        tags,
        params: Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: PageQuery,
        response: { 200: Envelope(VideoPage) },
      },
    },
    async (request, reply) => {
      const owner = await users.findByUsername(request.params.username);
      if (!owner) throw notFound('User not found');
      const window = pageOf(request.query);
      const allStatuses = request.auth?.userId === owner.id;
      const page = splitPage(await videos.uploadedBy(owner.id, window, { allStatuses }), window.limit);
      const cards = page.items.map((row) => toVideoCard(row, app.urls));
      return send(reply, 200, { videos: cards, hasMore: page.hasMore }, 'Videos fetched successfully');
    },
  );

  app.get(
    '/:videoId',
    { schema: { tags, params: VideoParams, response: { 200: Envelope(Video) } } },
    async (request, reply) => {
      const video = await videoAnswer(request.params.videoId, request.auth?.userId ?? null);
      return send(reply, 200, video, 'Video fetched successfully');
    },
  );

  app.patch(
    '/:videoId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { tags, security: signedIn, params: VideoParams, body: UpdateBody, response: { 200: Envelope(Video) } },
    },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const video = await videos.findOwned(request.params.videoId);
      if (!video) throw notFound('Video not found');
      if (video.owner_id !== callerId) throw forbidden('You are not allowed to edit this video');
      const changes: { title?: string; description?: string } = {};
      if (request.body.title !== undefined) {
        const title = request.body.title.trim();
        if (!title) throw badRequest('Title is required');
        if (title.length > LIMITS.videoTitle) throw badRequest(`Title must be at most ${LIMITS.videoTitle} characters`);
        changes.title = title;
      }
      if (request.body.description !== undefined) changes.description = request.body.description.trim();
      if (!Object.keys(changes).length) throw badRequest('Title or description is required');
      await videos.updateDetails(video.id, changes);
      return send(reply, 200, await videoAnswer(video.id, callerId), 'Video updated successfully');
    },
  );

  app.delete(
    '/delete/:videoId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { tags, security: signedIn, params: VideoParams, response: { 200: Envelope(Type.Object({ _id: Type.String() })) } },
    },
    async (request, reply) => {
      const video = await videos.findOwned(request.params.videoId);
      if (!video) throw notFound('Video not found');
      if (video.owner_id !== userIdOf(request)) throw forbidden('You are not allowed to delete this video');
      await deleteAndCleanUp([video]);
      return send(reply, 200, { _id: video.id }, 'Video deleted successfully');
    },
  );

  app.delete(
    '/',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { tags, security: signedIn, response: { 200: Envelope(Type.Object({ deletedCount: Type.Number() })) } },
    },
    async (request, reply) => {
      const deletedCount = await deleteAndCleanUp(await videos.listOwned(userIdOf(request)));
      return send(reply, 200, { deletedCount }, 'All videos deleted successfully');
    },
  );
};
export default videosRoutes;
