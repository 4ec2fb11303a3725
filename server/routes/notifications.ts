// The notifications API: the signed-in user's list with the unread count, marking read, and
// which kinds are made. They are made elsewhere, by server/notifications/notifier.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotificationPage, NotificationPreferences, NotificationPreferencesPatch, NotificationReadResult } from '../../contract/entities.js';
import { Envelope } from '../../contract/envelope.js';
import { requireUser, userIdOf } from '../auth/authenticate.js';
import { toNotification } from '../formatters/notification.js';
import { badRequest, send } from '../http/envelope.js';
import { IdString, PageQuery, pageOf, splitPage } from '../http/schemas.js';
import { markNotificationsRead, setNotificationPreferences } from '../useCases/notifications.js';
import { ref } from '../http/namedSchemas.js';

const NOTIFICATIONS_PAGE_DEFAULT = 20;

const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { notifications } = app.reads;
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const write = { rateLimit: app.rateLimits.write };
  app.addHook('preHandler', requireUser);

  app.get(
    '/',
    { schema: { operationId: 'getNotifications', summary: 'My notifications, one page, with the unread count', tags, security, querystring: PageQuery, response: { 200: Envelope(ref(NotificationPage)) } } },
    async (request, reply) => {
      const userId = userIdOf(request);
      const window = pageOf(request.query, NOTIFICATIONS_PAGE_DEFAULT);
      const [rows, unreadCount] = await Promise.all([notifications.list(userId, window), notifications.unreadCount(userId)]);
      const page = splitPage(rows, window.limit);
      return send(
        reply,
        200,
        { notifications: page.items.map((row) => toNotification(row, app.urls)), unreadCount, hasMore: page.hasMore },
        'Notifications fetched successfully',
      );
    },
  );

  app.patch(
    '/read/:notificationId',
    {
      config: write,
      schema: { operationId: 'patchNotificationsReadByNotificationId', summary: 'Mark a notification read', tags, security, params: Type.Object({ notificationId: IdString }), response: { 200: Envelope(NotificationReadResult) } },
    },
    async (request, reply) => {
      const { notificationId } = request.params;
      const { updatedCount, unreadCount } = await markNotificationsRead(app, { userId: userIdOf(request), notificationId });
      return send(reply, 200, { _id: notificationId, updatedCount, unreadCount }, 'Notification marked as read');
    },
  );

  app.patch(
    '/read-all',
    { config: write, schema: { operationId: 'patchNotificationsReadAll', summary: 'Mark all my notifications read', tags, security, response: { 200: Envelope(NotificationReadResult) } } },
    async (request, reply) => {
      const { updatedCount, unreadCount } = await markNotificationsRead(app, { userId: userIdOf(request), notificationId: null });
      return send(reply, 200, { _id: null, updatedCount, unreadCount }, 'All notifications marked as read');
    },
  );

  app.get(
    '/preferences',
    { schema: { operationId: 'getNotificationsPreferences', summary: 'Which kinds of notification I get', tags, security, response: { 200: Envelope(ref(NotificationPreferences)) } } },
    async (request, reply) => {
      return send(reply, 200, await notifications.preferences(userIdOf(request)), 'Notification preferences fetched successfully');
    },
  );

  app.patch(
    '/preferences',
    {
      config: write,
      schema: { operationId: 'patchNotificationsPreferences', summary: 'Change which kinds of notification I get', tags, security, body: NotificationPreferencesPatch, response: { 200: Envelope(ref(NotificationPreferences)) } },
    },
    async (request, reply) => {
      const changes = request.body ?? {};
      if (![changes.newVideo, changes.commentReply, changes.newSubscriber, changes.videoComment].some((value) => value !== undefined)) {
        throw badRequest('Give at least one of newVideo, commentReply, newSubscriber, videoComment');
      }
      const preferences = await setNotificationPreferences(app, { userId: userIdOf(request), changes });
      return send(reply, 200, preferences, 'Notification preferences updated successfully');
    },
  );
};
export default notificationsRoutes;
