// The videos API: the feed, one video, uploaded lists, edit and delete.
// Upload itself lives in uploads.ts.
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Video, VideoCard, VideoPage } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { LIMITS, MEDIA_SECONDS_MAX, REQUEST_LIMITS } from '../../contract/limits.js';
import { megabytes, videoDescriptionError, videoTitleError } from '../../contract/rules.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { resumePoint, toVideo, toVideoCard } from '../formatters/video.js';
import { badRequest, notFound, send, sendCached, sendShuffledList, serializedEnvelope, serializedList } from '../http/envelope.js';
import { CacheDeps } from '../cache/readCache.js';
import { readMultipart } from '../http/multipart.js';
import { formBody, IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { videoMediaState } from '../videos/mediaState.js';
import { assertNotTakenDown, assertOwnerNotSuspended } from '../videos/visibility.js';
import { editVideoDetails, ownVideo, removeAllVideos, removeVideo, type VideoEdit } from '../useCases/videos.js';
import { ref } from '../http/namedSchemas.js';

const VideoParams = Type.Object({ videoId: IdString });
/** GET /videos/{id} for an id no video has: the watch page says so instead of offering 'try again'. */
const VIDEO_MISSING = 'This video does not exist or was deleted.';
const VIDEO_MESSAGE = 'Video fetched successfully';
const FEED_MESSAGE = 'Videos fetched successfully';
const FeedQuery = Type.Object({ ...PageQuery.properties, exclude: Type.Optional(IdString) });
const OwnListQuery = Type.Object({ ...PageQuery.properties, q: Type.Optional(Type.String({ maxLength: LIMITS.searchQueryMax })) });
const UpdateBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: REQUEST_LIMITS.rawTextMax })),
  description: Type.Optional(Type.String({ maxLength: LIMITS.videoDescription })),
  /** Take the new thumbnail from the video at this second. */
  thumbnailAt: Type.Optional(Type.Number({ minimum: 0, maximum: MEDIA_SECONDS_MAX })),
});

/** Checks an edit, from JSON or from multipart fields (strings) plus the thumbnail file. */
function editOf(fields: { title?: string; description?: string; thumbnailAt?: string | number }, thumbnailFile?: Buffer): VideoEdit {
  const edit: VideoEdit = { thumbnailFile };
  if (fields.title !== undefined) {
    const invalid = videoTitleError(String(fields.title));
    if (invalid) throw badRequest(invalid);
    edit.title = String(fields.title).trim();
  }
  if (fields.description !== undefined) {
    const invalid = videoDescriptionError(String(fields.description));
    if (invalid) throw badRequest(invalid);
    edit.description = String(fields.description).trim();
  }
  if (fields.thumbnailAt !== undefined && fields.thumbnailAt !== '') {
    const at = Number(fields.thumbnailAt);
    if (!Number.isFinite(at) || at < 0) throw badRequest('thumbnailAt must be a number of seconds');
    edit.thumbnailAt = at;
  }
  if (edit.thumbnailFile && edit.thumbnailAt !== undefined) throw badRequest('Send a thumbnail file or thumbnailAt, not both');
  if (edit.title === undefined && edit.description === undefined && !edit.thumbnailFile && edit.thumbnailAt === undefined) {
    throw badRequest('Title, description or thumbnail is required');
  }
  return edit;
}

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
  const videos = app.reads.videos;
  const users = app.reads.users;
  const reactions = app.reads.reactions;
  const tags = ['videos'];
  const signedIn = [{ bearer: [] }];
  const tempDir = join(app.config.dataDir, 'tmp');

  /** The video as everyone sees it (no caller fields), with its status; null when there is none. */
  async function publicVideo(videoId: string) {
    const row = await videos.findDetail(videoId);
    if (!row) return null;
    const media = await videoMediaState(app.reads, videoId);
    const video = toVideo(row, app.urls, { ...media, userReaction: null });
    const ownerSuspension = { suspended_at: row.owner_suspended_at, suspended_until: row.owner_suspended_until };
    return { video, ownerSuspension, settled: row.status === 'ready' && media.pendingQualities.length === 0 && video.progress === 100 };
  }

  /** The caller's own fields of a video: their reaction and where they resume. */
  async function callerFields(callerId: string, video: Video) {
    const [userReaction, position] = await Promise.all([reactions.reactionOf(callerId, video._id), app.reads.history.positionOf(callerId, video._id)]);
    return { ...video, userReaction, resumeAt: resumePoint(position ?? 0, video.duration) };
  }

  app.get(
    '/all-videos',
    { schema: { operationId: 'getVideosAllVideos', summary: 'Home feed, one page (shuffled within the page)', tags, querystring: FeedQuery, response: { 200: Envelope(ref(VideoPage)) } } },
    async (request, reply) => {
      const window = pageOf(request.query);
      const exclude = request.query.exclude;
      // The page's cards serialized once (cache/readCache.ts); each answer shuffles them anew.
      const page = await app.readCache.read(`feed:${window.offset}:${window.limit}:${exclude ?? ''}`, [CacheDeps.feed], async () => {
        const rows = splitPage(await videos.feed(window, exclude), window.limit);
        const cards = rows.items.map((row) => toVideoCard(row, app.urls));
        return { value: serializedList(reply, { videos: cards, hasMore: rows.hasMore }, 'videos', VideoCard, FEED_MESSAGE), store: true };
      });
      return sendShuffledList(request, reply, page, shuffled);
    },
  );

  app.get(
    '/all-uploaded-videos',
    { preHandler: requireUser, schema: { operationId: 'getVideosAllUploadedVideos', summary: 'My uploaded videos, one page', tags, security: signedIn, querystring: OwnListQuery, response: { 200: Envelope(ref(VideoPage)) } } },
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
        operationId: 'getVideosAllUploadedVideosByUsername',
        summary: "A channel's videos, one page",
        tags,
        params: Type.Object({ username: Type.String({ minLength: 1, maxLength: REQUEST_LIMITS.usernameLookupMax }) }),
        querystring: PageQuery,
        response: { 200: Envelope(ref(VideoPage)) },
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
    // Any id a /watch/{id} link can carry: one that is not a stored video is a 404, never a 400.
    { schema: { operationId: 'getVideosByVideoId', summary: 'One video', tags, params: Type.Object({ videoId: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 200: Envelope(ref(Video)) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      const callerId = request.auth?.userId ?? null;
      // The public part from the read cache; the caller's reaction and resume point apart.
      const cached = await app.readCache.read(`video:${videoId}`, [CacheDeps.video(videoId)], async () => {
        const found = await publicVideo(videoId);
        if (!found) return { value: null, store: false };
        // Only settled videos: transcoding progress changes faster than it is worth keeping.
        return { value: { video: found.video, ownerSuspension: found.ownerSuspension, body: serializedEnvelope(reply, found.video, VIDEO_MESSAGE) }, store: found.settled };
      });
      if (!cached) throw notFound(VIDEO_MISSING);
      const { takenDown } = cached.video;
      if (takenDown) await assertNotTakenDown(app.reads, { owner_id: cached.video.owner._id, taken_down_at: takenDown.at }, callerId);
      await assertOwnerNotSuspended(app.reads, cached.ownerSuspension, callerId);
      if (!callerId) return sendCached(request, reply, 200, cached);
      return send(reply, 200, await callerFields(callerId, cached.video), VIDEO_MESSAGE);
    },
  );

  app.patch(
    '/:videoId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: {
        operationId: 'patchVideosByVideoId',
        tags,
        summary: 'Edit title, description and thumbnail (JSON, or multipart with a thumbnail file)',
        security: signedIn,
        params: VideoParams,
        body: formBody(UpdateBody, `fields title (at most ${LIMITS.videoTitle} characters), description (at most ${LIMITS.videoDescription}), thumbnailAt; file thumbnail (PNG, JPEG, WebP or GIF up to ${megabytes(app.config.maxImageBytes)} MB)`),
        response: { 200: Envelope(ref(Video)) },
      },
    },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const { videoId } = request.params;
      // Refused before the body is read.
      await ownVideo(app, videoId, callerId, 'edit');
      const form = request.isMultipart()
        ? await readMultipart(request, { thumbnail: { maxBytes: app.config.maxImageBytes, label: 'Thumbnail' } }, tempDir)
        : null;
      try {
        const edit = editOf(form ? form.fields : (request.body ?? {}), form?.files.thumbnail?.buffer);
        await editVideoDetails(app, { videoId, callerId, edit }, request.log);
        const found = await publicVideo(videoId);
        if (!found) throw notFound(VIDEO_MISSING);
        return send(reply, 200, await callerFields(callerId, found.video), 'Video updated successfully');
      } finally {
        await form?.cleanup();
      }
    },
  );

  app.delete(
    '/delete/:videoId',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'deleteVideosDeleteByVideoId', summary: 'Delete one of my videos', tags, security: signedIn, params: VideoParams, response: { 200: Envelope(Type.Object({ _id: Type.String() })) } },
    },
    async (request, reply) => {
      const { videoId } = request.params;
      await removeVideo(app, { videoId, callerId: userIdOf(request) });
      return send(reply, 200, { _id: videoId }, 'Video deleted successfully');
    },
  );

  app.delete(
    '/',
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { operationId: 'deleteVideos', summary: 'Delete all my videos', tags, security: signedIn, response: { 200: Envelope(Type.Object({ deletedCount: Type.Number() })) } },
    },
    async (request, reply) => {
      const deletedCount = await removeAllVideos(app, { ownerId: userIdOf(request) });
      return send(reply, 200, { deletedCount }, 'All videos deleted successfully');
    },
  );
};
export default videosRoutes;
