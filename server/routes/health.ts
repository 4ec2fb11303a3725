// Liveness (the process answers HTTP), readiness (this node can take traffic) and status (every
// dependency and what an outage takes away). What to wire where: docs/operations.md, Health.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { send } from '../http/envelope.js';
import { checkReadiness, checkStatus, readinessAnswer, statusAnswer } from '../health/readiness.js';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const noStore = { 'cache-control': 'no-store' };

  // Liveness only: a database or Redis outage must not get healthy processes restarted.
  app.get('/healthcheck', { schema: { operationId: 'getHealthcheck', tags: ['health'], summary: 'Liveness' } }, async (_request, reply) => {
    return send(reply.headers(noStore), 200, { status: 'ok', database: app.db.dialect }, 'OK');
  });

  app.get(
    '/healthcheck/ready',
    { schema: { operationId: 'getHealthcheckReady', tags: ['health'], summary: 'Readiness: not shutting down, the database answers, and a working ffmpeg where jobs run' } },
    async (_request, reply) => {
      const { status, body } = readinessAnswer(await checkReadiness(app.health));
      return reply.code(status).headers(noStore).send(body);
    },
  );

  // For monitoring: 200 whenever the process answers; the body says what is out and what that takes away.
  app.get(
    '/healthcheck/status',
    { schema: { operationId: 'getHealthcheckStatus', tags: ['health'], summary: 'Status: database, Redis, media storage and ffmpeg, with the features an outage degrades' } },
    async (_request, reply) => {
      const { status, body } = statusAnswer(await checkStatus(app.health));
      return reply.code(status).headers(noStore).send(body);
    },
  );
};
export default healthRoutes;
