// A live notification while the app is in the background becomes a system notification, shown by
// the service worker (its notificationclick opens the link). Only where the user allowed it.
import type { Notification as AppNotification } from '../../../contract/entities';
import { notificationLink, notificationText } from '../../../contract/notificationText';

export const systemNotificationsSupported = (): boolean =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator;

export async function showSystemNotification(notification: AppNotification): Promise<void> {
  if (!systemNotificationsSupported() || Notification.permission !== 'granted' || document.visibilityState === 'visible') return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  await registration.showNotification('Vidshare', {
    body: notificationText(notification),
    tag: notification._id,
    icon: notification.actor.avatar || '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    // As a pushed one's: a click opens the link and marks it read (sw/notifications.ts).
    data: { url: notificationLink(notification), notificationId: notification._id },
  });
}

/** Asked from a click (browsers refuse the prompt otherwise). */
export async function askForSystemNotifications(): Promise<NotificationPermission> {
  if (!systemNotificationsSupported()) return 'denied';
  return Notification.requestPermission();
}
