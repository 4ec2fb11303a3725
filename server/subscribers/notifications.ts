// Which domain events make notifications (server/notifications/notifier.ts decides for whom).
import type { DomainEventBus } from '../domain/eventBus.js';
import type { Notifier } from '../notifications/notifier.js';

const SUBSCRIBER = 'notifications';

export function subscribeNotifications(events: DomainEventBus, notifier: Notifier): void {
  events.on('comment.posted', SUBSCRIBER, async ({ commentId, videoId, authorId, repliedToAuthorId, videoOwnerId }) => {
    if (repliedToAuthorId) await notifier.commentReplied({ replyId: commentId, videoId, actorId: authorId, parentOwnerId: repliedToAuthorId });
    // The video's owner hears of every comment, unless it replies to their own (told just above).
    if (videoOwnerId !== repliedToAuthorId) await notifier.videoCommented({ commentId, videoId, actorId: authorId, ownerId: videoOwnerId });
  });
  events.on('channel.subscriptionToggled', SUBSCRIBER, async ({ channelId, subscriberId, isSubscribed }) => {
    if (isSubscribed) await notifier.subscribed({ channelId, subscriberId });
  });
  events.on('video.published', SUBSCRIBER, ({ videoId, ownerId }) => notifier.videoPublished({ id: videoId, owner_id: ownerId }));
  events.on('report.resolved', SUBSCRIBER, async ({ reportId, reporterId, videoId, commentId, actorId, state, note }) => {
    if (state === 'resolved') await notifier.reportResolved({ reportId, reporterId, videoId, commentId, actorId, note });
  });
  events.on('video.takenDown', SUBSCRIBER, ({ videoId, ownerId, actorId, reason, at }) => notifier.videoTakenDown({ videoId, ownerId, actorId, reason, at }));
}
