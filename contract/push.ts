// Web Push: what the client sends to register a device, and what the service worker receives.
// The server signs with VAPID and encrypts with aes128gcm (RFC 8291/8292); the service worker
// shows the payload as a system notification and opens `url` on click.
import { Type, type Static } from 'typebox';
import type { Notification } from './entities.js';
import { notificationLink, notificationText } from './notificationText.js';

/** GET /push/public-key: the VAPID application server key for `pushManager.subscribe`. */
export const PushPublicKey = Type.Object({
  /** Uncompressed P-256 point (65 bytes), base64url without padding. */
  publicKey: Type.String(),
});
export type PushPublicKey = Static<typeof PushPublicKey>;

/** Longest endpoint URL accepted (push services use a few hundred characters). */
const PUSH_ENDPOINT_MAX = 2048;

const Endpoint = Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX, description: 'The push service URL (https)' });

/**
 * POST /push/subscriptions: `PushSubscription.toJSON()` as the browser gives it (extra fields such
 * as `expirationTime` are accepted and ignored). The same endpoint again updates it.
 */
export const PushSubscriptionBody = Type.Object({
  endpoint: Endpoint,
  keys: Type.Object({
    /** The browser's P-256 public key, base64url (65 bytes). */
    p256dh: Type.String({ minLength: 1, maxLength: 200 }),
    /** The 16-byte auth secret, base64url. */
    auth: Type.String({ minLength: 1, maxLength: 100 }),
  }),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

/** DELETE /push/subscriptions. */
export const PushUnsubscribeBody = Type.Object({ endpoint: Endpoint });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

/** The answer of POST and DELETE /push/subscriptions. */
export const PushSubscriptionResult = Type.Object({ endpoint: Type.String() });
export type PushSubscriptionResult = Static<typeof PushSubscriptionResult>;

/**
 * POST /users/logout may carry this device's push endpoint, so signing out stops its pushes. The
 * server also removes every subscription made with the session that signs out.
 */
export const LogoutBody = Type.Object({ pushEndpoint: Type.Optional(Endpoint) });
export type LogoutBody = Static<typeof LogoutBody>;

/** The decrypted body of a push message: one stored notification. */
export interface PushPayload {
  type: Notification['type'];
  /** The system notification's title ("Vidshare" plus what happened). */
  title: string;
  /** The same text the in-app notification list shows. */
  body: string;
  /** The in-app link to open on click, e.g. `/watch/<id>`. */
  url: string;
  notificationId: string;
  /** The recipient's unread count including this notification (for the app badge). */
  unreadCount: number;
  /** The video's thumbnail URL, when the notification is about a video that has one. */
  image?: string;
  /** The actor's avatar URL, when they have one. */
  icon?: string;
}

const PUSH_TITLES: Record<Notification['type'], string> = {
  'new-video': 'New video',
  'comment-reply': 'New reply',
  'video-comment': 'New comment',
  'new-subscriber': 'New subscriber',
  'report-resolved': 'Report reviewed',
  'comment-report-resolved': 'Report reviewed',
  'video-taken-down': 'Video removed',
};

/** The push payload for a stored notification. */
export function pushPayloadOf(notification: Notification, unreadCount: number): PushPayload {
  const payload: PushPayload = {
    type: notification.type,
    title: PUSH_TITLES[notification.type] ?? 'Vidshare',
    body: notificationText(notification),
    url: notificationLink(notification),
    notificationId: notification._id,
    unreadCount,
  };
  if (notification.video?.thumbnail) payload.image = notification.video.thumbnail;
  if (notification.actor.avatar) payload.icon = notification.actor.avatar;
  return payload;
}
