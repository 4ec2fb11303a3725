// The playlists API: create, a user's list, one playlist with its videos paged,
// rename, delete, add a video and (beyond the spec, users expect it) remove one.
// GET /playlist/search lives in search.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Playlist, PlaylistDetail, PlaylistPage } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { REQUEST_LIMITS } from '../../contract/limits.js';
import { playlistDescriptionError, playlistNameError } from '../../contract/rules.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import type { PlaylistRow } from '../db/repositories/playlists.js';
import { toPlaylist } from '../formatters/playlist.js';
import { badRequest, conflict, forbidden, notFound, send } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { usableVideo } from '../videos/visibility.js';

/** Videos shown on a playlist card in a user's list; videosCount has the full count. */
const CARD_PREVIEW_VIDEOS = 4;
const PLAYLIST_PAGE_VIDEOS = 12;

const PlaylistParams = Type.Object({ playlistId: IdString });
const LinkParams = Type.Object({ videoId: IdString, playlistId: IdString });
const CreateBody = Type.Object({ name: Type.Optional(Type.String()), description: Type.Optional(Type.String()) });
const RenameBody = Type.Object({ name: Type.Optional(Type.String()), description: Type.Optional(Type.String()) });

function nameOf(raw: string | undefined): string {
  const invalid = playlistNameError(raw ?? '');
  if (invalid) throw badRequest(invalid);
  return (raw ?? '').trim();
}

function descriptionOf(raw: string | undefined): string {
  const invalid = playlistDescriptionError(raw ?? '');
  if (invalid) throw badRequest(invalid);
  return (raw ?? '').trim();
}

const playlistsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const playlists = app.repos.playlists;
  const users = app.repos.users;
  const tags = ['playlists'];
  const signedIn = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };

  /** The playlist as a card: its newest few videos and the full count. */
  async function playlistCard(row: PlaylistRow) {
    const previews = (await playlists.previews([row.id], CARD_PREVIEW_VIDEOS)).get(row.id) ?? [];
    return toPlaylist(row, previews, previews, app.urls);
  }

  /** The playlist, when the caller owns it; 404 or 403 otherwise. */
  async function ownPlaylist(playlistId: string, callerId: string): Promise<PlaylistRow> {
    const row = await playlists.findById(playlistId);
    if (!row) throw notFound('Playlist not found');
    if (row.owner_id !== callerId) throw forbidden('You are not allowed to modify this playlist');
    return row;
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
      schema: { tags, security: signedIn, body: CreateBody, response: { 201: Envelope(Playlist) } },
    },
    async (request, reply) => {
      const name = nameOf(request.body?.name);
      const description = descriptionOf(request.body?.description);
      const id = await playlists.create(userIdOf(request), name, description);
      return send(reply, 201, await reloaded(id), 'Playlist created successfully');
    },
  );

  app.get(
    '/user/:username/playlists',
    {
      schema: {
        tags,
        params: Type.Object({ username: Type.String({ minLength: 1, maxLength: REQUEST_LIMITS.usernameLookupMax }) }),
        querystring: PageQuery,
        response: { 200: Envelope(PlaylistPage) },
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
    { schema: { tags, params: PlaylistParams, querystring: PageQuery, response: { 200: Envelope(PlaylistDetail) } } },
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
      schema: { tags, security: signedIn, params: PlaylistParams, body: RenameBody, response: { 200: Envelope(Playlist) } },
    },
    async (request, reply) => {
      const row = await ownPlaylist(request.params.playlistId, userIdOf(request));
      const name = nameOf(request.body?.name);
      const description = request.body?.description === undefined ? undefined : descriptionOf(request.body.description);
      await playlists.update(row.id, description === undefined ? { name } : { name, description });
      return send(reply, 200, await reloaded(row.id), 'Playlist name updated successfully');
    },
  );

  app.delete(
    '/:playlistId',
    {
      preHandler: requireUser,
      config: write,
      schema: { tags, security: signedIn, params: PlaylistParams, response: { 200: Envelope(Type.Object({ _id: Type.String() })) } },
    },
    async (request, reply) => {
      const row = await ownPlaylist(request.params.playlistId, userIdOf(request));
      if (!(await playlists.delete(row.id))) throw notFound('Playlist not found');
      return send(reply, 200, { _id: row.id }, 'Playlist deleted successfully');
    },
  );

  app.patch(
    '/add/:videoId/:playlistId',
    {
      preHandler: requireUser,
      config: write,
      schema: { tags, security: signedIn, params: LinkParams, response: { 200: Envelope(Playlist) } },
    },
    async (request, reply) => {
      const callerId = userIdOf(request);
      const { videoId, playlistId } = request.params;
      const row = await ownPlaylist(playlistId, callerId);
      await usableVideo(app.repos, videoId, callerId);
      const outcome = await playlists.addVideo(row.id, videoId);
      if (outcome === 'no-video') throw notFound('Video not found');
      if (outcome === 'no-playlist') throw notFound('Playlist not found');
      if (outcome === 'duplicate') throw conflict('Video is already in this playlist');
      return send(reply, 200, await reloaded(row.id), 'Video added to playlist successfully');
    },
  );

  app.patch(
    '/remove/:videoId/:playlistId',
    {
      preHandler: requireUser,
      config: write,
      schema: { tags, security: signedIn, params: LinkParams, response: { 200: Envelope(Playlist) } },
    },
    async (request, reply) => {
      const row = await ownPlaylist(request.params.playlistId, userIdOf(request));
      if (!(await playlists.removeVideo(row.id, request.params.videoId))) throw notFound('Video is not in this playlist');
      return send(reply, 200, await reloaded(row.id), 'Video removed from playlist successfully');
    },
  );
};
export default playlistsRoutes;
