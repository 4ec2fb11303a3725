import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 3): the subscriptions calls of spec section 7.
const subscriptionsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default subscriptionsRoutes;
