// The re-auth check made offline (the worker queues a /users/me that found no network) waits in the
// same offline queue as the writes: the page's replay and the worker's run the same rules, any
// answer settles it and goes to onReauthResult (a 401 stops the replay, the session being over),
// a check made with an earlier session is dropped unsent, and only the latest check is kept.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openQueueDb, queueReauthCheck } from '../../shared/queueReplay';
import { replayStoredQueue } from '../../shared/queueReplayRules';
import { getToken } from '../../src/lib/storage';
import { alice, fail, mockFetch, ok, type RecordedCall, signIn } from './helpers';
import { closeQueueDb, emptyQueueDb, listenToQueue, loadQueue, makeQueueStore, pendingActions, replayQueue } from './queueDb';

const onReauthResult = vi.fn();

beforeEach(async () => {
  await emptyQueueDb();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  onReauthResult.mockReset();
  listenToQueue({ onReauthResult });
  signIn(alice, 'token-alice');
});
afterEach(() => closeQueueDb());

async function stored() {
  const db = await openQueueDb();
  try {
    return await db.getAll('actions');
  } finally {
    db.close();
  }
}

/** What the worker does when /users/me finds no network; a like queued after it. */
async function queueCheckThenLike(token = 'token-alice') {
  const db = await openQueueDb();
  await queueReauthCheck(db, { token, userId: alice._id }, 'k-check');
  await db.add('actions', { key: 'k-like', userId: alice._id, endpoint: 'toggleVideoReaction', arg: { videoId: 'v1', reactionType: 'like' }, label: 'Like', createdAt: Date.now(), serverErrors: 0 });
  db.close();
}

const paths = (calls: RecordedCall[]) => calls.map((call) => `${call.method} ${call.url.pathname}`);

describe('the re-auth check in the offline queue', () => {
  it('is replayed first, its answer handed over; the writes behind it follow; it is not shown as pending', async () => {
    await queueCheckThenLike();
    makeQueueStore();
    await loadQueue();
    expect(pendingActions().map((action) => action.label)).toEqual(['Like']); // the banner counts writes only
    const { calls } = mockFetch((call) => (call.url.pathname === '/api/v1/users/me' ? ok({ ...alice, fullName: 'Alice Renamed' }) : ok({ likes: 1, disLikes: 0, reactionType: 'like' })));
    await replayQueue();
    expect(paths(calls)).toEqual(['GET /api/v1/users/me', 'POST /api/v1/likes/toggle/v/v1']);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer token-alice');
    expect(onReauthResult).toHaveBeenCalledTimes(1);
    expect(onReauthResult.mock.calls[0]![0]).toMatchObject({ status: 200, user: { fullName: 'Alice Renamed' } });
    expect(await stored()).toEqual([]);
  });

  it('a 401 settles the check, ends the session and keeps the writes for the same user', async () => {
    await queueCheckThenLike();
    makeQueueStore();
    const { calls } = mockFetch(() => fail(401, 'Invalid or expired access token'));
    await replayQueue();
    expect(paths(calls)).toEqual(['GET /api/v1/users/me']);
    expect(onReauthResult.mock.calls.map(([result]) => result)).toEqual([{ status: 401 }]);
    expect(getToken()).toBeNull();
    expect((await stored()).map((action) => action.key)).toEqual(['k-like']);
  });

  it('no network keeps the check; a check made with an earlier session is dropped unsent', async () => {
    await queueCheckThenLike('token-before');
    makeQueueStore();
    const { calls } = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await replayQueue();
    // The check was dropped unsent (another token); the like was tried and kept.
    expect(paths(calls)).toEqual(['POST /api/v1/likes/toggle/v/v1']);
    expect(onReauthResult).not.toHaveBeenCalled();
    expect((await stored()).map((action) => action.key)).toEqual(['k-like']);

    const db = await openQueueDb();
    await queueReauthCheck(db, { token: 'token-alice', userId: alice._id }, 'k-1');
    await queueReauthCheck(db, { token: 'token-alice', userId: alice._id }, 'k-2');
    expect((await db.getAll('actions')).map((action) => action.key)).toEqual(['k-like', 'k-2']); // only the latest check
    // The worker's sender and rules: offline, the check stays.
    const outcome = await replayStoredQueue(db, alice._id, { send: async () => ({ ok: false, status: 'FETCH_ERROR', message: 'Network error' }), sessionToken: 'token-alice' });
    db.close();
    expect(outcome.offline).toBe(true);
    expect(await stored()).toHaveLength(2);
  });
});
