import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the comments calls of spec section 7.
const commentsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default commentsRoutes;
