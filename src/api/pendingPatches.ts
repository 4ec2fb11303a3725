// Queued actions shown as pending: each queued action's patches (declared in its
// endpoint's definition, see offline.ts) are re-applied over every fresh server answer of an affected query and
// over the rehydrated cache, in queue order, so server data plus pending actions is what the
// screens show. Also starts the queue: what the screen says, replay at start, on 'online', refresh after a replay.
import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { TOAST_DURATION } from '../lib/toastDuration';
import { api, rehydrateApiCache } from './api';
import type { CachePatch, QueueMeta } from './offlineTypes';
import { getOfflineQueue, type OfflineQueue, type StoreExtra } from './offlineQueue';
import type { TagType } from './tags';

const QUEUED_MESSAGE = 'You are offline: saved, it will sync when you are back online';

type Dispatch = (action: never) => unknown;
type ApiState = { api: ReturnType<typeof api.reducer> };

function cachedArgs(state: ApiState, endpoint: string): unknown[] {
  return Object.values(state.api.queries)
    .filter((entry) => entry?.endpointName === endpoint && entry.status === 'fulfilled')
    .map((entry) => entry!.originalArgs);
}

function patchesOfQueue(queue: OfflineQueue): CachePatch[] {
  return queue.pending().flatMap((action) => queue.specOf(action.endpoint)?.patches?.(action.arg, action.answer) ?? []);
}

/** Applies patches to the cached entries they target (only those of one endpoint and arg, if given). */
function applyPatches(patches: CachePatch[], dispatch: Dispatch, state: ApiState, only?: { endpoint: string; arg: unknown }): void {
  for (const patch of patches) {
    if (only && (patch.endpoint !== only.endpoint || ('arg' in patch && patch.arg !== only.arg))) continue;
    for (const arg of cachedArgs(state, patch.endpoint)) {
      if (only && arg !== only.arg) continue;
      if ('arg' in patch && patch.arg !== arg) continue;
      dispatch(api.util.updateQueryData(patch.endpoint as never, arg as never, patch.recipe as never) as never);
    }
  }
}

/** Applies the pending actions' patches, in queue order. */
const applyPending = (queue: OfflineQueue, dispatch: Dispatch, state: ApiState, only?: { endpoint: string; arg: unknown }) =>
  applyPatches(patchesOfQueue(queue), dispatch, state, only);

type QueuedMutation = UnknownAction & { payload: unknown; meta: { arg: { type: string; endpointName: string; originalArgs: unknown }; baseQueryMeta?: QueueMeta } };
const isMutationQueued = (action: unknown): action is QueuedMutation =>
  typeof (action as QueuedMutation).type === 'string' &&
  (action as QueuedMutation).type.endsWith('/fulfilled') &&
  (action as QueuedMutation).meta?.arg?.type === 'mutation' &&
  (action as QueuedMutation).meta?.baseQueryMeta?.queued === true;

type FetchedQuery = UnknownAction & { meta: { arg: { type: string; endpointName: string; originalArgs: unknown }; baseQueryMeta?: QueueMeta } };
const isQueryFetched = (action: unknown): action is FetchedQuery =>
  typeof (action as FetchedQuery).type === 'string' &&
  (action as FetchedQuery).type.endsWith('/fulfilled') &&
  (action as FetchedQuery).meta?.arg?.type === 'query' &&
  (action as FetchedQuery).meta?.baseQueryMeta?.fetched === true;

/** Shows an action as pending once queued; re-applies the store's queue over fresh answers and the rehydrated cache. */
export const pendingPatchesMiddleware =
  (queue: OfflineQueue): Middleware<object, ApiState> =>
  (store) =>
  (next) =>
  (action) => {
    const result = next(action);
    if (isMutationQueued(action)) {
      const { endpointName, originalArgs } = action.meta.arg;
      const patches = queue.specOf(endpointName)?.patches?.(originalArgs, action.payload) ?? [];
      applyPatches(patches, store.dispatch as Dispatch, store.getState());
      return result;
    }
    if (!queue.pending().length) return result;
    if (rehydrateApiCache.match(action)) applyPending(queue, store.dispatch as Dispatch, store.getState());
    else if (isQueryFetched(action)) {
      applyPending(queue, store.dispatch as Dispatch, store.getState(), { endpoint: action.meta.arg.endpointName, arg: action.meta.arg.originalArgs });
    }
    return result;
  };

/** Everything a replayed action may have changed. */
const SYNCED_TAGS: TagType[] = ['Video', 'VideoReaction', 'LikedVideo', 'Comment', 'CommentReaction', 'Subscription', 'Profile', 'Playlist'];

/** How the screen tells the user about the queue (main.tsx gives the toasts). */
interface OfflineQueueScreen {
  info(message: string): void;
  error(message: string, durationMs: number): void;
}

type QueueStore = { dispatch: ThunkDispatch<ApiState, StoreExtra, UnknownAction>; getState: () => ApiState };

/** Loads the store's queue, tells the screen about it, and replays it at start and on 'online'; returns the stop function. */
export function startOfflineQueue(store: QueueStore, screen: OfflineQueueScreen): () => void {
  const queue = store.dispatch(getOfflineQueue());
  const stopListening = queue.listen({
    onQueued: () => screen.info(QUEUED_MESSAGE),
    onRejected: (action, error) => screen.error(`Could not sync your ${action.label.toLowerCase()}: ${error.message}`, TOAST_DURATION.watchError),
    onSettled: () => store.dispatch(api.util.invalidateTags(SYNCED_TAGS)),
  });
  void queue.load().then(() => {
    applyPending(queue, store.dispatch as Dispatch, store.getState());
    void queue.replay();
  });
  const onOnline = () => void queue.replay();
  window.addEventListener('online', onOnline);
  return () => {
    stopListening();
    window.removeEventListener('online', onOnline);
  };
}
