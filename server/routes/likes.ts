import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the likes calls of spec section 7.
const likesRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default likesRoutes;
