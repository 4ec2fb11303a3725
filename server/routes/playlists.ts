// The playlists API: create, a user's list, one playlist with its videos paged,
// rename, delete, add a video and (beyond the spec, users expect it) remove one.
// GET /playlist/search lives in search.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Playlist, PlaylistDetail, PlaylistPage } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { REQUEST_LIMITS } from '../../contract/limits.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import type { PlaylistRow } from '../db/repositories/playlists.js';
import { toPlaylist } from '../formatters/playlist.js';
import { notFound, send } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { addVideoToPlaylist, createPlaylist, deletePlaylist, editPlaylist, removeVideoFromPlaylist } from '../useCases/playlists.js';
import { ref } from '../http/namedSchemas.js';

/** Videos shown on a playlist card in a user's list; videosCount has the full count. */
const CARD_PREVIEW_VIDEOS = 4;
const PLAYLIST_PAGE_VIDEOS = 12;

const PlaylistParams = Type.Object({ playlistId: IdString });
const LinkParams = Type.Object({ videoId: IdString, playlistId: IdString });
const CreateBody = Type.Object({ name: Type.Optional(Type.String()), description: Type.Optional(Type.String()) });
const RenameBody = Type.Object({ name: Type.Optional(Type.String()), description: Type.Optional(Type.String()) });

const playlistsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const playlists = app.reads.playlists;
  const users = app.reads.users;
  const tags = ['playlists'];
  const signedIn = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };

  /** The playlist as a card: its newest few videos and the full count. */
  async function playlistCard(row: PlaylistRow) {
    const previews = (await playlists.previews([row.id], CARD_PREVIEW_VIDEOS)).get(row.id) ?? [];
    return toPlaylist(row, previews, previews, app.urls);
  }

  async function reloaded(playlistId: string) {
    const row = await playlists.findById(playlistId);
    if (!row) throw notFound('Playlist not found');
    return playlistCard(row);
  }

  app.post(
    '/create',
    {
      preHandler: requireUser,
      config: write,
      schema: { operationId: 'postPlaylistCreate', summary: 'Create a playlist', tags, security: signedIn, body: CreateBody, response: { 201: Envelope(ref(Playlist)) } },
    },
    async (request, reply) => {
      const id = await createPlaylist(app, { ownerId: userIdOf(request), name: request.body?.name, description: request.body?.description });
      return send(reply, 201, await reloaded(id), 'Playlist created successfully');
    },
  );

  app.get(
    '/user/:username/playlists',
    {
      schema: {
        operationId: 'getPlaylistUserByUsernamePlaylists',
        summary: "A user's playlists, one page",
        tags,
        params: Type.Object({ username: Type.String({ minLength: 1, maxLength: REQUEST_LIMITS.usernameLookupMax }) }),
        querystring: PageQuery,
        response: { 200: Envelope(ref(PlaylistPage)) },
      },
    },
    async (request, reply) => {
      const owner = await users.findByUsername(request.params.username);
      if (!owner) throw notFound('User not found');
      const page = pageOf(request.query);
      const { items, hasMore } = splitPage(await playlists.listByOwner(owner.id, page), page.limit);
      const previews = await playlists.previews(
        items.map((row) => row.id),
        CARD_PREVIEW_VIDEOS,
      );
      const cards = items.map((row) => toPlaylist(row, previews.get(row.id) ?? [], previews.get(row.id) ?? [], app.urls));
      return send(reply, 200, { playlists: cards, hasMore }, 'Playlists fetched successfully');
    },
  );

  app.get(
    '/:playlistId',
    { schema: { operationId: 'getPlaylistByPlaylistId', summary: 'A playlist with one page of its videos', tags, params: PlaylistParams, querystring: PageQuery, response: { 200: Envelope(ref(PlaylistDetail)) } } },
    async (request, reply) => {
      const row = await playlists.findById(request.params.playlistId);
      if (!row) throw notFound('Playlist not found');
      const page = pageOf(request.query, PLAYLIST_PAGE_VIDEOS);
      const { items, hasMore } = splitPage(await playlists.videos(row.id, page), page.limit);
      // The cover comes from the newest videos, whichever page this is.
      const newest = (await playlists.previews([row.id], CARD_PREVIEW_VIDEOS)).get(row.id) ?? [];
      const playlist = toPlaylist(row, items, newest, app.urls);
      return send(reply, 200, { playlist, hasMore, totalVideos: playlist.totalVideos }, 'Playlist videos fetched successfully');
    },
  );

  app.patch(
    '/:playlistId',
    {
      preHandler: requireUser,
      config: write,
      schema: { operationId: 'patchPlaylistByPlaylistId', summary: 'Rename my playlist or change its description', tags, security: signedIn, params: PlaylistParams, body: RenameBody, response: { 200: Envelope(ref(Playlist)) } },
    },
    async (request, reply) => {
      const { playlistId } = request.params;
      await editPlaylist(app, { callerId: userIdOf(request), playlistId, name: request.body?.name, description: request.body?.description });
      return send(reply, 200, await reloaded(playlistId), 'Playlist name updated successfully');
    },
  );

  app.delete(
    '/:playlistId',
    {
      preHandler: requireUser,
      config: write,
      schema: { operationId: 'deletePlaylistByPlaylistId', summary: 'Delete my playlist', tags, security: signedIn, params: PlaylistParams, response: { 200: Envelope(Type.Object({ _id: Type.String() })) } },
    },
    async (request, reply) => {
      const { playlistId } = request.params;
      await deletePlaylist(app, { callerId: userIdOf(request), playlistId });
      return send(reply, 200, { _id: playlistId }, 'Playlist deleted successfully');
    },
  );

  app.patch(
    '/add/:videoId/:playlistId',
    {
      preHandler: requireUser,
      config: write,
      schema: { operationId: 'patchPlaylistAddByVideoIdByPlaylistId', summary: 'Add a video to my playlist', tags, security: signedIn, params: LinkParams, response: { 200: Envelope(ref(Playlist)) } },
    },
    async (request, reply) => {
      const { videoId, playlistId } = request.params;
      await addVideoToPlaylist(app, { callerId: userIdOf(request), playlistId, videoId });
      return send(reply, 200, await reloaded(playlistId), 'Video added to playlist successfully');
    },
  );

  app.patch(
    '/remove/:videoId/:playlistId',
    {
      preHandler: requireUser,
      config: write,
      schema: { operationId: 'patchPlaylistRemoveByVideoIdByPlaylistId', summary: 'Remove a video from my playlist', tags, security: signedIn, params: LinkParams, response: { 200: Envelope(ref(Playlist)) } },
    },
    async (request, reply) => {
      const { videoId, playlistId } = request.params;
      await removeVideoFromPlaylist(app, { callerId: userIdOf(request), playlistId, videoId });
      return send(reply, 200, await reloaded(playlistId), 'Video removed from playlist successfully');
    },
  );
};
export default playlistsRoutes;
