// Search of spec section 7: users, videos and playlists by q, ranked by relevance. Mounted at the
// /api/v1 root, so the paths are full ('/users/search', ...).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Playlist, UserSearchResult, VideoCard } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { toPlaylist } from '../formatters/playlist.js';
import { toUserSearchResult } from '../formatters/user.js';
import { toVideoCard } from '../formatters/video.js';
import { LIMITS } from '../../contract/limits.js';
import { send } from '../http/envelope.js';

const RESULTS_DEFAULT = 20;
const PLAYLIST_PREVIEW_VIDEOS = 4;

const Query = Type.Object({
  q: Type.Optional(Type.String({ maxLength: LIMITS.searchQueryMax })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.searchResultsMax })),
});

const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const playlists = app.repos.playlists;
  const search = app.repos.search;
  const tags = ['search'];

  app.get(
    '/users/search',
    { schema: { tags, querystring: Query, response: { 200: Envelope(Type.Array(UserSearchResult)) } } },
    async (request, reply) => {
      const rows = await search.users(request.query.q ?? '', request.query.limit ?? RESULTS_DEFAULT);
      return send(reply, 200, rows.map((row) => toUserSearchResult(row, app.urls)), 'Users fetched successfully');
    },
  );

  app.get(
    '/videos/search',
    { schema: { tags, querystring: Query, response: { 200: Envelope(Type.Array(VideoCard)) } } },
    async (request, reply) => {
      const rows = await search.videos(request.query.q ?? '', request.query.limit ?? RESULTS_DEFAULT);
      return send(reply, 200, rows.map((row) => toVideoCard(row, app.urls)), 'Videos fetched successfully');
    },
  );

  app.get(
    '/playlist/search',
    { schema: { tags, querystring: Query, response: { 200: Envelope(Type.Array(Playlist)) } } },
    async (request, reply) => {
      const rows = await search.playlists(request.query.q ?? '', request.query.limit ?? RESULTS_DEFAULT);
      const previews = await playlists.previews(
        rows.map((row) => row.id),
        PLAYLIST_PREVIEW_VIDEOS,
      );
      const data = rows.map((row) => toPlaylist(row, previews.get(row.id) ?? [], previews.get(row.id) ?? [], app.urls));
      return send(reply, 200, data, 'Playlists fetched successfully');
    },
  );
};
export default searchRoutes;
