import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

// TODO(issue 4): POST /videos/upload-Video (multipart, content-checked, transcoded after).
const uploadsRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export default uploadsRoutes;
