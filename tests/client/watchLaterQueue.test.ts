// Watch later offline: a save made offline waits in the queue and is sent once with its key when the
// network is back; an action whose endpoint this app does not list (stored by another version of
// the app) goes as it was stored, as the worker would send it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLaterApi } from '../../src/api/endpoints/watchLater';
import { openQueueDb } from '../../shared/queueReplay';
import { alice, mockFetch, ok, type RecordedCall, signIn } from './helpers';
import { closeQueueDb, emptyQueueDb, listenToQueue, loadQueue, makeQueueStore, pendingActions, replayQueue } from './queueDb';

let online = true;
const onRejected = vi.fn();

beforeEach(async () => {
  await emptyQueueDb();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  onRejected.mockReset();
  listenToQueue({ onRejected, onSettled: () => undefined, onQueued: () => undefined });
  signIn();
});
afterEach(() => closeQueueDb());

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

describe('Watch later offline', () => {
  it('queues a save and a removal made offline and sends each once, in order, with its key', async () => {
    const store = makeQueueStore();
    const { calls } = mockFetch((call) => ok({ videoId: 'v1', saved: call.method === 'POST', savedAt: null }));
    online = false;
    const saved = await store.dispatch(watchLaterApi.endpoints.saveToWatchLater.initiate('v1'));
    await store.dispatch(watchLaterApi.endpoints.removeFromWatchLater.initiate('v2'));
    expect(saved.data).toMatchObject({ videoId: 'v1', saved: true, savedAt: expect.any(String) });
    expect(writes(calls)).toHaveLength(0);
    expect(pendingActions().map((action) => action.label)).toEqual(['Save to Watch later', 'Remove from Watch later']);
    const keys = pendingActions().map((action) => action.key);

    online = true;
    await replayQueue();
    expect(writes(calls).map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/v1/watch-later/v1', 'DELETE /api/v1/watch-later/v2']);
    expect(writes(calls).map((call) => call.headers.get('Idempotency-Key'))).toEqual(keys);
    expect(pendingActions()).toHaveLength(0);
    await replayQueue();
    expect(writes(calls)).toHaveLength(2);
  });

  it('sends a stored action whose endpoint this app does not list as it was stored', async () => {
    const db = await openQueueDb();
    await db.add('actions', {
      key: 'k-lazy',
      userId: alice._id,
      endpoint: 'anAreaNotLoadedYet',
      arg: 'v3',
      request: { path: '/watch-later/v3', method: 'POST' },
      label: 'Save to Watch later',
      createdAt: Date.now(),
      serverErrors: 0,
    });
    db.close();
    makeQueueStore();
    await loadQueue();
    const { calls } = mockFetch(() => ok({ videoId: 'v3', saved: true, savedAt: '2026-01-01T00:00:00.000Z' }));
    await replayQueue();
    expect(writes(calls).map((call) => [call.method, call.url.pathname, call.headers.get('Idempotency-Key')])).toEqual([['POST', '/api/v1/watch-later/v3', 'k-lazy']]);
    expect(onRejected).not.toHaveBeenCalled();
    expect(pendingActions()).toHaveLength(0);
  });
});
