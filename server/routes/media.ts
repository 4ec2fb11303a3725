import type { FastifyPluginAsync } from 'fastify';

// TODO(issue 4): GET/HEAD /media/video/upload/[q_auto:...]/{id}.mp4 and /media/image/upload/{name}
// with Range, ETag and long-lived caching.
const mediaRoutes: FastifyPluginAsync = async (_app) => {};
export default mediaRoutes;
