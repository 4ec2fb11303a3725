// The actions that may wait offline (issue 9) and how each shows as pending: the answer the screen
// gets at once (placeholder) and the patch of cached data that shows it until the server has it.
// Patches are re-applied on every fresh answer of an affected query (and after a reload), in queue
// order, so server data plus pending actions is what the screens show. Each patch sets the state
// its action leads to (not a toggle), so applying it twice (a persisted patched entry) is harmless.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { Comment, ReactionType, SubscriptionStatus, Video } from '../../contract/entities';
import { toast, TOAST_DURATION } from '../components/toast';
import { insertComment } from '../features/comments/useCommentActions';
import { toggleReaction } from '../lib/reaction';
import { api, rehydrateApiCache, type TagType } from './api';
import './endpoints'; // every endpoint is injected before enhanceEndpoints below
import type { ApiRequest } from './client';
import { loadQueue, pendingActions, type QueuedAction, type QueueMeta, registerQueueable, replayQueue, setReplayHandlers } from './offlineQueue';

export const PENDING_ID_PREFIX = 'pending-';
export const isPendingId = (id: string) => id.startsWith(PENDING_ID_PREFIX);
export const QUEUED_MESSAGE = 'You are offline: saved, it will sync when you are back online';

type State = { api: ReturnType<typeof api.reducer>; auth: { currentUser: { _id: string; username: string; fullName: string; avatar: string } | null } };
type Recipe = (draft: never) => void;
interface CachePatch {
  endpoint: string;
  /** Which cached entries of the endpoint (by their argument); all when absent. */
  arg?: unknown;
  recipe: Recipe;
}

const lastSegment = (url: string) => decodeURIComponent(url.split('/').pop() ?? '');
const bodyOf = <T>(request: Pick<ApiRequest, 'body'>) => (request.body ?? {}) as T;

function cachedEntries(state: State, endpoint: string): { arg: unknown; data: unknown }[] {
  return Object.values(state.api.queries)
    .filter((entry) => entry?.endpointName === endpoint && entry.status === 'fulfilled')
    .map((entry) => ({ arg: entry!.originalArgs, data: entry!.data }));
}

function findComment(state: State, commentId: string): Comment | undefined {
  for (const { data } of cachedEntries(state, 'getComments')) {
    const found = (data as Comment[] | undefined)?.find((comment) => comment._id === commentId);
    if (found) return found;
  }
  return undefined;
}

function pendingComment(action: Pick<QueuedAction, 'key' | 'request' | 'createdAt'>, state: State): Comment {
  const { content, parentId } = bodyOf<{ content: string; parentId?: string }>(action.request);
  const me = state.auth.currentUser;
  const at = new Date(action.createdAt).toISOString();
  return {
    _id: `${PENDING_ID_PREFIX}${action.key}`,
    videoId: lastSegment(action.request.url),
    parentId: parentId ?? null,
    content,
    createdAt: at,
    updatedAt: at,
    owner: { _id: me?._id ?? '', username: me?.username ?? '', fullName: me?.fullName ?? '', avatar: me?.avatar ?? '' },
    totalLikes: 0,
    isLiked: false,
  };
}

const toggledLike = (comment: Pick<Comment, 'isLiked' | 'totalLikes'>) => ({
  isLiked: !comment.isLiked,
  totalLikes: Math.max(0, comment.totalLikes + (comment.isLiked ? -1 : 1)),
});

/** Per endpoint: its name in toasts, its answer while queued and the cache patches showing it. */
const SPECS: Record<string, { label: (r: ApiRequest) => string; placeholder: (r: ApiRequest, s: State, key: string) => unknown; patches: (a: QueuedAction, s: State) => CachePatch[] }> = {
  toggleVideoReaction: {
    label: (r) => (r.params?.reactionType === 'disLike' ? 'Dislike' : 'Like'),
    // The endpoint already patched the video optimistically: answer with what it shows.
    placeholder: (r, s) => {
      const video = cachedEntries(s, 'getVideo').find((entry) => entry.arg === lastSegment(r.url))?.data as Video | undefined;
      return { likes: video?.likes ?? 0, disLikes: video?.disLikes ?? 0, reactionType: video?.userReaction ?? null };
    },
    patches: (a) => [
      {
        endpoint: 'getVideo',
        arg: lastSegment(a.request.url),
        recipe: ((video: Video) => {
          const target = (a.answer as { reactionType: ReactionType | null } | undefined)?.reactionType ?? null;
          if (video.userReaction === target) return;
          Object.assign(video, toggleReaction(video, (target ?? video.userReaction)!));
        }) as Recipe,
      },
    ],
  },
  addComment: {
    label: () => 'Comment',
    placeholder: (r, s, key) => pendingComment({ key, request: r, createdAt: Date.now() }, s),
    patches: (a, s) => [
      { endpoint: 'getComments', arg: lastSegment(a.request.url), recipe: ((list: Comment[]) => insertComment(list, (a.answer as Comment | undefined) ?? pendingComment(a, s))) as Recipe },
    ],
  },
  updateComment: {
    label: () => 'Comment edit',
    placeholder: (r, s) => ({ ...findComment(s, lastSegment(r.url)), content: bodyOf<{ content: string }>(r).content, updatedAt: new Date().toISOString() }),
    patches: (a) => [
      {
        endpoint: 'getComments',
        recipe: ((list: Comment[]) => {
          const comment = list.find((c) => c._id === lastSegment(a.request.url));
          if (comment) Object.assign(comment, { content: bodyOf<{ content: string }>(a.request).content, updatedAt: new Date(a.createdAt).toISOString() });
        }) as Recipe,
      },
    ],
  },
  deleteComment: {
    label: () => 'Comment delete',
    placeholder: () => ({}),
    patches: (a) => [
      {
        endpoint: 'getComments',
        recipe: ((list: Comment[]) => {
          const id = lastSegment(a.request.url);
          for (let i = list.length - 1; i >= 0; i--) if (list[i]!._id === id || list[i]!.parentId === id) list.splice(i, 1);
        }) as Recipe,
      },
    ],
  },
  toggleCommentLike: {
    label: () => 'Comment like',
    placeholder: (r, s) => toggledLike(findComment(s, lastSegment(r.url)) ?? { isLiked: false, totalLikes: 0 }),
    patches: (a) => [
      {
        endpoint: 'getComments',
        arg: bodyOf<{ videoId: string }>(a.request).videoId,
        recipe: ((list: Comment[]) => {
          const comment = list.find((c) => c._id === lastSegment(a.request.url));
          if (comment && comment.isLiked !== (a.answer as { isLiked?: boolean } | undefined)?.isLiked) Object.assign(comment, toggledLike(comment));
        }) as Recipe,
      },
    ],
  },
  toggleSubscription: {
    label: () => 'Subscription',
    placeholder: (r, s) => {
      const status = cachedEntries(s, 'getSubscriptionStatus').find((entry) => entry.arg === lastSegment(r.url))?.data as SubscriptionStatus | undefined;
      return status ? toggledSubscription(status) : { isSubscribed: true, totalSubscribers: 1 };
    },
    patches: (a) => [
      {
        endpoint: 'getSubscriptionStatus',
        arg: lastSegment(a.request.url),
        recipe: ((status: SubscriptionStatus) => {
          if (status.isSubscribed !== (a.answer as { isSubscribed?: boolean } | undefined)?.isSubscribed) Object.assign(status, toggledSubscription(status));
        }) as Recipe,
      },
    ],
  },
  addVideoToPlaylist: { label: () => 'Save to playlist', placeholder: () => ({}), patches: () => [] },
  removeVideoFromPlaylist: { label: () => 'Playlist removal', placeholder: () => ({}), patches: () => [] },
  renamePlaylist: { label: () => 'Playlist rename', placeholder: (r) => ({ name: bodyOf<{ name: string }>(r).name }), patches: () => [] },
  deletePlaylist: { label: () => 'Playlist delete', placeholder: () => ({}), patches: () => [] },
};

function toggledSubscription(status: SubscriptionStatus): SubscriptionStatus {
  return { isSubscribed: !status.isSubscribed, totalSubscribers: Math.max(0, status.totalSubscribers + (status.isSubscribed ? -1 : 1)) };
}

for (const [name, spec] of Object.entries(SPECS)) {
  registerQueueable(name, { label: spec.label, placeholder: (request, state, key) => spec.placeholder(request, state as State, key) });
}

// Read the stored queue now, so that the first write of the session need not wait for it.
void loadQueue();

type Invalidates = (result: unknown, error: unknown, arg: unknown, meta: unknown) => readonly unknown[];
// A queued action has changed nothing on the server yet: refetching now would only drop unused
// entries or bring back stale copies. The replay invalidates what it touched (SYNCED_TAGS).
api.enhanceEndpoints({
  endpoints: Object.fromEntries(
    Object.keys(SPECS).map((name) => [
      name,
      (definition: { invalidatesTags?: Invalidates | readonly unknown[] }) => {
        const original = definition.invalidatesTags;
        definition.invalidatesTags = (result, error, arg, meta) => {
          if ((meta as QueueMeta | undefined)?.queued) return [];
          return typeof original === 'function' ? original(result, error, arg, meta) : (original ?? []);
        };
      },
    ]),
  ) as never,
});

/** Applies the pending actions' patches to the cached entries (of one endpoint and arg, or all). */
function applyPending(dispatch: (action: never) => unknown, state: State, only?: { endpoint: string; arg: unknown }): void {
  for (const action of pendingActions()) {
    for (const patch of SPECS[action.endpoint]?.patches(action, state) ?? []) {
      if (only && (patch.endpoint !== only.endpoint || ('arg' in patch && patch.arg !== only.arg))) continue;
      for (const entry of cachedEntries(state, patch.endpoint)) {
        if (only && entry.arg !== only.arg) continue;
        if ('arg' in patch && patch.arg !== entry.arg) continue;
        dispatch(api.util.updateQueryData(patch.endpoint as never, entry.arg as never, patch.recipe as never) as never);
      }
    }
  }
}

type FetchedQuery = UnknownAction & { meta: { arg: { type: string; endpointName: string; originalArgs: unknown }; baseQueryMeta?: QueueMeta } };
const isQueryFulfilled = (action: unknown): action is FetchedQuery =>
  typeof (action as FetchedQuery).type === 'string' &&
  (action as FetchedQuery).type.endsWith('/fulfilled') &&
  (action as FetchedQuery).meta?.arg?.type === 'query' &&
  (action as FetchedQuery).meta?.baseQueryMeta?.fetched === true;

/** Re-applies pending actions over fresh server answers and over the rehydrated cache. */
export const offlineQueueMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (!pendingActions().length) return result;
  if (rehydrateApiCache.match(action)) applyPending(store.dispatch as never, store.getState() as State);
  else if (isQueryFulfilled(action)) {
    applyPending(store.dispatch as never, store.getState() as State, { endpoint: action.meta.arg.endpointName, arg: action.meta.arg.originalArgs });
  }
  return result;
};

/** Everything a replayed action may have changed. */
const SYNCED_TAGS: TagType[] = ['Video', 'VideoReaction', 'LikedVideo', 'Comment', 'CommentReaction', 'Subscription', 'Profile', 'Playlist'];

/** Loads the stored queue, shows it, and replays it at start, on 'online' and when the worker asks. */
export function startOfflineQueue(store: { dispatch: (action: never) => unknown; getState: () => unknown }): void {
  setReplayHandlers({
    onQueued: () => toast.info(QUEUED_MESSAGE),
    onRejected: (action, error) =>
      toast.error(`Could not sync your ${action.label.toLowerCase()}: ${error.message}`, TOAST_DURATION.watchError),
    onSettled: () => store.dispatch(api.util.invalidateTags(SYNCED_TAGS) as never),
  });
  void loadQueue().then(() => {
    applyPending(store.dispatch as never, store.getState() as State);
    void replayQueue();
  });
  window.addEventListener('online', () => void replayQueue());
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'REPLAY_OFFLINE_QUEUE') void replayQueue();
  });
}
