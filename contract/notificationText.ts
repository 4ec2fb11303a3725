// What a notification says and where it leads: the in-app list, the system notification while the
// app is open, and the push message while it is closed all say the same.
import type { Notification } from './entities.js';

/** The title a notification shows for a video the recipient may no longer see (taken down). */
export const REMOVED_VIDEO_TITLE = 'This video was removed';
/** Who moderation notices come from: moderators stay unnamed to the people they act on. */
export const MODERATOR_ACTOR_NAME = 'A moderator';

export function notificationText(notification: Notification): string {
  const name = notification.actor.fullName || notification.actor.username;
  const removed = notification.video?.removed === true;
  switch (notification.type) {
    case 'new-video':
      return removed ? `${name} uploaded a video. ${REMOVED_VIDEO_TITLE}` : `${name} uploaded: ${notification.video?.title ?? 'a new video'}`;
    case 'comment-reply':
      if (removed) return `${name} replied to your comment. ${REMOVED_VIDEO_TITLE}`;
      return `${name} replied to your comment${notification.comment ? `: "${notification.comment.content}"` : ''}`;
    case 'video-comment':
      if (removed) return `${name} commented on your video. ${REMOVED_VIDEO_TITLE}`;
      return `${name} commented on "${notification.video?.title ?? 'your video'}"${notification.comment ? `: "${notification.comment.content}"` : ''}`;
    case 'new-subscriber':
      return `${name} subscribed to your channel`;
    // Moderation: the actor is the moderator, who stays unnamed; the reason is what matters.
    case 'report-resolved':
      if (removed) return `Your report of a video was reviewed and action was taken. ${REMOVED_VIDEO_TITLE}${withReason(notification.reason)}`;
      return `Your report of "${notification.video?.title ?? 'a video'}" was reviewed and action was taken${withReason(notification.reason)}`;
    case 'comment-report-resolved':
      if (removed) return `Your report of a comment was reviewed and action was taken. ${REMOVED_VIDEO_TITLE}${withReason(notification.reason)}`;
      return `Your report of a comment on "${notification.video?.title ?? 'a video'}" was reviewed and action was taken${withReason(notification.reason)}`;
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
  // A moderation notice names nobody to link to.
  if (!notification.actor.username) return '/notifications';
  return `/profile/${encodeURIComponent(notification.actor.username)}`;
}
