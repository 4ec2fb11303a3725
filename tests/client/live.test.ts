// Live events patch the counts they carry and invalidate exactly the tags of what else changed.
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '../../contract/entities';
import { LiveEvent } from '../../contract/events';
import { commentsApi } from '../../src/api/endpoints/comments';
import { reactionsApi } from '../../src/api/endpoints/reactions';
import { subscriptionsApi } from '../../src/api/endpoints/subscriptions';
import { usersApi } from '../../src/api/endpoints/users';
import { videosApi } from '../../src/api/endpoints/videos';
import { handleLiveEvent, liveHandlers, tagsFor } from '../../src/api/liveHandlers';
import { api } from '../../src/api/api';
import { makeStore } from '../../src/app/store';
import { mockFetch, ok } from './helpers';

/** The screen's part of a live event (a system notification), which these tests do not watch. */
const screen = { notificationArrived: () => undefined };

describe('live events', () => {
  it('map to the tags of the changed entities', () => {
    expect(tagsFor('comment-updated', { videoId: 'v1' })).toEqual([{ type: 'Comment', id: 'VIDEO-v1' }]);
    // Counts are patched: the comments, the channel's status and profile, the video and its views never refetch.
    expect(tagsFor('comment-reactions-updated', { videoId: 'v1', commentId: 'c1', totalLikes: 2, actorId: 'u1', actorLiked: true }, 'u3')).toEqual([
      { type: 'CommentReaction', id: 'c1' },
    ]);
    const subscribed = { channelId: 'u2', totalSubscribers: 5, subscriberId: 'u1', isSubscribed: true };
    expect(tagsFor('subscription-updated', subscribed, 'u3')).toEqual([{ type: 'Subscription', id: 'BY-u1' }]);
    // The subscriber's own clients: their channels, their feed and the profile's notify flag.
    expect(tagsFor('subscription-updated', subscribed, 'u1')).toEqual([
      { type: 'Subscription', id: 'BY-u1' },
      { type: 'Subscription', id: 'MINE' },
      { type: 'Profile', id: 'u2' },
    ]);
    expect(tagsFor('views-updated', { videoId: 'v1', totalViews: 3, actorId: 'u1' }, 'u3')).toEqual([]);
    const liked = { videoId: 'v1', likes: 1, disLikes: 0, actorId: 'u1', actorReaction: 'like' as const };
    expect(tagsFor('video-reaction-updated', liked, 'u3')).toEqual([{ type: 'VideoReaction', id: 'v1' }]);
    expect(tagsFor('video-reaction-updated', liked, null)).toEqual([{ type: 'VideoReaction', id: 'v1' }]);
    // Only the actor's liked list changed.
    expect(tagsFor('video-reaction-updated', liked, 'u1')).toEqual([
      { type: 'VideoReaction', id: 'v1' },
      { type: 'LikedVideo', id: 'LIST' },
    ]);
  });

  it('comment-updated refetches that video’s comments and nothing else', async () => {
    const { calls } = mockFetch((call) => (call.url.pathname.startsWith('/api/v1/comments/') ? ok([]) : ok({ _id: 'x' })));
    const store = makeStore();
    const subs = [
      store.dispatch(commentsApi.endpoints.getComments.initiate('v1')),
      store.dispatch(commentsApi.endpoints.getComments.initiate('v2')),
      store.dispatch(videosApi.endpoints.getVideo.initiate('v1')),
    ];
    await Promise.all(subs);
    const before = calls.length;
    store.dispatch(api.util.invalidateTags(tagsFor('comment-updated', { videoId: 'v1' })));
    // Every refetch an invalidation causes starts together, so once one is out the list is complete.
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(before));
    expect(calls.slice(before).map((c) => c.url.pathname)).toEqual(['/api/v1/comments/all/v1']);
    subs.forEach((s) => s.unsubscribe());
  });

  it('has one handler for every event the contract names, and none for an unknown one', () => {
    // The socket listens to exactly the table's events (live.ts), so a missing entry would drop an event.
    expect(Object.keys(liveHandlers).sort()).toEqual(Object.values(LiveEvent).sort());
  });

  it('a view patches the open video and its views info, and fetches nothing', async () => {
    const video = { _id: 'v1', title: 'T', views: 3, likes: 0, disLikes: 0 } as unknown as Video;
    const { calls } = mockFetch((call) => (call.url.pathname === '/api/v1/views/v1' ? ok({ totalViews: 3, isViewed: false }) : ok(video)));
    const store = makeStore();
    const subs = [store.dispatch(videosApi.endpoints.getVideo.initiate('v1')), store.dispatch(videosApi.endpoints.getViews.initiate('v1'))];
    await Promise.all(subs);
    const before = calls.length;

    handleLiveEvent('views-updated', { videoId: 'v1', totalViews: 9, actorId: 'someone' }, { dispatch: store.dispatch, userId: 'me', screen });
    expect(videosApi.endpoints.getVideo.select('v1')(store.getState()).data?.views).toBe(9);
    expect(videosApi.endpoints.getViews.select('v1')(store.getState()).data).toEqual({ totalViews: 9, isViewed: false });
    // My own view, from another tab: the info says I viewed it.
    handleLiveEvent('views-updated', { videoId: 'v1', totalViews: 10, actorId: 'me' }, { dispatch: store.dispatch, userId: 'me', screen });
    expect(videosApi.endpoints.getViews.select('v1')(store.getState()).data).toEqual({ totalViews: 10, isViewed: true });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the check: nothing is fetched meanwhile
    expect(calls.length).toBe(before);
    subs.forEach((s) => s.unsubscribe());
  });

  it("someone else's like patches the counts only; the actor's own client also takes its reaction and refetches its liked list", async () => {
    const video = { _id: 'v1', title: 'T', views: 3, likes: 0, disLikes: 1, userReaction: null } as unknown as Video;
    const { calls } = mockFetch((call) => (call.url.pathname.startsWith('/api/v1/likes/get/user/liked-videos') ? ok({ videos: [], hasMore: false }) : ok(video)));
    const store = makeStore();
    const subs = [store.dispatch(videosApi.endpoints.getVideo.initiate('v1')), store.dispatch(reactionsApi.endpoints.getLikedVideos.initiate())];
    await Promise.all(subs);
    const before = calls.length;
    const like = { videoId: 'v1', likes: 1, disLikes: 1, actorId: 'alice', actorReaction: 'like' as const };

    handleLiveEvent('video-reaction-updated', like, { dispatch: store.dispatch, userId: 'bob', screen });
    expect(videosApi.endpoints.getVideo.select('v1')(store.getState()).data).toMatchObject({ likes: 1, disLikes: 1, userReaction: null });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the check: nothing is fetched meanwhile
    expect(calls.length).toBe(before);

    handleLiveEvent('video-reaction-updated', { ...like, likes: 2 }, { dispatch: store.dispatch, userId: 'alice', screen });
    expect(videosApi.endpoints.getVideo.select('v1')(store.getState()).data).toMatchObject({ likes: 2, userReaction: 'like' });
    await expect.poll(() => calls.slice(before).map((c) => c.url.pathname)).toEqual(['/api/v1/likes/get/user/liked-videos']);
    subs.forEach((s) => s.unsubscribe());
  });

  it("a comment like patches the comment's count, and the heart only on the actor's client", async () => {
    const comment = { _id: 'c1', videoId: 'v1', parentId: null, content: 'Hi', totalLikes: 0, isLiked: false };
    const { calls } = mockFetch(() => ok([comment]));
    const store = makeStore();
    const sub = store.dispatch(commentsApi.endpoints.getComments.initiate('v1'));
    await sub;
    const before = calls.length;
    const liked = { videoId: 'v1', commentId: 'c1', totalLikes: 1, actorId: 'alice', actorLiked: true };

    handleLiveEvent('comment-reactions-updated', liked, { dispatch: store.dispatch, userId: 'bob', screen });
    expect(commentsApi.endpoints.getComments.select('v1')(store.getState()).data?.[0]).toMatchObject({ totalLikes: 1, isLiked: false });
    handleLiveEvent('comment-reactions-updated', liked, { dispatch: store.dispatch, userId: 'alice', screen });
    expect(commentsApi.endpoints.getComments.select('v1')(store.getState()).data?.[0]).toMatchObject({ totalLikes: 1, isLiked: true });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the check: nothing is fetched meanwhile
    expect(calls.length).toBe(before);
    sub.unsubscribe();
  });

  it("a subscription patches the channel's count on the watch page and the profile; the subscriber's client also its state", async () => {
    const profile = { _id: 'u2', username: 'carol', subscribersCount: 4, isSubscribed: false };
    const { calls } = mockFetch((call) => (call.url.pathname.startsWith('/api/v1/users/c/') ? ok(profile) : ok({ isSubscribed: false, totalSubscribers: 4 })));
    const store = makeStore();
    const subs = [store.dispatch(subscriptionsApi.endpoints.getSubscriptionStatus.initiate('u2')), store.dispatch(usersApi.endpoints.getProfile.initiate('carol'))];
    await Promise.all(subs);
    const before = calls.length;
    const event = { channelId: 'u2', totalSubscribers: 5, subscriberId: 'u1', isSubscribed: true };

    handleLiveEvent('subscription-updated', event, { dispatch: store.dispatch, userId: 'u3', screen });
    expect(subscriptionsApi.endpoints.getSubscriptionStatus.select('u2')(store.getState()).data).toEqual({ isSubscribed: false, totalSubscribers: 5 });
    expect(usersApi.endpoints.getProfile.select('carol')(store.getState()).data).toMatchObject({ subscribersCount: 5, isSubscribed: false });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the check: nothing is fetched meanwhile
    expect(calls.length).toBe(before);

    handleLiveEvent('subscription-updated', event, { dispatch: store.dispatch, userId: 'u1', screen });
    expect(subscriptionsApi.endpoints.getSubscriptionStatus.select('u2')(store.getState()).data).toEqual({ isSubscribed: true, totalSubscribers: 5 });
    subs.forEach((s) => s.unsubscribe());
  });

  it('progress ticks and new rungs only patch; a finished transcode refetches the video and the lists', () => {
    expect(tagsFor('video-qualities-updated', { videoId: 'v1', qualities: [360], pendingQualities: [], hlsUrl: null })).toEqual([]);
    expect(tagsFor('transcode-progress', { videoId: 'v1', status: 'processing', progress: 40, qualities: [], hlsUrl: null })).toEqual([]);
    expect(tagsFor('transcode-progress', { videoId: 'v1', status: 'ready', progress: 100, qualities: [360], hlsUrl: '/media/video/hls/v1/master.m3u8' })).toEqual([
      { type: 'Video', id: 'v1' },
      { type: 'Video', id: 'LIST' },
    ]);
  });
});
