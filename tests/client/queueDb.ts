// The offline queue in client tests: each store made here has its own queue (makeStore creates it);
// the helpers act on the last store's. Between tests its connection is closed and the database deleted.
import { getOfflineQueue, type OfflineQueue, QUEUE_DB, type ReplayHandlers } from '../../src/api/offlineQueue';
import { makeStore } from '../../src/app/store';

let current: OfflineQueue | null = null;
let handlers: Partial<ReplayHandlers> = {};

/** A store whose queue the helpers below use, told about replays through `listenToQueue`'s handlers. */
export function makeQueueStore(...args: Parameters<typeof makeStore>) {
  const store = makeStore(...args);
  current = store.dispatch(getOfflineQueue());
  current.listen({
    onQueued: (...a) => handlers.onQueued?.(...a),
    onRejected: (...a) => handlers.onRejected?.(...a),
    onSettled: (...a) => handlers.onSettled?.(...a),
    onReauthResult: (...a) => handlers.onReauthResult?.(...a),
  });
  return store;
}

export function listenToQueue(next: Partial<ReplayHandlers>): void {
  handlers = next;
}

const queue = (): OfflineQueue => {
  if (!current) throw new Error('make a store with makeQueueStore first');
  return current;
};
export const pendingActions = () => current?.pending() ?? [];
export const replayQueue = () => queue().replay();
export const loadQueue = () => queue().load();
export const closeQueueDb = async () => current?.close();

export async function emptyQueueDb(): Promise<void> {
  await current?.close();
  current = null;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}
