// The spec's live events: which domain event reaches which socket.io rooms (server/realtime/live.ts).
import type { DomainEventBus } from '../domain/eventBus.js';
import type { MediaUrls } from '../media/urls.js';
import type { LiveEvents } from '../realtime/live.js';

const SUBSCRIBER = 'live-events';

export function subscribeLiveEvents(events: DomainEventBus, live: LiveEvents, urls: MediaUrls): void {
  events.on('comment.posted', SUBSCRIBER, ({ videoId }) => live.commentUpdated(videoId));
  events.on('comment.edited', SUBSCRIBER, ({ videoId }) => live.commentUpdated(videoId));
  events.on('comment.deleted', SUBSCRIBER, ({ videoId }) => live.commentUpdated(videoId));
  events.on('comment.likeToggled', SUBSCRIBER, ({ videoId, commentId, totalLikes }) => live.commentReactionsUpdated({ videoId, commentId, totalLikes }));
  events.on('video.reactionsChanged', SUBSCRIBER, ({ videoId, likes, disLikes }) => live.videoReactionUpdated({ videoId, likes, disLikes }));
  events.on('video.viewed', SUBSCRIBER, ({ videoId, totalViews }) => live.viewsUpdated({ videoId, totalViews }));
  events.on('video.detailsEdited', SUBSCRIBER, ({ videoId, title, description, thumbnailImage, updatedAt }) =>
    live.videoUpdated({ videoId, title, description, thumbnail: urls.image(thumbnailImage), updatedAt }),
  );
  events.on('video.transcodeProgressed', SUBSCRIBER, ({ ownerId, videoId, status, progress, qualities, hlsUrl }) =>
    live.transcodeProgress(ownerId, { videoId, status, progress, qualities, hlsUrl }),
  );
  events.on('video.qualitiesChanged', SUBSCRIBER, (payload) => live.videoQualitiesUpdated(payload));
  events.on('channel.subscriptionToggled', SUBSCRIBER, ({ channelId, subscriberId, isSubscribed, totalSubscribers }) =>
    live.subscriptionUpdated({ channelId, subscriberId, isSubscribed, totalSubscribers }),
  );
  events.on('notification.created', SUBSCRIBER, ({ recipientId, notification }) => live.notificationCreated(recipientId, notification));
  events.on('notifications.read', SUBSCRIBER, ({ userId, notificationId, unreadCount }) => live.notificationsRead(userId, { notificationId, unreadCount }));
  events.on('comment.pinToggled', SUBSCRIBER, ({ videoId }) => live.commentUpdated(videoId));
  events.on('comment.heartToggled', SUBSCRIBER, ({ videoId }) => live.commentUpdated(videoId));
  subscribeModerationQueues(events, live);
}

/** Moderators' screens refetch the list an action changed; every action also adds to the log. */
function subscribeModerationQueues(events: DomainEventBus, live: LiveEvents): void {
  const updated = (kind: 'report' | 'takedown' | 'suspension' | 'log') => () => live.moderationUpdated({ kind });
  events.on('report.filed', SUBSCRIBER, updated('report'));
  events.on('report.resolved', SUBSCRIBER, updated('report'));
  events.on('video.takenDown', SUBSCRIBER, updated('takedown'));
  events.on('video.restored', SUBSCRIBER, updated('takedown'));
  events.on('user.suspended', SUBSCRIBER, updated('suspension'));
  events.on('user.unsuspended', SUBSCRIBER, updated('suspension'));
  events.on('user.roleChanged', SUBSCRIBER, updated('log'));
  events.on('moderation.logged', SUBSCRIBER, updated('log'));
}
