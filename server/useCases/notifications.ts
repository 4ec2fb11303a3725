// Marking notifications read: one, or all of the caller's.
import { forbidden, notFound } from '../domain/errors.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

/** `notificationId` null: every notification of the user. */
export async function markNotificationsRead(deps: Deps, input: { userId: string; notificationId: string | null }) {
  const { notifications } = deps.repos;
  const { userId, notificationId } = input;
  if (notificationId !== null) {
    const found = await notifications.findOwner(notificationId);
    if (!found) throw notFound('Notification not found');
    if (found.user_id !== userId) throw forbidden('You are not allowed to change this notification');
  }
  const updatedCount = await notifications.markRead(userId, notificationId ?? undefined);
  const unreadCount = await notifications.unreadCount(userId);
  if (updatedCount) await deps.events.publish('notifications.read', { userId, notificationId, unreadCount });
  return { updatedCount, unreadCount };
}

/** Which kinds of notification the user gets; only the kinds given change. Answers all of them. */
export async function setNotificationPreferences(deps: Deps, input: { userId: string; changes: { newVideo?: boolean; commentReply?: boolean; newSubscriber?: boolean } }) {
  const preferences = await deps.repos.notifications.setPreferences(input.userId, input.changes);
  await deps.events.publish('notifications.preferencesChanged', { userId: input.userId });
  return preferences;
}
