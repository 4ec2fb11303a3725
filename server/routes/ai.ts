import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the ai calls of spec section 7.
const aiRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default aiRoutes;
