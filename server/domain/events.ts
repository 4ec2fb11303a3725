// What happened, as the use cases tell it: one typed payload per domain event. Subscribers
// (server/subscribers/) decide who reacts: live events, the read cache, notifications, metrics.
import type { LiveEventPayloads } from '../../contract/events.js';
import type { Notification, Role } from '../../contract/entities.js';
import type { ModerationAction } from '../../contract/moderation.js';

export interface DomainEvents {
  'comment.posted': { commentId: string; videoId: string; authorId: string; /** Who wrote the comment replied to, if any. */ repliedToAuthorId: string | null };
  'comment.edited': { commentId: string; videoId: string };
  'comment.deleted': { commentId: string; videoId: string };
  /** A moderator's removal of a comment was undone: it is back, with its replies. */
  'comment.restored': { commentId: string; videoId: string };
  'comment.likeToggled': { commentId: string; videoId: string; totalLikes: number };
  /** A video's like and disLike totals changed (a toggle, or a user clearing their likes). */
  'video.reactionsChanged': { videoId: string; likes: number; disLikes: number };
  'video.viewed': { videoId: string; totalViews: number };
  /** Title, description or thumbnail (a stored image name) changed. */
  'video.detailsEdited': { videoId: string; title: string; description: string; thumbnailImage: string; updatedAt: string };
  /** Rows and files are gone. */
  'video.removed': { videoIds: string[] };
  /** The video became watchable for the first time. */
  'video.published': { videoId: string; ownerId: string };
  'video.transcodeProgressed': LiveEventPayloads['transcode-progress'] & { ownerId: string };
  'video.qualitiesChanged': LiveEventPayloads['video-qualities-updated'];
  /** One rung of the ladder was encoded (for the transcode-time metric). */
  'video.rungEncoded': { videoId: string; height: number; encodeSeconds: number };
  'channel.subscriptionToggled': LiveEventPayloads['subscription-updated'];
  /** Name, username, avatar or cover: they show on cards, comments and profiles everywhere. */
  'user.profileChanged': { userId: string };
  /**
   * An admin (actorId) or the operator's `npm run admin -- role` (actorId null) changed a role.
   * The moderation log's place to record role changes that do not come through its own route.
   */
  'user.roleChanged': { userId: string; role: Role; actorId: string | null };
  /** An operator reset the password: every session of the user has ended. */
  'user.passwordReset': { userId: string };
  /**
   * These sessions of the user were revoked (signed out, the password changed or reset by an
   * operator, a suspension): the sockets opened with them must close in every process.
   */
  'session.ended': { userId: string; sessionIds: string[]; reason: 'signed-out' | 'password-changed' | 'password-reset' | 'suspended' | 'account-deleted' };
  'notification.created': { recipientId: string; notification: Notification };
  'notifications.read': { userId: string; notificationId: string | null; unreadCount: number };
  'upload.bytesReceived': { kind: 'multipart' | 'tus'; bytes: number };
  /** The video's owner pinned or unpinned, hearted or unhearted a comment. */
  'comment.pinToggled': { commentId: string; videoId: string; pinned: boolean };
  'comment.heartToggled': { commentId: string; videoId: string; hearted: boolean };
  /** A moderation action (its log entry was written in the same transaction). */
  'report.filed': { reportId: string; videoId: string; reporterId: string };
  'report.resolved': { reportId: string; videoId: string; reporterId: string; actorId: string; state: 'resolved' | 'dismissed'; note: string };
  'video.takenDown': { videoId: string; ownerId: string; actorId: string; reason: string; at: string };
  'video.restored': { videoId: string; ownerId: string; actorId: string };
  /** Every session of the user was revoked with it. */
  'user.suspended': { userId: string; actorId: string; reason: string; until: string | null };
  'user.unsuspended': { userId: string; actorId: string };
  /** An admin deleted the account: its rows are gone (its videos' files too, announced as 'video.removed'). */
  'user.deleted': { userId: string; actorId: string };
  /** A log entry with no event of its own (a moderator removed a comment, an admin retried a job). */
  'moderation.logged': { action: ModerationAction };
}

export type DomainEventName = keyof DomainEvents;
