// What a notification says and where it leads, shared by the list, the system notification and tests.
import type { Notification } from '../../../contract/entities';

export function notificationText(notification: Notification): string {
  const name = notification.actor.fullName || notification.actor.username;
  switch (notification.type) {
    case 'new-video':
      return `${name} uploaded: ${notification.video?.title ?? 'a new video'}`;
    case 'comment-reply':
      return `${name} replied to your comment${notification.comment ? `: "${notification.comment.content}"` : ''}`;
    case 'new-subscriber':
      return `${name} subscribed to your channel`;
    default:
      return name;
  }
}

/** The video for a new video or a reply, the actor's channel for a new subscriber. */
export function notificationLink(notification: Notification): string {
  if (notification.video) return `/watch/${encodeURIComponent(notification.video._id)}`;
  return `/profile/${encodeURIComponent(notification.actor.username)}`;
}
