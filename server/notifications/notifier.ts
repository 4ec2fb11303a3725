// Makes notifications when something happens (a video is published, a video gets a comment, a
// comment gets a reply, a channel gets a subscriber; server/subscribers/notifications.ts says when)
// and publishes each new one, so it reaches its recipient live. Never for the actor's own actions,
// never from someone the recipient blocked, only for the kinds the recipient wants, and once per
// event (see the repository). A failure here is logged, never
// thrown: the action that caused it has already succeeded.
import type { NewNotification, NotificationRepository } from '../db/repositories/notifications.js';
import type { DomainEventBus } from '../domain/eventBus.js';
import { toNotification } from '../formatters/notification.js';
import type { MediaUrls } from '../media/urls.js';

interface NotifierLogger {
  error(details: object, message?: string): void;
}

export interface Notifier {
  /** A channel's video became watchable: its subscribers with the bell on hear of it. */
  videoPublished(video: { id: string; owner_id: string }): Promise<void>;
  /** `actorId` replied with `replyId` to a comment written by `parentOwnerId`. */
  commentReplied(reply: { replyId: string; videoId: string; actorId: string; parentOwnerId: string }): Promise<void>;
  /** `actorId` commented `commentId` on `ownerId`'s video (a reply to the owner's own comment is a commentReplied instead). */
  videoCommented(comment: { commentId: string; videoId: string; actorId: string; ownerId: string }): Promise<void>;
  subscribed(subscription: { channelId: string; subscriberId: string }): Promise<void>;
  /** A moderator acted on `reporterId`'s report of a video, or of a comment under it (`note`: what they said). */
  reportResolved(report: { reportId: string; reporterId: string; videoId: string; commentId: string | null; actorId: string; note: string }): Promise<void>;
  /** A moderator took down `ownerId`'s video, for `reason`. */
  videoTakenDown(takedown: { videoId: string; ownerId: string; actorId: string; reason: string; at: string }): Promise<void>;
}

const PUSH_CHUNK = 500;

export function createNotifier(notifications: NotificationRepository, events: DomainEventBus, urls: MediaUrls, log: NotifierLogger): Notifier {
  async function make(items: NewNotification[]): Promise<void> {
    const ids = await notifications.create(items);
    for (let start = 0; start < ids.length; start += PUSH_CHUNK) {
      for (const row of await notifications.findByIds(ids.slice(start, start + PUSH_CHUNK))) {
        await events.publish('notification.created', { recipientId: row.user_id, notification: toNotification(row, urls) });
      }
    }
  }

  async function safely(what: string, details: object, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      log.error({ ...details, err: (error as Error).message }, `could not make the ${what} notification`);
    }
  }

  return {
    videoPublished: (video) =>
      safely('new-video', { videoId: video.id }, async () => {
        const recipients = (await notifications.newVideoRecipients(video.owner_id)).filter((userId) => userId !== video.owner_id);
        await make(recipients.map((userId) => ({ userId, type: 'new-video', actorId: video.owner_id, videoId: video.id, subject: `new-video:${video.id}` })));
      }),
    commentReplied: (reply) =>
      safely('comment-reply', { commentId: reply.replyId }, async () => {
        if (reply.parentOwnerId === reply.actorId || !(await notifications.wants(reply.parentOwnerId, 'comment-reply'))) return;
        if (await notifications.blocked(reply.parentOwnerId, reply.actorId)) return;
        await make([
          {
            userId: reply.parentOwnerId,
            type: 'comment-reply',
            actorId: reply.actorId,
            videoId: reply.videoId,
            commentId: reply.replyId,
            subject: `comment-reply:${reply.replyId}`,
          },
        ]);
      }),
    videoCommented: (comment) =>
      safely('video-comment', { commentId: comment.commentId }, async () => {
        const { ownerId, actorId } = comment;
        if (ownerId === actorId || !(await notifications.wants(ownerId, 'video-comment')) || (await notifications.blocked(ownerId, actorId))) return;
        await make([
          { userId: ownerId, type: 'video-comment', actorId, videoId: comment.videoId, commentId: comment.commentId, subject: `video-comment:${comment.commentId}` },
        ]);
      }),
    subscribed: (subscription) =>
      safely('new-subscriber', subscription, async () => {
        const { channelId, subscriberId } = subscription;
        if (channelId === subscriberId || !(await notifications.wants(channelId, 'new-subscriber'))) return;
        // One per subscriber, ever: unsubscribing and subscribing again does not notify twice.
        await make([{ userId: channelId, type: 'new-subscriber', actorId: subscriberId, subject: `new-subscriber:${subscriberId}` }]);
      }),
    // Moderation notices are not optional: the person affected is always told why.
    reportResolved: (report) =>
      safely('report-resolved', { reportId: report.reportId }, () =>
        make([
          {
            userId: report.reporterId,
            // A comment report's notice names no comment: the comment is usually gone (removed).
            type: report.commentId ? 'comment-report-resolved' : 'report-resolved',
            actorId: report.actorId,
            videoId: report.videoId,
            subject: `report-resolved:${report.reportId}`,
            reason: report.note,
          },
        ]),
      ),
    videoTakenDown: (takedown) =>
      safely('video-taken-down', { videoId: takedown.videoId }, () =>
        make([
          {
            userId: takedown.ownerId,
            type: 'video-taken-down',
            actorId: takedown.actorId,
            videoId: takedown.videoId,
            // Taken down again after a restore is a new notice.
            subject: `video-taken-down:${takedown.videoId}:${takedown.at}`,
            reason: takedown.reason,
          },
        ]),
      ),
  };
}
