// Offline behaviour is declared in each endpoint's definition (src/api/offline.ts) and read in one
// place (src/api/offlineEndpoints.ts): the queue's replay, the pending patches and the persisted
// cache find endpoints there by name.
import { describe, expect, it } from 'vitest';
import { api } from '../../src/api/api';
import '../../src/api/endpoints';
import { queueable } from '../../src/api/offline';
import { isPersisted, persistedQueries, queueableEndpoints, queueSpecOf } from '../../src/api/offlineEndpoints';
import { makeStore } from '../../src/app/store';
import { signIn } from './helpers';

describe('offline declarations', () => {
  it('every queueable endpoint is in the registry, with its request and how it shows while it waits', () => {
    expect([...queueableEndpoints()].sort()).toEqual(
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

  it('every persisted query is in the registry, and only queries the api has', () => {
    expect([...persistedQueries()].sort()).toEqual(
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
    for (const name of [...persistedQueries(), ...queueableEndpoints()]) expect(Object.keys(api.endpoints), name).toContain(name);
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
    expect(result.error).toMatchObject({ message: 'notInTheRegistry is queueable but offlineEndpoints.ts does not read its area' });
  });
});
