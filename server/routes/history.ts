import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the history calls of spec section 7.
const historyRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default historyRoutes;
