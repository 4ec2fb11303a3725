// Offline behaviour is declared as data: each area's queueable writes, exported by endpoint name and
// gathered in src/api/offlineEndpoints.ts (the queue's replay and the pending patches find them
// there), and the persisted queries listed in src/api/persistedQueries.ts.
import { describe, expect, it } from 'vitest';
import { api } from '../../src/api/api';
import '../../src/api/endpoints';
import { queueable } from '../../src/api/offline';
import { queueableEndpoints, queueSpecOf } from '../../src/api/offlineEndpoints';
import { isPersisted, PERSISTED_QUERIES } from '../../src/api/persistedQueries';
import { makeStore } from '../../src/app/store';
import { signIn } from './helpers';

describe('offline declarations', () => {
  it('every queueable endpoint is in the registry, with its request and how it shows while it waits', () => {
    expect(queueableEndpoints().sort()).toEqual(
      [
        'toggleVideoReaction',
        'toggleCommentLike',
        'addComment',
        'updateComment',
        'deleteComment',
        'toggleSubscription',
        'renamePlaylist',
        'deletePlaylist',
        'addVideoToPlaylist',
        'removeVideoFromPlaylist',
        'saveToWatchLater',
        'removeFromWatchLater',
        'reportOfflineView',
      ].sort(),
    );
    for (const name of queueableEndpoints()) {
      const spec = queueSpecOf(name)!;
      expect([typeof spec.request, typeof spec.label, typeof spec.placeholder], name).toEqual(['function', 'function', 'function']);
    }
    expect(queueSpecOf('toggleVideoReaction')!.request({ videoId: 'v 1', reactionType: 'like' })).toEqual({
      url: '/likes/toggle/v/v%201',
      method: 'POST',
      params: { reactionType: 'like' },
    });
    expect(queueSpecOf('createPlaylist')).toBeUndefined(); // online only
  });

  it("lists a lazily loaded area's queueable writes without injecting the area", async () => {
    // Stored actions of a lazy screen's area replay (and show as pending) before its chunk loads.
    expect(Object.keys(api.endpoints)).not.toContain('saveToWatchLater');
    expect(queueSpecOf('saveToWatchLater')!.request('v 1')).toEqual({ url: '/watch-later/v%201', method: 'POST' });
    expect(queueSpecOf('reportOfflineView')!.request('v1')).toEqual({ url: '/views/add/v1', method: 'POST' });
    await import('../../src/api/endpoints/watchLater');
    await import('../../src/api/endpoints/offlineViews');
    expect(Object.keys(api.endpoints)).toEqual(expect.arrayContaining(['saveToWatchLater', 'removeFromWatchLater', 'reportOfflineView']));
  });

  it('every persisted query is in the registry, and only queries the api has', () => {
    expect([...PERSISTED_QUERIES].sort()).toEqual(
      [
        'getProfile',
        'getFeed',
        'getRelatedVideos',
        'getVideo',
        'getUserVideos',
        'getMyVideos',
        'getViews',
        'getWatchHistory',
        'getLikedVideos',
        'getComments',
        'getSubscriptionStatus',
        'getSubscribedTo',
        'getUserPlaylists',
        'getPlaylist',
      ].sort(),
    );
    for (const name of [...PERSISTED_QUERIES, ...queueableEndpoints()]) expect(Object.keys(api.endpoints), name).toContain(name);
    expect(isPersisted('getCurrentUser')).toBe(false); // the session is checked afresh at every start
  });

  it('refuses at once a queueable mutation the registry does not read (it could not be replayed after a reload)', async () => {
    signIn();
    const unread = api.injectEndpoints({
      endpoints: (build) => ({
        notInTheRegistry: build.mutation(
          queueable<unknown, string>({
            request: (id) => ({ url: `/nowhere/${id}`, method: 'POST' }),
            offline: { label: () => 'Nothing', placeholder: () => ({}) },
          }),
        ),
      }),
    });
    const result = await makeStore().dispatch(unread.endpoints.notInTheRegistry.initiate('x'));
    expect(result.error).toMatchObject({ message: 'notInTheRegistry is queueable but offlineEndpoints.ts does not list it' });
  });
});
