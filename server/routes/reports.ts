import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the reports calls of spec section 7.
const reportsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default reportsRoutes;
