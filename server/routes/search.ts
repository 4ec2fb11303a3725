import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the search calls of spec section 7.
const searchRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default searchRoutes;
