// The spec's live events: which domain event reaches which socket.io rooms (server/realtime/live.ts).
// A video's events go where its audience is, read when the event happens (a taken-down video's
// reach only its owner and the moderators: server/videos/visibility.ts).
import type { VideoRepository } from '../db/repositories/videos.js';
import type { DomainEventBus } from '../domain/eventBus.js';
import type { MediaUrls } from '../media/urls.js';
import type { LiveEvents } from '../realtime/live.js';
import { liveAudience } from '../videos/visibility.js';

const SUBSCRIBER = 'live-events';

export function subscribeLiveEvents(events: DomainEventBus, live: LiveEvents, urls: MediaUrls, videos: VideoRepository): void {
  const audienceOf = (videoId: string) => liveAudience(videos, videoId);
  events.on('comment.posted', SUBSCRIBER, async ({ videoId }) => live.commentUpdated(videoId, await audienceOf(videoId)));
  events.on('comment.edited', SUBSCRIBER, async ({ videoId }) => live.commentUpdated(videoId, await audienceOf(videoId)));
  events.on('comment.deleted', SUBSCRIBER, async ({ videoId }) => live.commentUpdated(videoId, await audienceOf(videoId)));
  events.on('comment.restored', SUBSCRIBER, async ({ videoId }) => live.commentUpdated(videoId, await audienceOf(videoId)));
  events.on('comment.likeToggled', SUBSCRIBER, async ({ videoId, commentId, totalLikes }) =>
    live.commentReactionsUpdated({ videoId, commentId, totalLikes }, await audienceOf(videoId)),
  );
  events.on('video.reactionsChanged', SUBSCRIBER, async ({ videoId, likes, disLikes }) => live.videoReactionUpdated({ videoId, likes, disLikes }, await audienceOf(videoId)));
  events.on('video.viewed', SUBSCRIBER, async ({ videoId, totalViews }) => live.viewsUpdated({ videoId, totalViews }, await audienceOf(videoId)));
  events.on('video.detailsEdited', SUBSCRIBER, async ({ videoId, title, description, thumbnailImage, updatedAt }) =>
    live.videoUpdated({ videoId, title, description, thumbnail: urls.image(thumbnailImage), updatedAt }, await audienceOf(videoId)),
  );
  events.on('video.transcodeProgressed', SUBSCRIBER, ({ ownerId, videoId, status, progress, qualities, hlsUrl }) =>
    live.transcodeProgress(ownerId, { videoId, status, progress, qualities, hlsUrl }),
  );
  events.on('video.qualitiesChanged', SUBSCRIBER, async (payload) => live.videoQualitiesUpdated(payload, await audienceOf(payload.videoId)));
  events.on('channel.subscriptionToggled', SUBSCRIBER, ({ channelId, subscriberId, isSubscribed, totalSubscribers }) =>
    live.subscriptionUpdated({ channelId, subscriberId, isSubscribed, totalSubscribers }),
  );
  events.on('notification.created', SUBSCRIBER, ({ recipientId, notification }) => live.notificationCreated(recipientId, notification));
  events.on('notifications.read', SUBSCRIBER, ({ userId, notificationId, unreadCount }) => live.notificationsRead(userId, { notificationId, unreadCount }));
  events.on('comment.pinToggled', SUBSCRIBER, async ({ videoId }) => live.commentUpdated(videoId, await audienceOf(videoId)));
  events.on('comment.heartToggled', SUBSCRIBER, async ({ videoId }) => live.commentUpdated(videoId, await audienceOf(videoId)));
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
