// Video reaction (and the known defect of its toggle): exclusive and toggling;
// the cached video changes at once, then follows the server's answer, and a failure undoes it.
import { describe, expect, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { reactionsApi } from '../../src/api/endpoints/reactions';
import { videosApi } from '../../src/api/endpoints/videos';
import { makeStore } from '../../src/app/store';
import { toggleReaction } from '../../src/lib/reaction';
import { fail, mockFetch, ok, signIn } from './helpers';

describe('toggleReaction', () => {
  const none = { likes: 3, disLikes: 1, userReaction: null };
  it('adds a like or a dislike', () => {
    expect(toggleReaction(none, 'like')).toEqual({ likes: 4, disLikes: 1, userReaction: 'like' });
    expect(toggleReaction(none, 'disLike')).toEqual({ likes: 3, disLikes: 2, userReaction: 'disLike' });
  });
  it('removes the active one when pressed again', () => {
    expect(toggleReaction({ likes: 4, disLikes: 1, userReaction: 'like' }, 'like')).toEqual(none);
    expect(toggleReaction({ likes: 3, disLikes: 2, userReaction: 'disLike' }, 'disLike')).toEqual(none);
  });
  it('switches between like and dislike (mutually exclusive)', () => {
    expect(toggleReaction({ likes: 4, disLikes: 1, userReaction: 'like' }, 'disLike')).toEqual({ likes: 3, disLikes: 2, userReaction: 'disLike' });
    expect(toggleReaction({ likes: 3, disLikes: 2, userReaction: 'disLike' }, 'like')).toEqual({ likes: 4, disLikes: 1, userReaction: 'like' });
  });
  it('never counts below zero', () => {
    expect(toggleReaction({ likes: 0, disLikes: 0, userReaction: 'like' }, 'like')).toEqual({ likes: 0, disLikes: 0, userReaction: null });
  });
});

const video: Video = {
  _id: 'v1',
  title: 'T',
  description: '',
  filePath: '/media/video/upload/v1.mp4',
  thumbnail: '',
  duration: 3,
  views: 0,
  likes: 3,
  disLikes: 1,
  status: 'ready',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  owner: { _id: 'u2', username: 'bob', fullName: 'Bob', avatar: '' },
  commentsCount: 0,
  qualities: [360],
  userReaction: null,
  progress: 100,
};

/** A store with the video cached and a toggle answer the test releases when it wants. */
async function setup(answer: () => { status: number; body: unknown }) {
  signIn();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  mockFetch(async (call) => {
    if (call.url.pathname.endsWith('/videos/v1')) return ok(video);
    if (call.url.pathname.startsWith('/api/v1/likes/toggle/v/')) {
      await gate;
      return answer();
    }
    return ok([]);
  });
  const store = makeStore();
  store.dispatch({ type: 'auth/syncFromStorage' });
  await store.dispatch(videosApi.endpoints.getVideo.initiate('v1'));
  const cached = () => videosApi.endpoints.getVideo.select('v1')(store.getState()).data!;
  return { store, release, cached };
}

describe('toggleVideoReaction in the cache', () => {
  it('changes the video at once, then takes the server answer', async () => {
    // The server knows of another like meanwhile: its counts win.
    const { store, release, cached } = await setup(() => ok({ reactionType: 'like', likes: 5, disLikes: 1 }));
    const pending = store.dispatch(reactionsApi.endpoints.toggleVideoReaction.initiate({ videoId: 'v1', reactionType: 'like' }));
    await Promise.resolve();
    expect(cached()).toMatchObject({ likes: 4, disLikes: 1, userReaction: 'like' });
    release();
    await pending;
    expect(cached()).toMatchObject({ likes: 5, disLikes: 1, userReaction: 'like' });
  });

  it('undoes the optimistic change when the toggle fails', async () => {
    const { store, release, cached } = await setup(() => fail(500, 'boom'));
    const pending = store.dispatch(reactionsApi.endpoints.toggleVideoReaction.initiate({ videoId: 'v1', reactionType: 'disLike' }));
    await Promise.resolve();
    expect(cached()).toMatchObject({ likes: 3, disLikes: 2, userReaction: 'disLike' });
    release();
    await pending;
    expect(cached()).toMatchObject({ likes: 3, disLikes: 1, userReaction: null });
  });
});
