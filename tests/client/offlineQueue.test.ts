// The offline queue: queueable writes made offline wait in IndexedDB (fake-indexeddb) with
// an Idempotency-Key made when the action was made, replay in order with that same key on every
// attempt, surface refusals, survive a reload, and stay visible as pending in the cached data.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, Playlist, Video } from '../../contract/entities';
import { commentsApi } from '../../src/api/endpoints/comments';
import { playlistsApi } from '../../src/api/endpoints/playlists';
import { reactionsApi } from '../../src/api/endpoints/reactions';
import { subscriptionsApi } from '../../src/api/endpoints/subscriptions';
import { videosApi } from '../../src/api/endpoints/videos';
import { isPendingId } from '../../src/api/offline';
import { fail, mockFetch, ok, type RecordedCall, signIn } from './helpers';
import { closeQueueDb, emptyQueueDb, listenToQueue, loadQueue, makeQueueStore, pendingActions, replayQueue } from './queueDb';

const video = { _id: 'v1', title: 'T', likes: 3, disLikes: 1, userReaction: null } as unknown as Video;
let online = true;
const onRejected = vi.fn();
const onSettled = vi.fn();

beforeEach(async () => {
  await emptyQueueDb();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  onRejected.mockReset();
  onSettled.mockReset();
  listenToQueue({ onRejected, onSettled, onQueued: () => undefined });
  signIn();
});
afterEach(() => closeQueueDb());

const key = (call: RecordedCall) => call.headers.get('Idempotency-Key');
const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

async function storeWithVideo() {
  const store = makeQueueStore();
  await store.dispatch(videosApi.util.upsertQueryData('getVideo', 'v1', video));
  await store.dispatch(subscriptionsApi.util.upsertQueryData('getSubscriptionStatus', 'c1', { isSubscribed: false, totalSubscribers: 7 }));
  return store;
}

describe('offline queue', () => {
  it('queues offline writes in order and replays each once, with the key made when it was made', async () => {
    const store = await storeWithVideo();
    let networkUp = false;
    const { calls } = mockFetch(() => {
      if (!networkUp) throw new TypeError('Failed to fetch');
      return ok({ likes: 4, disLikes: 1, reactionType: 'like' });
    });
    online = false;
    const like = await store.dispatch(reactionsApi.endpoints.toggleVideoReaction.initiate({ videoId: 'v1', reactionType: 'like' }));
    const comment = await store.dispatch(commentsApi.endpoints.addComment.initiate({ videoId: 'v1', content: 'Offline hello' }));
    const subscribe = await store.dispatch(subscriptionsApi.endpoints.toggleSubscription.initiate('c1'));

    expect(writes(calls)).toHaveLength(0); // nothing was tried offline
    expect(like.data).toEqual({ likes: 4, disLikes: 1, reactionType: 'like' });
    expect(isPendingId((comment.data as Comment)._id)).toBe(true);
    expect(subscribe.data).toEqual({ isSubscribed: true, totalSubscribers: 8 });
    expect(videosApi.endpoints.getVideo.select('v1')(store.getState()).data).toMatchObject({ likes: 4, userReaction: 'like' });
    expect(pendingActions().map((action) => action.label)).toEqual(['Like', 'Comment', 'Subscription']);
    const keys = pendingActions().map((action) => action.key);
    expect(new Set(keys).size).toBe(3);

    // Back online but the network still drops: the first is tried, fails, and everything stays.
    online = true;
    await replayQueue();
    expect(writes(calls).map(key)).toEqual([keys[0]]);
    expect(pendingActions()).toHaveLength(3);

    networkUp = true;
    await replayQueue();
    const sent = writes(calls).slice(1);
    expect(sent.map((call) => call.url.pathname)).toEqual(['/api/v1/likes/toggle/v/v1', '/api/v1/comments/add/v1', '/api/v1/subscription/toggle/sub/c1']);
    expect(sent.map(key)).toEqual(keys); // the same key as the failed attempt
    expect(sent[1]!.body).toEqual({ content: 'Offline hello' });
    expect(pendingActions()).toHaveLength(0);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onRejected).not.toHaveBeenCalled();

    await replayQueue(); // nothing left: nothing is sent again
    expect(writes(calls)).toHaveLength(4);
  });

  it('queues a write whose request got no answer, keeping the key it was sent with', async () => {
    const store = await storeWithVideo();
    let attempt = 0;
    const { calls } = mockFetch(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return ok({ isSubscribed: true, totalSubscribers: 8 });
    });
    const result = await store.dispatch(subscriptionsApi.endpoints.toggleSubscription.initiate('c1'));
    expect(result.data).toEqual({ isSubscribed: true, totalSubscribers: 8 });
    await vi.waitFor(() => expect(pendingActions()).toHaveLength(0)); // replayed at once (online)
    expect(writes(calls)).toHaveLength(2);
    expect(key(calls[1]!)).toBe(key(calls[0]!));
    expect(key(calls[0]!)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('surfaces a refused replay by name and drops it; a server error keeps it for a retry', async () => {
    const store = await storeWithVideo();
    online = false;
    await store.dispatch(reactionsApi.endpoints.toggleVideoReaction.initiate({ videoId: 'v1', reactionType: 'disLike' }));
    await store.dispatch(subscriptionsApi.endpoints.toggleSubscription.initiate('c1'));
    online = true;

    let status = 500;
    const { calls } = mockFetch(() => (status === 500 ? fail(500, 'boom') : fail(404, 'Video not found')));
    await replayQueue();
    expect(pendingActions()).toHaveLength(2);
    expect(pendingActions()[0]!.serverErrors).toBe(1);
    expect(onRejected).not.toHaveBeenCalled();

    status = 404;
    await replayQueue();
    expect(writes(calls)).toHaveLength(3); // 500, then 404 for each
    expect(onRejected).toHaveBeenCalledTimes(2);
    expect(onRejected.mock.calls[0]![0]).toMatchObject({ label: 'Dislike' });
    expect(onRejected.mock.calls[0]![1]).toMatchObject({ status: 404, message: 'Video not found' });
    expect(pendingActions()).toHaveLength(0);
  });

  it('survives a reload, and shows the pending action over fresh server data', async () => {
    const store = await storeWithVideo();
    online = false;
    await store.dispatch(reactionsApi.endpoints.toggleVideoReaction.initiate({ videoId: 'v1', reactionType: 'like' }));
    const [queued] = pendingActions();

    await closeQueueDb(); // a reload: memory is gone, IndexedDB stays
    expect(pendingActions()).toHaveLength(0);
    const restored = await loadQueue();
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ key: queued!.key, label: 'Like', endpoint: 'toggleVideoReaction', arg: { videoId: 'v1', reactionType: 'like' } });

    // A fresh answer (the server without the like) still shows the pending like, once.
    const fresh = makeQueueStore();
    await loadQueue(); // as startOfflineQueue does at boot
    mockFetch(() => ok(video));
    await fresh.dispatch(videosApi.endpoints.getVideo.initiate('v1'));
    expect(videosApi.endpoints.getVideo.select('v1')(fresh.getState()).data).toMatchObject({ likes: 4, userReaction: 'like' });
    await fresh.dispatch(videosApi.endpoints.getVideo.initiate('v1', { forceRefetch: true }));
    expect(videosApi.endpoints.getVideo.select('v1')(fresh.getState()).data).toMatchObject({ likes: 4, userReaction: 'like' });
  });

  it('shows each comment and playlist action as pending at once and over fresh server data', async () => {
    const store = await storeWithVideo();
    const at = '2026-01-01T00:00:00.000Z';
    const owner = { _id: 'u1', username: 'alice', fullName: 'Alice', avatar: '' };
    const comment = (id: string, extra: Partial<Comment> = {}): Comment =>
      ({ _id: id, videoId: 'v1', parentId: null, content: `comment ${id}`, createdAt: at, updatedAt: at, owner, totalLikes: 1, isLiked: false, ...extra }) as Comment;
    const serverComments = [comment('c1'), comment('c2'), comment('c3')];
    const card = { _id: 'v0', title: 'Old clip' } as Playlist['videos'][number];
    const playlist = (id: string, name: string, videos: Playlist['videos']): Playlist =>
      ({ _id: id, name, description: '', owner, videos, videosCount: videos.length, totalVideos: videos.length, PlaylistThumbnail: '', createdAt: at, updatedAt: at }) as Playlist;
    const serverLists = () => ({ playlists: [playlist('p1', 'Trips', [card]), playlist('p2', 'Old', [])], hasMore: false });
    const serverDetail = () => ({ playlist: playlist('p1', 'Trips', [card]), hasMore: false, totalVideos: 1 });
    mockFetch((call) => {
      if (call.url.pathname.startsWith('/api/v1/comments/all/')) return ok(serverComments);
      if (call.url.pathname === '/api/v1/playlist/user/alice/playlists') return ok(serverLists());
      if (call.url.pathname === '/api/v1/playlist/p1') return ok(serverDetail());
      throw new TypeError('Failed to fetch');
    });
    const subs = [
      store.dispatch(commentsApi.endpoints.getComments.initiate('v1')),
      store.dispatch(playlistsApi.endpoints.getUserPlaylists.initiate('alice')),
      store.dispatch(playlistsApi.endpoints.getPlaylist.initiate('p1')),
    ];
    await Promise.all(subs);

    online = false;
    await store.dispatch(commentsApi.endpoints.updateComment.initiate({ commentId: 'c1', videoId: 'v1', content: 'Edited in a tunnel' }));
    await store.dispatch(reactionsApi.endpoints.toggleCommentLike.initiate({ commentId: 'c2', videoId: 'v1' }));
    await store.dispatch(commentsApi.endpoints.deleteComment.initiate({ commentId: 'c3', videoId: 'v1' }));
    await store.dispatch(playlistsApi.endpoints.addVideoToPlaylist.initiate({ videoId: 'v1', playlistId: 'p1' }));
    await store.dispatch(playlistsApi.endpoints.removeVideoFromPlaylist.initiate({ videoId: 'v0', playlistId: 'p1' }));
    await store.dispatch(playlistsApi.endpoints.renamePlaylist.initiate({ playlistId: 'p1', name: 'Road trips' }));
    await store.dispatch(playlistsApi.endpoints.deletePlaylist.initiate('p2'));
    expect(pendingActions().map((action) => action.label)).toEqual([
      'Comment edit',
      'Comment like',
      'Comment delete',
      'Save to playlist',
      'Playlist removal',
      'Playlist rename',
      'Playlist delete',
    ]);

    const expectPendingShown = () => {
      const comments = commentsApi.endpoints.getComments.select('v1')(store.getState()).data!;
      expect(comments.map((c) => c._id)).toEqual(['c1', 'c2']); // c3 deleted
      expect(comments[0]).toMatchObject({ content: 'Edited in a tunnel' });
      expect(comments[1]).toMatchObject({ isLiked: true, totalLikes: 2 });
      const lists = playlistsApi.endpoints.getUserPlaylists.select('alice')(store.getState()).data!.pages[0]!.playlists;
      expect(lists.map((p) => p._id)).toEqual(['p1']); // p2 deleted
      expect(lists[0]).toMatchObject({ name: 'Road trips', videosCount: 1 });
      expect(lists[0]!.videos.map((v) => v._id)).toEqual(['v1']); // v1 added, v0 removed
      const detail = playlistsApi.endpoints.getPlaylist.select('p1')(store.getState()).data!.pages[0]!.playlist;
      expect(detail).toMatchObject({ name: 'Road trips', totalVideos: 1 });
      expect(detail.videos.map((v) => v._id)).toEqual(['v1']);
    };
    expectPendingShown();

    // Fresh answers from the server (without the actions) still show them, once.
    await store.dispatch(commentsApi.endpoints.getComments.initiate('v1', { forceRefetch: true }));
    await store.dispatch(playlistsApi.endpoints.getUserPlaylists.initiate('alice', { forceRefetch: true }));
    await store.dispatch(playlistsApi.endpoints.getPlaylist.initiate('p1', { forceRefetch: true }));
    expectPendingShown();
    subs.forEach((sub) => sub.unsubscribe());
  });
});
