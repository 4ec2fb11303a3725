// A live notification while the app is in the background becomes a system notification, shown by
// the service worker (its notificationclick opens the link). Only where the user allowed it.
import type { Notification as AppNotification } from '../../../contract/entities';
import { notificationLink, notificationText } from './describe';

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
    data: { url: notificationLink(notification) },
  });
}

/** Asked from a click (browsers refuse the prompt otherwise). */
export async function askForSystemNotifications(): Promise<NotificationPermission> {
  if (!systemNotificationsSupported()) return 'denied';
  return Notification.requestPermission();
}
