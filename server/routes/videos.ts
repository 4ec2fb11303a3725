import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the videos calls of spec section 7.
const videosRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default videosRoutes;
