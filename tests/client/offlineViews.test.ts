// A view of a downloaded video watched offline waits in the queue with its Idempotency-Key and is
// reported once when the network returns, even when two replays (two tabs) start together.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/api';
import { mockFetch, ok, signIn } from './helpers';
import { closeQueueDb, emptyQueueDb, listenToQueue, makeQueueStore, pendingActions, replayQueue } from './queueDb';

let online = true;

beforeEach(async () => {
  await emptyQueueDb();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  listenToQueue({ onRejected: () => undefined, onSettled: () => undefined, onQueued: () => undefined });
  signIn();
});
afterEach(() => closeQueueDb());

describe('offline views', () => {
  it('queues the view offline and reports it once after reconnecting, with the key made offline', async () => {
    await import('../../src/api/endpoints/offlineViews');
    const store = makeQueueStore();
    const { calls } = mockFetch(() => ok({ totalViews: 1, isViewed: true }));
    online = false;
    const endpoint = (api.endpoints as unknown as Record<string, { initiate: (arg: string) => never }>).reportOfflineView!;
    await store.dispatch(endpoint.initiate('v1'));
    expect(calls).toHaveLength(0);
    expect(pendingActions().map((action) => action.label)).toEqual(['Offline view']);
    const key = pendingActions()[0]!.key;

    online = true;
    await Promise.all([replayQueue(), replayQueue()]);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url.pathname, call.headers.get('Idempotency-Key')])).toEqual([['/api/v1/views/add/v1', key]]);
    expect(pendingActions()).toHaveLength(0);
  });
});
