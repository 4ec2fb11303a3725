// The moderation API (/moderation): roles (admins), the reports queue, takedowns, suspensions and
// the log (moderators and admins). Roles are checked here and again where they decide an outcome.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../contract/envelope.js';
import {
  CommentRemovalRequest,
  MODERATION_LIMITS,
  ModerationLogEntry,
  ModerationLogPage,
  ModerationReport,
  ModerationReportPage,
  ReportResolution,
  RoleChange,
  RoleChangeResult,
  Suspension,
  SuspensionPage,
  SuspensionRequest,
  TakedownPage,
  TakedownRequest,
  UndoRequest,
} from '../../contract/moderation.js';
import { requireRole, userIdOf } from '../auth/authenticate.js';
import { toLogEntry, toModerationReport, toSuspension, toTakedown } from '../formatters/moderation.js';
import { notFound, send } from '../http/envelope.js';
import { IdString, pageOf, splitPage } from '../http/schemas.js';
import { changeRole, removeReportedComment, resolveReport, restoreVideo, suspendUser, takeDownVideo, undoModerationAction, unsuspendUser } from '../useCases/moderation.js';
import { ref } from '../http/namedSchemas.js';

const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MODERATION_LIMITS.pageMax })),
});
const ReportsQuery = Type.Object({
  ...ListQuery.properties,
  state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('dismissed')])),
});
const UserParams = Type.Object({ userId: IdString });
const VideoParams = Type.Object({ videoId: IdString });
const ReportParams = Type.Object({ reportId: IdString });
const EntryParams = Type.Object({ entryId: IdString });

const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const moderation = app.reads.moderation;
  const moderators = requireRole('moderator', 'admin');
  const admins = requireRole('admin');
  const tags = ['moderation'];
  const security = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };

  app.patch(
    '/users/:userId/role',
    { preHandler: admins, config: write, schema: { operationId: 'patchModerationUsersByUserIdRole', summary: "Set a user's role (admins)", tags, security, params: UserParams, body: RoleChange, response: { 200: Envelope(RoleChangeResult) } } },
    async (request, reply) => {
      const { _id, username, role } = await changeRole(app, { actorId: userIdOf(request), userId: request.params.userId, role: request.body.role });
      return send(reply, 200, { _id, username, role }, 'Role updated successfully');
    },
  );

  app.get(
    '/reports',
    { preHandler: moderators, schema: { operationId: 'getModerationReports', summary: 'The reports queue (moderators)', tags, security, querystring: ReportsQuery, response: { 200: Envelope(ref(ModerationReportPage)) } } },
    async (request, reply) => {
      const window = pageOf(request.query, MODERATION_LIMITS.pageDefault);
      const page = splitPage(await moderation.reports(request.query.state ?? 'open', window), window.limit);
      return send(reply, 200, { reports: page.items.map((row) => toModerationReport(row, app.urls)), hasMore: page.hasMore }, 'Reports fetched successfully');
    },
  );

  app.patch(
    '/reports/:reportId',
    { preHandler: moderators, config: write, schema: { operationId: 'patchModerationReportsByReportId', summary: 'Resolve or dismiss a report (moderators)', tags, security, params: ReportParams, body: ReportResolution, response: { 200: Envelope(ref(ModerationReport)) } } },
    async (request, reply) => {
      const { reportId } = request.params;
      await resolveReport(app, { actorId: userIdOf(request), reportId, state: request.body.state, note: request.body.note });
      const row = await moderation.findReport(reportId);
      if (!row) throw notFound('Report not found');
      return send(reply, 200, toModerationReport(row, app.urls), 'Report updated successfully');
    },
  );

  app.post(
    '/reports/:reportId/remove-comment',
    { preHandler: moderators, config: write, schema: { operationId: 'postModerationReportsByReportIdRemoveComment', summary: 'Remove the reported comment and resolve the report (moderators)', tags, security, params: ReportParams, body: CommentRemovalRequest, response: { 200: Envelope(ref(ModerationReport)) } } },
    async (request, reply) => {
      const { reportId } = request.params;
      await removeReportedComment(app, { actorId: userIdOf(request), reportId, note: request.body.note });
      const row = await moderation.findReport(reportId);
      if (!row) throw notFound('Report not found');
      return send(reply, 200, toModerationReport(row, app.urls), 'Comment removed');
    },
  );

  app.post(
    '/videos/:videoId/takedown',
    { preHandler: moderators, config: write, schema: { operationId: 'postModerationVideosByVideoIdTakedown', summary: 'Take a video down (moderators)', tags, security, params: VideoParams, body: TakedownRequest, response: { 200: Envelope(Type.Object({ videoId: Type.String(), takenDown: Type.Boolean() })) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      await takeDownVideo(app, { actorId: userIdOf(request), videoId, reason: request.body.reason });
      return send(reply, 200, { videoId, takenDown: true }, 'Video taken down');
    },
  );

  app.delete(
    '/videos/:videoId/takedown',
    { preHandler: moderators, config: write, schema: { operationId: 'deleteModerationVideosByVideoIdTakedown', summary: 'Restore a taken-down video (moderators)', tags, security, params: VideoParams, response: { 200: Envelope(Type.Object({ videoId: Type.String(), takenDown: Type.Boolean() })) } } },
    async (request, reply) => {
      const { videoId } = request.params;
      await restoreVideo(app, { actorId: userIdOf(request), videoId });
      return send(reply, 200, { videoId, takenDown: false }, 'Video restored');
    },
  );

  app.get(
    '/takedowns',
    { preHandler: moderators, schema: { operationId: 'getModerationTakedowns', summary: 'Videos taken down (moderators)', tags, security, querystring: ListQuery, response: { 200: Envelope(ref(TakedownPage)) } } },
    async (request, reply) => {
      const window = pageOf(request.query, MODERATION_LIMITS.pageDefault);
      const page = splitPage(await moderation.takedowns(window), window.limit);
      return send(reply, 200, { takedowns: page.items.map((row) => toTakedown(row, app.urls)), hasMore: page.hasMore }, 'Takedowns fetched successfully');
    },
  );

  app.post(
    '/users/:userId/suspend',
    { preHandler: moderators, config: write, schema: { operationId: 'postModerationUsersByUserIdSuspend', summary: 'Suspend a user (moderators)', tags, security, params: UserParams, body: SuspensionRequest, response: { 200: Envelope(ref(Suspension)) } } },
    async (request, reply) => {
      const { userId } = request.params;
      await suspendUser(app, { actorId: userIdOf(request), userId, reason: request.body.reason, until: request.body.until });
      const row = (await moderation.suspensions({ limit: 1, offset: 0 }, userId))[0];
      if (!row) throw notFound('User not found');
      return send(reply, 200, toSuspension(row, app.urls), 'User suspended');
    },
  );

  app.delete(
    '/users/:userId/suspend',
    { preHandler: moderators, config: write, schema: { operationId: 'deleteModerationUsersByUserIdSuspend', summary: "Lift a user's suspension (moderators)", tags, security, params: UserParams, response: { 200: Envelope(Type.Object({ userId: Type.String(), suspended: Type.Boolean() })) } } },
    async (request, reply) => {
      const { userId } = request.params;
      await unsuspendUser(app, { actorId: userIdOf(request), userId });
      return send(reply, 200, { userId, suspended: false }, 'Suspension lifted');
    },
  );

  app.get(
    '/suspensions',
    { preHandler: moderators, schema: { operationId: 'getModerationSuspensions', summary: 'Suspended users (moderators)', tags, security, querystring: ListQuery, response: { 200: Envelope(ref(SuspensionPage)) } } },
    async (request, reply) => {
      const window = pageOf(request.query, MODERATION_LIMITS.pageDefault);
      const page = splitPage(await moderation.suspensions(window), window.limit);
      return send(reply, 200, { suspensions: page.items.map((row) => toSuspension(row, app.urls)), hasMore: page.hasMore }, 'Suspensions fetched successfully');
    },
  );

  app.get(
    '/log',
    { preHandler: moderators, schema: { operationId: 'getModerationLog', summary: 'The moderation log (moderators)', tags, security, querystring: ListQuery, response: { 200: Envelope(ModerationLogPage) } } },
    async (request, reply) => {
      const window = pageOf(request.query, MODERATION_LIMITS.pageDefault);
      const page = splitPage(await moderation.logEntries(window), window.limit);
      return send(reply, 200, { entries: page.items.map(toLogEntry), hasMore: page.hasMore }, 'Moderation log fetched successfully');
    },
  );

  app.post(
    '/log/:entryId/undo',
    { preHandler: moderators, config: write, schema: { operationId: 'postModerationLogByEntryIdUndo', summary: 'Undo a moderation action (moderators)', tags, security, params: EntryParams, body: UndoRequest, response: { 200: Envelope(ModerationLogEntry) } } },
    async (request, reply) => {
      const { entryId } = request.params;
      await undoModerationAction(app, { actorId: userIdOf(request), entryId, reason: request.body.reason });
      const row = await moderation.logRow(entryId);
      if (!row) throw notFound('Log entry not found');
      return send(reply, 200, toLogEntry(row), 'Action undone');
    },
  );
};
export default moderationRoutes;
