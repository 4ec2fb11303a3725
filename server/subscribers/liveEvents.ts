// The spec's live events: which domain event reaches which socket.io rooms (server/realtime/live.ts).
// A video's events go where its audience is, from the reach the domain event carries (a taken-down
// video's reach only its owner and the moderators: server/videos/visibility.ts). Nothing here queries.
import type { DomainEventBus } from '../domain/eventBus.js';
import type { VideoReach } from '../domain/videoReach.js';
import type { MediaUrls } from '../media/urls.js';
import type { LiveEvents } from '../realtime/live.js';
import { liveAudience } from '../videos/visibility.js';

const SUBSCRIBER = 'live-events';

export function subscribeLiveEvents(events: DomainEventBus, live: LiveEvents, urls: MediaUrls): void {
  const commentUpdated = (event: { videoId: string } & VideoReach) => live.commentUpdated(event.videoId, liveAudience(event));
  events.on('comment.posted', SUBSCRIBER, commentUpdated);
  events.on('comment.edited', SUBSCRIBER, commentUpdated);
  events.on('comment.deleted', SUBSCRIBER, commentUpdated);
  events.on('comment.restored', SUBSCRIBER, commentUpdated);
  events.on('comment.pinToggled', SUBSCRIBER, commentUpdated);
  events.on('comment.heartToggled', SUBSCRIBER, commentUpdated);
  events.on('comment.likeToggled', SUBSCRIBER, (event) => {
    const { videoId, commentId, totalLikes, actorId, actorLiked } = event;
    live.commentReactionsUpdated({ videoId, commentId, totalLikes, actorId, actorLiked }, liveAudience(event));
  });
  events.on('video.reactionsChanged', SUBSCRIBER, (event) => {
    const { videoId, likes, disLikes, actorId, actorReaction } = event;
    live.videoReactionUpdated({ videoId, likes, disLikes, actorId, actorReaction }, liveAudience(event));
  });
  events.on('video.viewed', SUBSCRIBER, (event) => live.viewsUpdated({ videoId: event.videoId, totalViews: event.totalViews, actorId: event.actorId }, liveAudience(event)));
  events.on('video.detailsEdited', SUBSCRIBER, (event) => {
    const { videoId, title, description, thumbnailImage, updatedAt } = event;
    live.videoUpdated({ videoId, title, description, thumbnail: urls.image(thumbnailImage), updatedAt }, liveAudience(event));
  });
  events.on('video.transcodeProgressed', SUBSCRIBER, ({ ownerId, videoId, status, progress, qualities, hlsUrl }) =>
    live.transcodeProgress(ownerId, { videoId, status, progress, qualities, hlsUrl }),
  );
  events.on('video.qualitiesChanged', SUBSCRIBER, (event) => {
    const { videoId, qualities, pendingQualities, hlsUrl } = event;
    live.videoQualitiesUpdated({ videoId, qualities, pendingQualities, hlsUrl }, liveAudience(event));
  });
  events.on('channel.subscriptionToggled', SUBSCRIBER, ({ channelId, subscriberId, isSubscribed, totalSubscribers }) =>
    live.subscriptionUpdated({ channelId, subscriberId, isSubscribed, totalSubscribers }),
  );
  events.on('notification.created', SUBSCRIBER, ({ recipientId, notification }) => live.notificationCreated(recipientId, notification));
  events.on('notifications.read', SUBSCRIBER, ({ userId, notificationId, unreadCount }) => live.notificationsRead(userId, { notificationId, unreadCount }));
  subscribeModerationQueues(events, live);
}

/** Moderators' screens refetch the list an action changed; every action also adds to the log. */
function subscribeModerationQueues(events: DomainEventBus, live: LiveEvents): void {
  const updated = (kind: 'report' | 'takedown' | 'suspension' | 'account' | 'log') => () => live.moderationUpdated({ kind });
  events.on('report.filed', SUBSCRIBER, updated('report'));
  events.on('report.resolved', SUBSCRIBER, updated('report'));
  events.on('video.takenDown', SUBSCRIBER, updated('takedown'));
  events.on('video.restored', SUBSCRIBER, updated('takedown'));
  events.on('user.suspended', SUBSCRIBER, updated('suspension'));
  events.on('user.unsuspended', SUBSCRIBER, updated('suspension'));
  events.on('user.roleChanged', SUBSCRIBER, updated('account'));
  events.on('user.deleted', SUBSCRIBER, updated('account'));
  events.on('moderation.logged', SUBSCRIBER, updated('log'));
}
