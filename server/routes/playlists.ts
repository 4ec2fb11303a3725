import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the playlists calls of spec section 7.
const playlistsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default playlistsRoutes;
