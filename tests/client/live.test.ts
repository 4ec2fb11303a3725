// Live events (spec section 4) invalidate exactly the tags of what changed.
import { describe, expect, it } from 'vitest';
import { commentsApi } from '../../src/api/endpoints/comments';
import { videosApi } from '../../src/api/endpoints/videos';
import { tagsFor } from '../../src/api/live';
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
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.slice(before).map((c) => c.url.pathname)).toEqual(['/api/v1/comments/all/v1']);
    subs.forEach((s) => s.unsubscribe());
  });
});
