// Queued writes: a queueable mutation (declared in its definition, see offline.ts) made
// offline, or whose request never reached an answer, is stored in IndexedDB as its endpoint name
// and argument with an Idempotency-Key and the user who made it, and replayed in order when the
// network returns, with the SAME key on every attempt, so the server runs it once and answers
// retries with its stored result. Only the signed-in user's actions are shown, counted and sent.
// One queue per store: makeStore creates it and hands it to RTK Query as the thunk extra argument
// (getOfflineQueue reads it back); nothing here lives at module level.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/offline';
import { type ApiError, type ApiRequest, apiCall, apiUrl } from './client';
import type { AnyQueueSpec, QueueMeta } from './offlineTypes';
import { getStoredUser, getToken } from '../lib/storage';
import type { ReauthResult } from '../../shared/queueReplayRules';
import { openQueueDb, type QueueDb, type QueuedAction, type QueueSession, QUEUE_SYNC_TAG, readQueue, storeQueueSession, toStoredRequest } from '../../shared/queueReplay';

export { QUEUE_DB } from '../../shared/queueReplay';
/** A 409 'in progress' or a 5xx retries after this long while online. */
const RETRY_DELAY_MS = 3000;

export interface ReplayHandlers {
  /** The server refused the action (final): the user must be told. */
  onRejected: (action: QueuedAction, error: ApiError) => void;
  /** Some actions left the queue (sent or refused): refresh what they touched. */
  onSettled: (sent: QueuedAction[]) => void;
  /** An action was queued instead of sent. */
  onQueued: (action: QueuedAction) => void;
  /** The re-auth check made offline got its answer (this page replayed it): a 401 ends the session. */
  onReauthResult: (result: ReauthResult) => void;
}

export interface OfflineQueue {
  /** A queueable mutation's spec by endpoint name (offlineEndpoints.ts). */
  specOf(endpoint: string): AnyQueueSpec | undefined;
  /** Reads the signed-in user's stored actions once (app start, after a reload, when the user changes). */
  load(): Promise<QueuedAction[]>;
  /** Reads the store again after the service worker replayed it; what it sent is refreshed. */
  reload(): Promise<void>;
  /** The signed-in user's waiting actions, in order (the UI and the cache patches read it). */
  pending(): readonly QueuedAction[];
  /** Called whenever pending() changes. */
  subscribe(listener: () => void): () => void;
  /** What the screen and the cache hear of replays; returns the stop function. */
  listen(handlers: Partial<ReplayHandlers>): () => void;
  /** The session the worker replays with (it cannot read local storage): boot, sign-in, sign-out. */
  shareSession(session: QueueSession | null): Promise<void>;
  /** Sends the signed-in user's actions in order, one at a time (the rules of shared/queueReplayRules.ts). */
  replay(): Promise<void>;
  /** The queueable mutations' queryFn body: sent with an Idempotency-Key, or queued. */
  sendOrQueue(spec: AnyQueueSpec, arg: unknown, api: BaseQueryApi): Promise<QueryReturnValue<unknown, ApiError, QueueMeta>>;
  /** Sign-out: the user's waiting actions after one more try to send them (online). */
  sendBeforeSignOut(): Promise<number>;
  /** Sign-out without sending: the signed-in user's waiting actions are dropped. */
  discardMine(): Promise<number>;
  /** Closes the database and forgets the mirror (a reload, as far as this queue knows). */
  close(): Promise<void>;
}

/** What the store gives its thunks and RTK Query's queryFns (the thunk extra argument). */
export interface StoreExtra {
  offlineQueue: OfflineQueue;
}

/** The store's offline queue: `store.dispatch(getOfflineQueue())`. */
export const getOfflineQueue =
  (): ThunkAction<OfflineQueue, unknown, StoreExtra, UnknownAction> =>
  (_dispatch, _getState, extra) =>
    extra.offlineQueue;

/** The signed-in user (local storage is the truth, as for the token the requests carry). */
const currentUserId = (): string | null => (getToken() && getStoredUser()?._id) || null;
const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Where Background Sync exists, the worker replays the queue once the network is back, app open or not. */
async function requestBackgroundReplay(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined)?.sync;
  await sync?.register(QUEUE_SYNC_TAG).catch(() => undefined);
}

/**
 * `specOf` finds a stored action's spec by its endpoint name (offlineEndpoints.ts): the request is
 * built from it at replay, and the pending patches read it.
 */
export function createOfflineQueue({ specOf }: { specOf: (endpoint: string) => AnyQueueSpec | undefined }): OfflineQueue {
  let dbPromise: Promise<QueueDb> | null = null;
  /** The signed-in user's stored actions, and of those the writes (what is shown as pending; re-auth checks are not). */
  let mine: QueuedAction[] = [];
  let pending: QueuedAction[] = [];
  const setMine = (actions: QueuedAction[]) => {
    mine = actions;
    pending = actions.filter((action) => action.kind !== 'reauth');
  };
  let loaded: Promise<QueuedAction[]> | null = null;
  /** Whose actions the mirror holds. */
  let loadedFor: string | null = null;
  /** The stored queue has been read (a write then needs no wait before it is sent). */
  let ready = false;
  let replaying: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  const handlers = new Set<Partial<ReplayHandlers>>();

  const notify = () => listeners.forEach((listener) => listener());
  const tell = <K extends keyof ReplayHandlers>(name: K, ...args: Parameters<ReplayHandlers[K]>) =>
    handlers.forEach((handler) => (handler[name] as ((...a: typeof args) => void) | undefined)?.(...args));

  function database(): Promise<QueueDb> {
    // A newer version opened elsewhere (the worker after an update), or the database deleted: let it, reopen on next use.
    dbPromise ??= openQueueDb(() => void close());
    return dbPromise;
  }

  function forgetMirror(): void {
    setMine([]);
    loaded = null;
    loadedFor = null;
    ready = false;
    notify();
  }

  async function close(): Promise<void> {
    const db = await dbPromise?.catch(() => null);
    db?.close();
    dbPromise = null;
    forgetMirror();
  }

  function load(): Promise<QueuedAction[]> {
    const userId = currentUserId();
    if (loaded && loadedFor !== userId) forgetMirror();
    loadedFor = userId;
    // Through a promise: without IndexedDB (server-side rendering) openDB throws at once.
    loaded ??= Promise.resolve()
      .then(database)
      .then((db) => (userId ? readQueue(db, userId) : []))
      .then((actions) => {
        setMine(actions);
        ready = true;
        notify();
        return mine;
      })
      .catch(() => mine);
    return loaded;
  }

  async function reloadMirror(): Promise<QueuedAction[]> {
    const before = mine;
    loaded = null;
    const after = await load();
    return before.filter((action) => !after.some((item) => item.seq === action.seq));
  }

  async function enqueue(action: Omit<QueuedAction, 'seq'>): Promise<QueuedAction> {
    await load();
    const db = await database();
    const seq = await db.add('actions', action as QueuedAction);
    const stored = { ...action, seq };
    setMine([...mine, stored]);
    notify();
    void requestBackgroundReplay();
    return stored;
  }

  /**
   * Sends an action again, its request built anew from its spec; one whose spec is unknown (stored by
   * another version of the app) goes as it was stored, as the worker sends it.
   */
  function send(action: QueuedAction): ReturnType<typeof apiCall> {
    const spec = specOf(action.endpoint);
    const request = spec?.request(action.arg) ?? (action.request && { url: action.request.path, method: action.request.method as ApiRequest['method'], body: action.request.body });
    if (!request) return Promise.resolve({ error: { status: 410, message: `${action.label} can no longer be sent` } });
    return apiCall({ ...request, headers: { [IDEMPOTENCY_KEY_HEADER]: action.key } });
  }

  function retryLater(): void {
    retryTimer ??= setTimeout(() => {
      retryTimer = null;
      void replay();
    }, RETRY_DELAY_MS);
  }

  function replay(): Promise<void> {
    replaying ??= (async () => {
      let settled: QueuedAction[] = [];
      try {
        await load();
        const userId = loadedFor;
        if (!mine.length || !userId) return;
        // The rules load only when something waits: most visits have nothing to send.
        const { replayStoredQueue } = await import('../../shared/queueReplayRules');
        const outcome = await replayStoredQueue(await database(), userId, {
          send: async (action) => {
            const result = await send(action);
            return 'data' in result ? { ok: true, data: result.data } : { ok: false, ...result.error };
          },
          canSend: () => online() && currentUserId() === userId,
          sessionToken: getToken() ?? undefined,
          onReauthResult: (result) => tell('onReauthResult', result),
          onRemoved: (action, error) => {
            setMine(mine.filter((item) => item.seq !== action.seq));
            notify();
            if (error) tell('onRejected', action, { status: error.status, message: error.message });
          },
          onSaved: (action) => {
            setMine(mine.map((item) => (item.seq === action.seq ? action : item)));
          },
        });
        if (outcome.retrySoon) retryLater();
        // The worker may have sent some while this page waited for the lock.
        settled = [...outcome.settled, ...(await reloadMirror())];
      } finally {
        replaying = null;
        if (settled.length) tell('onSettled', settled);
      }
    })();
    return replaying;
  }

  async function queueAction(spec: AnyQueueSpec, arg: unknown, key: string, api: BaseQueryApi, userId: string): Promise<QueryReturnValue<unknown, ApiError, QueueMeta>> {
    const createdAt = Date.now();
    const answer = spec.placeholder(arg, { read: (selector) => selector(api.getState() as never), key, createdAt });
    const request = spec.request(arg);
    const stored = toStoredRequest(apiUrl(request.url, request.params), request.method ?? 'GET', request.body);
    const action = await enqueue({ key, userId, endpoint: api.endpoint, arg, request: stored, label: spec.label(arg), createdAt, serverErrors: 0, answer });
    tell('onQueued', action);
    if (online()) void replay();
    return { data: answer, meta: { queued: true } };
  }

  return {
    specOf,
    load,
    close,
    replay,
    pending: () => pending,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listen(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async reload() {
      const left = await reloadMirror();
      if (left.length) tell('onSettled', left);
    },
    async shareSession(session) {
      if (typeof indexedDB === 'undefined') return;
      await storeQueueSession(await database(), session).catch(() => undefined);
      await load();
      // Signed in again with actions kept from an earlier session: they go now, with this one.
      if (session && mine.length && online()) void replay();
    },
    async sendOrQueue(spec, arg, api) {
      // A stored action is replayed by name: an endpoint the registry does not list would lose its patches after a reload.
      if (!specOf(api.endpoint)) throw new Error(`${api.endpoint} is queueable but offlineEndpoints.ts does not list it`);
      const key = crypto.randomUUID();
      // Queued for the user who made it; signed out there is no one to send it for: it goes as it is.
      const userId = currentUserId();
      if (!ready || loadedFor !== userId) await load();
      if (userId && (!online() || pending.length)) return queueAction(spec, arg, key, api, userId);
      const request = spec.request(arg);
      const result = await apiCall({ ...request, headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: key } }, api.signal);
      // No answer: the server may or may not have run it; the same key makes the replay safe.
      if (userId && 'error' in result && result.error.status === 'FETCH_ERROR' && !api.signal.aborted) return queueAction(spec, arg, key, api, userId);
      return result;
    },
    async sendBeforeSignOut() {
      await load();
      if (pending.length && online()) await replay();
      return pending.length;
    },
    async discardMine() {
      const userId = currentUserId();
      if (!userId || typeof indexedDB === 'undefined') return 0;
      const db = await database();
      const stored = await readQueue(db, userId);
      const tx = db.transaction('actions', 'readwrite');
      await Promise.all([...stored.map((action) => tx.store.delete(action.seq!)), tx.done]);
      setMine([]);
      notify();
      return stored.filter((action) => action.kind !== 'reauth').length;
    },
  };
}
