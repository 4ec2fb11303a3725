// The admin's tools (/admin): accounts (list and search, delete) and background jobs (paged, by
// state and type, with every failed attempt's error; retry a failed one). Roles and suspensions have their routes under /moderation.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import { AccountDeleted, AccountDeletion, ADMIN_JOB_STATES, AdminAccountPage, AdminJobList, MODERATION_LIMITS } from '../../contract/moderation.js';
import { requireRole, userIdOf } from '../auth/authenticate.js';
import { toAdminAccount, toAdminJob } from '../formatters/moderation.js';
import { send } from '../http/envelope.js';
import { IdString, pageOf, splitPage } from '../http/schemas.js';
import { deleteAccount } from '../useCases/accounts.js';
import { retryJob } from '../useCases/adminJobs.js';

const JOBS_PAGE_DEFAULT = 50;

const JobsQuery = Type.Object({
  state: Type.Optional(Type.Enum(ADMIN_JOB_STATES)),
  type: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MODERATION_LIMITS.pageMax })),
});

const AccountsQuery = Type.Object({
  /** Part of a username, an email or a full name (case-insensitive); none lists every account. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MODERATION_LIMITS.pageMax })),
});

const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admins = requireRole('admin');
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/users',
    { preHandler: admins, schema: { operationId: 'getAdminUsers', summary: 'Accounts (admins)', tags, security, querystring: AccountsQuery, response: { 200: Envelope(AdminAccountPage) } } },
    async (request, reply) => {
      const window = pageOf(request.query, MODERATION_LIMITS.pageDefault);
      const page = splitPage(await app.reads.accounts.list((request.query.q ?? '').trim(), window), window.limit);
      return send(reply, 200, { users: page.items.map((row) => toAdminAccount(row, app.urls)), hasMore: page.hasMore }, 'Users fetched successfully');
    },
  );

  app.delete(
    '/users/:userId',
    { preHandler: admins, config: { rateLimit: app.rateLimits.write }, schema: { operationId: 'deleteAdminUsersByUserId', summary: 'Delete an account and its videos (admins)', tags, security, params: Type.Object({ userId: IdString }), body: AccountDeletion, response: { 200: Envelope(AccountDeleted) } } },
    async (request, reply) => {
      const { userId } = request.params;
      const deleted = await deleteAccount(app, { actorId: userIdOf(request), userId, reason: request.body.reason }, request.log);
      return send(reply, 200, { userId, username: deleted.username, videosDeleted: deleted.videos }, 'User deleted');
    },
  );

  app.get(
    '/jobs',
    { preHandler: admins, schema: { operationId: 'getAdminJobs', summary: 'Background jobs (admins)', tags, security, querystring: JobsQuery, response: { 200: Envelope(AdminJobList) } } },
    async (request, reply) => {
      const { jobs } = app.reads;
      const window = pageOf(request.query, JOBS_PAGE_DEFAULT);
      const page = splitPage(await jobs.list({ state: request.query.state ?? 'failed', type: request.query.type || undefined }, window), window.limit);
      const errors = await jobs.errorsOf(page.items.map((row) => row.id));
      const answer = { jobs: page.items.map((row) => toAdminJob(row, errors.filter((error) => error.job_id === row.id))), hasMore: page.hasMore, types: await jobs.types() };
      return send(reply, 200, answer, 'Jobs fetched successfully');
    },
  );

  app.post(
    '/jobs/:jobId/retry',
    { preHandler: admins, config: { rateLimit: app.rateLimits.write }, schema: { operationId: 'postAdminJobsByJobIdRetry', summary: 'Retry a failed job (admins)', tags, security, params: Type.Object({ jobId: IdString }), response: { 200: Envelope(Type.Object({ id: Type.String(), state: Type.String() })) } } },
    async (request, reply) => {
      await retryJob(app, { actorId: userIdOf(request), jobId: request.params.jobId });
      return send(reply, 200, { id: request.params.jobId, state: 'queued' }, 'Job queued again');
    },
  );
};
export default adminRoutes;
