// What a notification says and where it leads: the in-app list, the system notification while the
// app is open, and the push message while it is closed all say the same.
import type { Notification } from './entities.js';

export function notificationText(notification: Notification): string {
  const name = notification.actor.fullName || notification.actor.username;
  switch (notification.type) {
    case 'new-video':
      return `${name} uploaded: ${notification.video?.title ?? 'a new video'}`;
    case 'comment-reply':
      return `${name} replied to your comment${notification.comment ? `: "${notification.comment.content}"` : ''}`;
    case 'new-subscriber':
      return `${name} subscribed to your channel`;
    // Moderation: the actor is the moderator, who stays unnamed; the reason is what matters.
    case 'report-resolved':
      return `Your report of "${notification.video?.title ?? 'a video'}" was reviewed and action was taken${withReason(notification.reason)}`;
    case 'video-taken-down':
      return `Your video "${notification.video?.title ?? ''}" was removed by a moderator${withReason(notification.reason)}`;
    default:
      return name;
  }
}

const withReason = (reason: string | undefined | null) => (reason ? `: ${reason}` : '');

/**
 * The video for a new video, a reply or a resolved report; the actor's channel for a new subscriber.
 * A taken-down video is gone for everyone but its owner, who finds it (with the reason) in My Videos.
 */
export function notificationLink(notification: Notification): string {
  if (notification.type === 'video-taken-down') return '/my-videos';
  if (notification.video) return `/watch/${encodeURIComponent(notification.video._id)}`;
  return `/profile/${encodeURIComponent(notification.actor.username)}`;
}
