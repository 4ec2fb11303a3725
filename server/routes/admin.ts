// The admin's view of background jobs (/admin): list them by state, retry a failed one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import { ADMIN_JOB_STATES, AdminJobList } from '../../contract/moderation.js';
import { requireRole, userIdOf } from '../auth/authenticate.js';
import { toAdminJob } from '../formatters/moderation.js';
import { send } from '../http/envelope.js';
import { IdString } from '../http/schemas.js';
import { retryJob } from '../useCases/adminJobs.js';

const JOBS_LISTED = 200;

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admins = requireRole('admin');
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/jobs',
    { preHandler: admins, schema: { tags, security, querystring: Type.Object({ state: Type.Optional(Type.Enum(ADMIN_JOB_STATES)) }), response: { 200: Envelope(AdminJobList) } } },
    async (request, reply) => {
      const rows = await app.reads.jobs.listByState(request.query.state ?? 'failed', JOBS_LISTED);
      return send(reply, 200, { jobs: rows.map(toAdminJob) }, 'Jobs fetched successfully');
    },
  );

  app.post(
    '/jobs/:jobId/retry',
    { preHandler: admins, config: { rateLimit: app.rateLimits.write }, schema: { tags, security, params: Type.Object({ jobId: IdString }), response: { 200: Envelope(Type.Object({ id: Type.String(), state: Type.String() })) } } },
    async (request, reply) => {
      await retryJob(app, { actorId: userIdOf(request), jobId: request.params.jobId });
      return send(reply, 200, { id: request.params.jobId, state: 'queued' }, 'Job queued again');
    },
  );
};
export default adminRoutes;
