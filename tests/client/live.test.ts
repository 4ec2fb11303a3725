// Live events invalidate exactly the tags of what changed.
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '../../contract/entities';
import { LiveEvent } from '../../contract/events';
import { commentsApi } from '../../src/api/endpoints/comments';
import { videosApi } from '../../src/api/endpoints/videos';
import { handleLiveEvent, liveHandlers, tagsFor } from '../../src/api/liveHandlers';
import { api } from '../../src/api/api';
import { makeStore } from '../../src/app/store';
import { mockFetch, ok } from './helpers';

describe('live events', () => {
  it('map to the tags of the changed entities', () => {
    expect(tagsFor('comment-updated', { videoId: 'v1' })).toEqual([{ type: 'Comment', id: 'VIDEO-v1' }]);
    expect(tagsFor('comment-reactions-updated', { videoId: 'v1', commentId: 'c1', totalLikes: 2 })).toEqual([
      { type: 'CommentReaction', id: 'c1' },
      { type: 'Comment', id: 'c1' },
    ]);
    expect(tagsFor('subscription-updated', { channelId: 'u2', totalSubscribers: 5, subscriberId: 'u1', isSubscribed: true })).toEqual([
      { type: 'Subscription', id: 'u2' },
      { type: 'Profile', id: 'u2' },
      { type: 'Subscription', id: 'BY-u1' },
    ]);
    expect(tagsFor('views-updated', { videoId: 'v1', totalViews: 3 })).toEqual([{ type: 'Views', id: 'v1' }]);
    expect(tagsFor('video-reaction-updated', { videoId: 'v1', likes: 1, disLikes: 0 })).toContainEqual({ type: 'Video', id: 'v1' });
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

  it('a handler patches the open video from the payload, then refetches only the tags it names', async () => {
    const video = { _id: 'v1', title: 'T', views: 3, likes: 0, disLikes: 0 } as unknown as Video;
    const { calls } = mockFetch((call) => (call.url.pathname === '/api/v1/views/v1' ? ok({ views: 9 }) : ok(video)));
    const store = makeStore();
    const subs = [store.dispatch(videosApi.endpoints.getVideo.initiate('v1')), store.dispatch(videosApi.endpoints.getViews.initiate('v1'))];
    await Promise.all(subs);
    const before = calls.length;

    handleLiveEvent('views-updated', { videoId: 'v1', totalViews: 9 }, store.dispatch, { notificationArrived: () => undefined });
    expect(videosApi.endpoints.getVideo.select('v1')(store.getState()).data?.views).toBe(9);
    await expect.poll(() => calls.slice(before).map((c) => c.url.pathname)).toEqual(['/api/v1/views/v1']);
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
