// What happened, as the use cases tell it: one typed payload per domain event. Subscribers
// (server/subscribers/) decide who reacts: live events, the read cache, notifications, metrics.
import type { LiveEventPayloads } from '../../contract/events.js';
import type { Notification, ReactionType, Role } from '../../contract/entities.js';
import type { ModerationAction } from '../../contract/moderation.js';
import type { VideoReach } from './videoReach.js';

export interface DomainEvents {
  'comment.posted': { commentId: string; videoId: string; authorId: string; /** Who wrote the comment replied to, if any. */ repliedToAuthorId: string | null } & VideoReach;
  'comment.edited': { commentId: string; videoId: string } & VideoReach;
  'comment.deleted': { commentId: string; videoId: string } & VideoReach;
  /** A moderator's removal of a comment was undone: it is back, with its replies. */
  'comment.restored': { commentId: string; videoId: string } & VideoReach;
  /** actorId liked (actorLiked) or unliked the comment. */
  'comment.likeToggled': { commentId: string; videoId: string; totalLikes: number; actorId: string; actorLiked: boolean } & VideoReach;
  /** A video's like and disLike totals changed: actorId toggled a reaction (now actorReaction), or cleared their likes (null). */
  'video.reactionsChanged': { videoId: string; likes: number; disLikes: number; actorId: string; actorReaction: ReactionType | null } & VideoReach;
  /** actorId's view was counted. */
  'video.viewed': { videoId: string; totalViews: number; actorId: string } & VideoReach;
  /** The user saved the video to Watch later (saved) or took it off (not saved). */
  'watchLater.changed': { userId: string; videoId: string; saved: boolean };
  /** Title, description or thumbnail (a stored image name) changed. */
  'video.detailsEdited': { videoId: string; title: string; description: string; thumbnailImage: string; updatedAt: string } & VideoReach;
  /** Rows and files are gone. */
  'video.removed': { videoIds: string[] };
  /** A new upload is stored, its row created and its transcoding queued. */
  'video.uploaded': { videoId: string; ownerId: string };
  /** The video became watchable for the first time. */
  'video.published': { videoId: string; ownerId: string };
  'video.transcodeProgressed': LiveEventPayloads['transcode-progress'] & { ownerId: string };
  'video.qualitiesChanged': LiveEventPayloads['video-qualities-updated'] & VideoReach;
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
  'comment.pinToggled': { commentId: string; videoId: string; pinned: boolean } & VideoReach;
  'comment.heartToggled': { commentId: string; videoId: string; hearted: boolean } & VideoReach;
  /** A moderation action (its log entry was written in the same transaction). */
  /** `commentId`: a report of that comment (under `videoId`); null: of the video. */
  'report.filed': { reportId: string; videoId: string; commentId: string | null; reporterId: string };
  'report.resolved': { reportId: string; videoId: string; commentId: string | null; reporterId: string; actorId: string; state: 'resolved' | 'dismissed'; note: string };
  'video.takenDown': { videoId: string; ownerId: string; actorId: string; reason: string; at: string };
  'video.restored': { videoId: string; ownerId: string; actorId: string };
  /** Every session of the user was revoked with it. */
  'user.suspended': { userId: string; actorId: string; reason: string; until: string | null };
  'user.unsuspended': { userId: string; actorId: string };
  /** A new account, signed in with its first session. */
  'user.registered': { userId: string };
  /** Which kinds of notification the user gets. */
  'notifications.preferencesChanged': { userId: string };
  /** A follower turned a channel's bell (new-video notifications) on or off. */
  'channel.bellToggled': { channelId: string; subscriberId: string; notify: boolean };
  'playlist.created': { playlistId: string; ownerId: string };
  /** Name or description changed. */
  'playlist.edited': { playlistId: string; ownerId: string };
  'playlist.deleted': { playlistId: string; ownerId: string };
  'playlist.videoAdded': { playlistId: string; ownerId: string; videoId: string };
  'playlist.videoRemoved': { playlistId: string; ownerId: string; videoId: string };
  /** The video went to the top of the user's watch history. */
  'history.videoWatched': { userId: string; videoId: string; watchedAt: string };
  /** Where the user is in the video, for resuming (in seconds). */
  'history.positionSaved': { userId: string; videoId: string; position: number };
  'history.videoRemoved': { userId: string; videoId: string };
  'history.cleared': { userId: string; deletedCount: number };
  'caption.added': { videoId: string; captionId: string; language: string };
  /** The row is gone and so is its file. */
  'caption.removed': { videoId: string; captionId: string };
  /** A tus upload was created (its bytes arrive later, maybe over several requests). */
  'upload.begun': { uploadId: string; userId: string; size: number };
  /** A finished tus upload became no video; `status` and `message` are its answer. */
  'upload.refused': { uploadId: string; status: number; message: string };
  /** The user gave up a tus upload, or forgot a finished one (its video stays). */
  'upload.abandoned': { uploadId: string; userId: string };
  /** Heartbeats were stored for the rollup (`accepted` new ones; repeats and late ones are not counted). */
  'analytics.heartbeatsRecorded': { accepted: number };
  /** An admin deleted the account: its rows are gone (its videos' files too, announced as 'video.removed'). */
  'user.deleted': { userId: string; actorId: string };
  /** A log entry with no event of its own (a moderator removed a comment, an admin retried a job). */
  'moderation.logged': { action: ModerationAction };
  /** An operator added a remote transcoding runner (`npm run admin -- runner add`). */
  'runner.added': { runnerId: string; name: string };
  /** An operator revoked a runner's token: it is refused from now on, and its jobs go back to the queue. */
  'runner.revoked': { runnerId: string; name: string; jobsReleased: number };
  /** A remote runner took a job's lease. */
  'runner.jobClaimed': { runnerId: string; jobId: string; videoId: string; attempt: number };
  /** A remote runner ended its job: done, or failed (`retry`: another attempt is queued). */
  'runner.jobSettled': { runnerId: string; jobId: string; videoId: string; outcome: 'done' | 'retry' | 'failed' };
  /** Leases of silent runners ran out: those jobs are queued again (or failed, without attempts left). */
  'runner.leasesExpired': { jobIds: string[] };
}

export type DomainEventName = keyof DomainEvents;
