// The search API: users, videos and playlists by q, ranked by relevance; and the popular
// searches the phone's search dialog offers. Mounted at the /api/v1 root, so the paths are full
// ('/users/search', ...).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Playlist, PopularSearches, UserSearchResult, VideoCard } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { toPlaylist } from '../formatters/playlist.js';
import { toUserSearchResult } from '../formatters/user.js';
import { toVideoCard } from '../formatters/video.js';
import { LIMITS } from '../../contract/limits.js';
import { CacheDeps } from '../cache/readCache.js';
import { searchTerms } from '../search/terms.js';
import { send, sendCached, serializedEnvelope } from '../http/envelope.js';
import { CommonQueries } from '../search/commonQueries.js';
import { popularSearches } from '../search/popularSearches.js';
import { ref } from '../http/namedSchemas.js';

const RESULTS_DEFAULT = 20;
const VIDEOS_MESSAGE = 'Videos fetched successfully';
const PLAYLIST_PREVIEW_VIDEOS = 4;
/** Popular searches come from the most viewed of the newest videos (a bounded read). */
const POPULAR = { window: 1000, titles: 50, default: 4, max: 10 } as const;

const PopularQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: POPULAR.max })) });

const Query = Type.Object({
  q: Type.Optional(Type.String({ maxLength: LIMITS.searchQueryMax })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.searchResultsMax })),
});

const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const playlists = app.reads.playlists;
  const search = app.reads.search;
  const tags = ['search'];

  app.get(
    '/users/search',
    { schema: { operationId: 'getUsersSearch', summary: 'Search users', tags, querystring: Query, response: { 200: Envelope(Type.Array(ref(UserSearchResult))) } } },
    async (request, reply) => {
      const rows = await search.users(request.query.q ?? '', request.query.limit ?? RESULTS_DEFAULT);
      return send(reply, 200, rows.map((row) => toUserSearchResult(row, app.urls)), 'Users fetched successfully');
    },
  );

  const commonVideoSearches = new CommonQueries();
  app.get(
    '/videos/search',
    { schema: { operationId: 'getVideosSearch', summary: 'Search videos', tags, querystring: Query, response: { 200: Envelope(Type.Array(ref(VideoCard))) } } },
    async (request, reply) => {
      const q = request.query.q ?? '';
      const limit = request.query.limit ?? RESULTS_DEFAULT;
      const answer = async () => {
        const cards = (await search.videos(q, limit)).map((row) => toVideoCard(row, app.urls));
        return { body: serializedEnvelope(reply, cards, VIDEOS_MESSAGE) };
      };
      // Cards carry nothing per caller. A repeated query's answer is kept like a feed page: under
      // the feed's version, which every change to a listed video bumps.
      const key = `search:videos:${searchTerms(q).join(' ')}:${limit}`;
      const page = commonVideoSearches.isCommon(key) ? await app.readCache.read(key, [CacheDeps.feed], async () => ({ value: await answer(), store: true })) : await answer();
      return sendCached(request, reply, 200, page);
    },
  );

  app.get(
    '/search/popular',
    {
      schema: {
        operationId: 'getSearchPopular',
        tags,
        summary: 'Popular searches: words of the most viewed recent videos (an empty list on an empty catalogue)',
        querystring: PopularQuery,
        response: { 200: Envelope(PopularSearches) },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? POPULAR.default;
      // No version to follow (every view would be one): the read cache's TTL alone bounds the reads.
      const data = await app.readCache.read(`search:popular:${limit}`, [], async () => ({
        value: popularSearches(await search.mostViewedRecentTitles(POPULAR.window, POPULAR.titles), limit),
        store: true,
      }));
      return send(reply, 200, data, 'Popular searches fetched successfully');
    },
  );

  app.get(
    '/playlist/search',
    { schema: { operationId: 'getPlaylistSearch', summary: 'Search playlists', tags, querystring: Query, response: { 200: Envelope(Type.Array(ref(Playlist))) } } },
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
