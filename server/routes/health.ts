// Liveness (the process answers HTTP) and readiness (its dependencies answer too).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { send } from '../http/envelope.js';
import { errorBody } from '../../contract/envelope.js';
import { checkReadiness } from '../health/readiness.js';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const noStore = { 'cache-control': 'no-store' };

  // Liveness only: a database or Redis outage must not get healthy processes restarted.
  app.get('/healthcheck', { schema: { tags: ['health'], summary: 'Liveness' } }, async (_request, reply) => {
    return send(reply.headers(noStore), 200, { status: 'ok', database: app.db.dialect }, 'OK');
  });

  app.get('/healthcheck/ready', { schema: { tags: ['health'], summary: 'Readiness: database, Redis (when configured) and media storage' } }, async (_request, reply) => {
    reply.headers(noStore);
    if (app.draining) return reply.code(503).send(errorBody(503, 'Not ready: shutting down', [{ dependency: 'process', error: 'shutting down' }]));
    const readiness = await checkReadiness(app);
    if (readiness.ready) return send(reply, 200, { status: 'ready', checks: readiness.checks, degraded: readiness.degraded }, 'Ready');
    const errors = readiness.failed.map((dependency) => ({ dependency, ...readiness.checks[dependency] }));
    return reply.code(503).send(errorBody(503, `Not ready: ${readiness.failed.join(', ')} did not answer`, errors));
  });
};
export default healthRoutes;
