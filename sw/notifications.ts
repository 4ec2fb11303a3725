/// <reference lib="WebWorker" />
// Push: the server's message becomes a system notification (one per notification: a redelivery
// replaces it) and sets the app's badge to the unread count. A click opens its link in an open
// window of the app (or a new one) and marks the notification read with the signed-in user's token.
import type { PushPayload } from '../contract/push';
import { signedInSession } from './session';

declare const self: ServiceWorkerGlobalScope;

/** What a notification shown by the worker carries: its click opens `url` (and marks `notificationId` read). */
export interface NotificationData {
  url: string;
  notificationId?: string;
}

export const ICON = '/icons/icon-192.png';
export const BADGE = '/icons/badge-96.png';

function readPayload(event: PushEvent): Partial<PushPayload> {
  try {
    return (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    return { body: event.data?.text() };
  }
}

/** The badge follows the unread count; 0 clears it. Not every platform has a badge. */
async function setBadge(unreadCount: number | undefined): Promise<void> {
  if (typeof unreadCount !== 'number' || !('setAppBadge' in self.navigator)) return;
  await (unreadCount > 0 ? self.navigator.setAppBadge(unreadCount) : self.navigator.clearAppBadge()).catch(() => undefined);
}

async function markRead(notificationId: string): Promise<void> {
  const token = (await signedInSession().catch(() => null))?.token ?? null;
  if (!token) return; // signed out on this device: nothing to mark
  const response = await fetch(`/api/v1/notifications/read/${encodeURIComponent(notificationId)}`, {
    method: 'PATCH',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'omit',
  }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as { data?: { unreadCount?: number } } | null;
  await setBadge(body?.data?.unreadCount);
}

async function openInApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url) ?? windows[0];
  if (open) {
    // Focus first: the click's permission to raise a window is short-lived.
    const focused = await open.focus().catch(() => open);
    if (focused.url === url) return;
    if (await focused.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}

/** Listens for pushes and notification clicks (called once by sw.ts). */
export function listenForNotifications(): void {
  self.addEventListener('push', (event: PushEvent) => {
    const payload = readPayload(event);
    const data: NotificationData = { url: payload.url ?? '/notifications', notificationId: payload.notificationId };
    // Chrome requires a notification for every push (userVisibleOnly): even a malformed one shows.
    const options: NotificationOptions & { image?: string } = {
      body: payload.body ?? '',
      icon: payload.icon ? new URL(payload.icon, self.location.origin).href : ICON,
      badge: BADGE,
      data,
      ...(payload.notificationId ? { tag: payload.notificationId } : {}),
      ...(payload.image ? { image: new URL(payload.image, self.location.origin).href } : {}),
    };
    // A refusal would otherwise leave no trace: the push was heard and nothing shows.
    const shown = self.registration.showNotification(payload.title || 'Vidshare', options).catch((error: unknown) => console.error('The pushed notification could not be shown', error));
    event.waitUntil(Promise.all([shown, setBadge(payload.unreadCount)]));
  });

  self.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const data = (event.notification.data ?? {}) as Partial<NotificationData>;
    const url = new URL(data.url ?? '/notifications', self.location.origin).href;
    event.waitUntil(Promise.all([openInApp(url), data.notificationId ? markRead(data.notificationId) : undefined]));
  });
}
