// The read cache (server/cache/readCache.ts) never serves what a write changed: each event bumps
// the versions of the entries that show it. Registered before the live events, so a client that
// refetches on a live event already reads past the bump.
import { CacheDeps, type ReadCache } from '../cache/readCache.js';
import type { DomainEventBus } from '../domain/eventBus.js';

const SUBSCRIBER = 'read-cache';

export function subscribeReadCacheInvalidation(events: DomainEventBus, cache: ReadCache): void {
  const videoChanged = ({ videoId }: { videoId: string }) => cache.bump(CacheDeps.video(videoId), CacheDeps.feed);
  const commentsChanged = ({ videoId }: { videoId: string }) => cache.bump(CacheDeps.comments(videoId), CacheDeps.video(videoId));
  events.on('comment.posted', SUBSCRIBER, commentsChanged);
  events.on('comment.edited', SUBSCRIBER, commentsChanged);
  events.on('comment.deleted', SUBSCRIBER, commentsChanged);
  events.on('comment.restored', SUBSCRIBER, commentsChanged);
  events.on('comment.likeToggled', SUBSCRIBER, ({ videoId }) => cache.bump(CacheDeps.comments(videoId)));
  events.on('video.reactionsChanged', SUBSCRIBER, videoChanged);
  events.on('video.viewed', SUBSCRIBER, videoChanged);
  events.on('video.detailsEdited', SUBSCRIBER, videoChanged);
  events.on('video.transcodeProgressed', SUBSCRIBER, videoChanged);
  events.on('video.qualitiesChanged', SUBSCRIBER, videoChanged);
  // Their detail, comments and every card list go.
  events.on('video.removed', SUBSCRIBER, ({ videoIds }) => {
    if (videoIds.length) cache.bump(CacheDeps.feed, ...videoIds.flatMap((id) => [CacheDeps.video(id), CacheDeps.comments(id)]));
  });
  events.on('channel.subscriptionToggled', SUBSCRIBER, ({ subscriberId }) => cache.bump(CacheDeps.profiles, CacheDeps.follows(subscriberId)));
  events.on('watchLater.changed', SUBSCRIBER, ({ userId }) => cache.bump(CacheDeps.watchLater(userId)));
  // A name or avatar shows on cards, comments and profiles everywhere.
  events.on('user.profileChanged', SUBSCRIBER, () => cache.bump(CacheDeps.epoch));
  events.on('comment.pinToggled', SUBSCRIBER, commentsChanged);
  events.on('comment.heartToggled', SUBSCRIBER, commentsChanged);
  // Moderation hides or shows videos and comments in every list, search, profile total and
  // rendered page (rare writes: the epoch is simplest and certain).
  const everything = () => cache.bump(CacheDeps.epoch);
  events.on('video.takenDown', SUBSCRIBER, everything);
  events.on('video.restored', SUBSCRIBER, everything);
  events.on('user.suspended', SUBSCRIBER, everything);
  events.on('user.unsuspended', SUBSCRIBER, everything);
  // A deleted account's comments, reactions and subscriptions leave other people's videos and channels.
  events.on('user.deleted', SUBSCRIBER, everything);
}
