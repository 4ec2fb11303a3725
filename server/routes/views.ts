import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the views calls of spec section 7.
const viewsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default viewsRoutes;
