// The offline queue belongs to the user who queued: each action carries its user, only that user's
// session sends it (the page's replay and the worker's rules alike), a 401 keeps it for that
// user's next sign-in, and sign-out sends the queue first or, when it cannot, asks before
// discarding it. A file shared to the app goes with the sign-out.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '../../contract/entities';
import { reactionsApi } from '../../src/api/endpoints/reactions';
import { videosApi } from '../../src/api/endpoints/videos';
import { openQueueDb } from '../../shared/queueReplay';
import { replayStoredQueue } from '../../shared/queueReplayRules';
import { useLogout } from '../../src/features/auth/useLogout';
import { revokeSignedOutSessions } from '../../src/features/auth/deferredLogout';
import { storeSharedVideo, takeSharedVideo } from '../../shared/sharedVideo';
import { getToken, type StoredUser } from '../../src/lib/storage';
import { alice, mockFetch, ok, type RecordedCall, renderWithApp, signIn } from './helpers';
import { closeQueueDb, emptyQueueDb, listenToQueue, loadQueue, makeQueueStore, pendingActions, replayQueue } from './queueDb';

const bob: StoredUser = { ...alice, _id: 'u2', id: 'u2', username: 'bob', fullName: 'Bob Example', email: 'bob@example.com' };
const video = { _id: 'v1', title: 'T', likes: 3, disLikes: 1, userReaction: null } as unknown as Video;
let online = true;

beforeEach(async () => {
  await emptyQueueDb();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  listenToQueue({ onRejected: () => undefined, onSettled: () => undefined, onQueued: () => undefined });
  signIn(alice, 'token-alice');
});
afterEach(() => closeQueueDb());

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');
const likes = (calls: RecordedCall[]) => writes(calls).filter((call) => call.url.pathname === '/api/v1/likes/toggle/v/v1');

/** Alice likes v1 while offline: the action waits in the queue. */
async function aliceLikesOffline() {
  const store = makeQueueStore();
  await store.dispatch(videosApi.util.upsertQueryData('getVideo', 'v1', video));
  online = false;
  await store.dispatch(reactionsApi.endpoints.toggleVideoReaction.initiate({ videoId: 'v1', reactionType: 'like' }));
  expect(pendingActions()).toHaveLength(1);
  return store;
}

async function storedActions() {
  const db = await openQueueDb();
  try {
    return await db.getAll('actions');
  } finally {
    db.close();
  }
}

describe('the offline queue and its user', () => {
  it('stores the user who queued with each action', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await aliceLikesOffline();
    expect(pendingActions()[0]).toMatchObject({ userId: 'u1', label: 'Like' });
    expect(await storedActions()).toEqual([expect.objectContaining({ userId: 'u1', endpoint: 'toggleVideoReaction' })]);
  });

  it("never sends one user's actions with another user's session; they wait for their own user", async () => {
    const { calls } = mockFetch(() => ok({ likes: 4, disLikes: 1, reactionType: 'like' }));
    await aliceLikesOffline();

    // Bob signs in on the same device and the network is back: nothing of Alice's goes.
    signIn(bob, 'token-bob');
    online = true;
    await loadQueue();
    expect(pendingActions()).toHaveLength(0); // Bob sees no pending action of Alice's
    await replayQueue();
    expect(likes(calls)).toHaveLength(0);
    // The worker's replay follows the same rule: Bob's session sends none of Alice's.
    const send = vi.fn(async () => ({ ok: true as const }));
    const db = await openQueueDb();
    const outcome = await replayStoredQueue(db, 'u2', { send });
    db.close();
    expect(send).not.toHaveBeenCalled();
    expect(outcome.settled).toHaveLength(0);
    expect(await storedActions()).toHaveLength(1);

    // Alice signs in again: her like goes, with her session.
    signIn(alice, 'token-alice-2');
    await replayQueue();
    expect(likes(calls).map((call) => call.headers.get('Authorization'))).toEqual(['Bearer token-alice-2']);
    expect(await storedActions()).toHaveLength(0);
  });

  it('keeps the action for its user when the replay meets a 401 (the session ended)', async () => {
    let sessionValid = false;
    const { calls } = mockFetch(() => (sessionValid ? ok({ likes: 4, disLikes: 1, reactionType: 'like' }) : { status: 401, body: { statusCode: 401, message: 'Invalid or expired access token', success: false } }));
    await aliceLikesOffline();
    online = true;
    await replayQueue();
    expect(likes(calls)).toHaveLength(1);
    expect(getToken()).toBeNull(); // the 401 ended the session
    expect(await storedActions()).toEqual([expect.objectContaining({ userId: 'u1' })]);

    sessionValid = true;
    signIn(alice, 'token-alice-2');
    await replayQueue();
    expect(likes(calls)).toHaveLength(2);
    expect(likes(calls)[1]!.headers.get('Authorization')).toBe('Bearer token-alice-2');
    expect(await storedActions()).toHaveLength(0);
  });
});

function LogoutButton() {
  const logout = useLogout();
  return createElement('button', { type: 'button', onClick: () => void logout() }, 'Log out');
}

describe('sign-out and the queue', () => {
  // The prompt and its dialog are lazy chunks: transformed once here, not inside a test's wait for them.
  beforeAll(() => Promise.all([import('../../src/features/auth/SignOutPrompt'), import('../../src/features/auth/SignOutDialog')]));

  it("online, sends the user's queued actions first, then signs out", async () => {
    let networkUp = false;
    const { calls } = mockFetch((call) => {
      if (!networkUp) throw new TypeError('Failed to fetch');
      return call.url.pathname === '/api/v1/users/logout' ? ok({}) : ok({ likes: 4, disLikes: 1, reactionType: 'like' });
    });
    await aliceLikesOffline();
    // The connection is back, but the page has not replayed yet when the user signs out.
    online = true;
    networkUp = true;
    renderWithApp(createElement(LogoutButton));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(writes(calls).map((call) => call.url.pathname)).toEqual(['/api/v1/likes/toggle/v/v1', '/api/v1/users/logout']);
    expect(writes(calls)[0]!.headers.get('Authorization')).toBe('Bearer token-alice');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await storedActions()).toHaveLength(0);
  });

  it('offline, asks first: Cancel keeps the user and the actions; Sign out discards them and the server is told once online', async () => {
    let networkUp = false;
    const { calls } = mockFetch((call) => {
      if (!networkUp) throw new TypeError('Failed to fetch');
      return call.url.pathname === '/api/v1/users/logout' ? ok({}) : ok({ likes: 4, disLikes: 1, reactionType: 'like' });
    });
    await aliceLikesOffline();
    await storeSharedVideo(new File(['bytes'], 'holiday.mp4', { type: 'video/mp4' }));
    renderWithApp(createElement(LogoutButton));

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    // The prompt mounts after the first paint (afterFirstPaint: idle time, else 2 s), longer than findBy's 1 s on a busy machine.
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    expect(dialog.textContent).toContain('You have 1 action waiting to be sent. Sign out and discard it?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToken()).toBe('token-alice');
    expect(await storedActions()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(await storedActions()).toHaveLength(0);
    expect(await takeSharedVideo()).toBeNull();

    // Back online: the like is never sent; the session is revoked with its own token and no cookies.
    networkUp = true;
    online = true;
    signIn(bob, 'token-bob');
    await replayQueue();
    await revokeSignedOutSessions();
    expect(likes(calls).filter((call) => call.headers.get('Authorization') !== null)).toHaveLength(0);
    const revoked = writes(calls).filter((call) => call.url.pathname === '/api/v1/users/logout');
    expect(revoked.map((call) => [call.headers.get('Authorization'), call.credentials])).toEqual([
      ['Bearer token-alice', 'include'], // the attempt made offline (no answer)
      ['Bearer token-alice', 'omit'],
    ]);
  });
});
