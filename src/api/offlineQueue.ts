// Queued writes: a queueable mutation (declared in its definition, see offline.ts) made
// offline, or whose request never reached an answer, is stored in IndexedDB as its endpoint name
// and argument with an Idempotency-Key and the user who made it, and replayed in order when the
// network returns, with the SAME key on every attempt, so the server runs it once and answers
// retries with its stored result. Only the signed-in user's actions are shown, counted and sent.
import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/offline';
import { type ApiError, type ApiRequest, apiCall, apiUrl } from './client';
import type { AnyQueueSpec, OfflineOptions, QueueMeta } from './offlineTypes';
import { getStoredUser, getToken } from '../lib/storage';
import { openQueueDb, type QueueDb, type QueuedAction, QUEUE_SYNC_TAG, readQueue, storeQueueSession, toStoredRequest } from '../../shared/queueReplay';

export { QUEUE_DB, type QueuedAction } from '../../shared/queueReplay';
/** A 409 'in progress' or a 5xx retries after this long while online. */
const RETRY_DELAY_MS = 3000;

// --- Storage (one ordered store; seq is the order; queueReplay.ts owns its shape) -----------

let dbPromise: Promise<QueueDb> | null = null;
function database(): Promise<QueueDb> {
  // A newer version opened elsewhere (the worker after an update): let it, and reopen on next use.
  dbPromise ??= openQueueDb(() => void closeQueueDb());
  return dbPromise;
}

export async function closeQueueDb(): Promise<void> {
  const db = await dbPromise?.catch(() => null);
  db?.close();
  dbPromise = null;
  forgetMirror();
}

function forgetMirror(): void {
  pending = [];
  loaded = null;
  loadedFor = null;
  ready = false;
  notify();
}

/** The signed-in user (local storage is the truth, as for the token the requests carry). */
const currentUserId = (): string | null => (getToken() && getStoredUser()?._id) || null;

/** The in-memory mirror of the signed-in user's actions, in order (read by the UI and the cache patches). */
let pending: QueuedAction[] = [];
let loaded: Promise<QueuedAction[]> | null = null;
/** Whose actions the mirror holds. */
let loadedFor: string | null = null;
/** The stored queue has been read (a write then needs no wait before it is sent). */
let ready = false;
const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function pendingActions(): readonly QueuedAction[] {
  return pending;
}

/** Reads the signed-in user's stored actions once (app start, after a reload, when the user changes). */
export function loadQueue(): Promise<QueuedAction[]> {
  const userId = currentUserId();
  if (loaded && loadedFor !== userId) forgetMirror();
  loadedFor = userId;
  // Through a promise: without IndexedDB (server-side rendering) openDB throws at once.
  loaded ??= Promise.resolve()
    .then(database)
    .then((db) => (userId ? readQueue(db, userId) : []))
    .then((actions) => {
      pending = actions;
      ready = true;
      notify();
      return pending;
    })
    .catch(() => pending);
  return loaded;
}

/**
 * Reads the store again after the service worker replayed it: the actions it sent are gone
 * (returned, so their data can be refreshed); those still waiting stay shown as pending.
 */
export async function reloadQueue(): Promise<void> {
  const left = await reloadMirror();
  if (left.length) handlers.onSettled(left);
}

async function reloadMirror(): Promise<QueuedAction[]> {
  const before = pending;
  loaded = null;
  const after = await loadQueue();
  return before.filter((action) => !after.some((item) => item.seq === action.seq));
}

async function enqueue(action: Omit<QueuedAction, 'seq'>): Promise<QueuedAction> {
  await loadQueue();
  const db = await database();
  const seq = await db.add('actions', action as QueuedAction);
  const stored = { ...action, seq };
  pending = [...pending, stored];
  notify();
  void requestBackgroundReplay();
  return stored;
}

/** Where Background Sync exists, the worker replays the queue once the network is back, app open or not. */
async function requestBackgroundReplay(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined)?.sync;
  await sync?.register(QUEUE_SYNC_TAG).catch(() => undefined);
}

/**
 * The worker sends the queued actions of this user with this token (it cannot read local storage):
 * kept in step with the session at boot, sign-in and sign-out. The page's mirror follows too.
 */
export async function shareSession(session: { token: string; userId: string } | null): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await storeQueueSession(await database(), session).catch(() => undefined);
  await loadQueue();
  // Signed in again with actions kept from an earlier session: they go now, with this one.
  if (session && pending.length && online()) void replayQueue();
}

// --- Sending ---------------------------------------------------------------------------------

/**
 * Finds a stored action's spec by its endpoint name. Installed by the store from offlineEndpoints.ts,
 * which gathers the areas' queueable writes: this module cannot import them, as they import it.
 */
let queueSpecOf: (endpoint: string) => AnyQueueSpec | undefined = () => undefined;
export function setQueueSpecLookup(lookup: (endpoint: string) => AnyQueueSpec | undefined): void {
  queueSpecOf = lookup;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Sends an action again, its request built anew from its spec; one whose spec this page has not read
 * (a lazy screen's area not loaded yet) goes as it was stored, as the worker sends it.
 */
function send(action: QueuedAction): ReturnType<typeof apiCall> {
  const spec = queueSpecOf(action.endpoint);
  const request = spec?.request(action.arg) ?? (action.request && { url: action.request.path, method: action.request.method as ApiRequest['method'], body: action.request.body });
  if (!request) return Promise.resolve({ error: { status: 410, message: `${action.label} can no longer be sent` } });
  return apiCall({ ...request, headers: { [IDEMPOTENCY_KEY_HEADER]: action.key } });
}

export interface ReplayHandlers {
  /** The server refused the action (final): the user must be told. */
  onRejected: (action: QueuedAction, error: ApiError) => void;
  /** Some actions left the queue (sent or refused): refresh what they touched. */
  onSettled: (sent: QueuedAction[]) => void;
  /** An action was queued instead of sent. */
  onQueued: (action: QueuedAction) => void;
}
let handlers: ReplayHandlers = { onRejected: () => undefined, onSettled: () => undefined, onQueued: () => undefined };
export function setReplayHandlers(next: Partial<ReplayHandlers>): void {
  handlers = { ...handlers, ...next };
}

let replaying: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function retryLater(): void {
  retryTimer ??= setTimeout(() => {
    retryTimer = null;
    void replayQueue();
  }, RETRY_DELAY_MS);
}

/**
 * Sends the signed-in user's actions in order, one at a time, with their session (the rules are
 * queueReplayRules.ts', shared with the worker). Stops if the user changes meanwhile.
 */
export function replayQueue(): Promise<void> {
  replaying ??= (async () => {
    let settled: QueuedAction[] = [];
    try {
      await loadQueue();
      const userId = loadedFor;
      if (!pending.length || !userId) return;
      // The rules load only when something waits: most visits have nothing to send.
      const { replayStoredQueue } = await import('../../shared/queueReplayRules');
      const outcome = await replayStoredQueue(await database(), userId, {
        send: async (action) => {
          const result = await send(action);
          return 'data' in result ? { ok: true } : { ok: false, ...result.error };
        },
        canSend: () => online() && currentUserId() === userId,
        onRemoved: (action, error) => {
          pending = pending.filter((item) => item.seq !== action.seq);
          notify();
          if (error) handlers.onRejected(action, { status: error.status, message: error.message });
        },
        onSaved: (action) => {
          pending = pending.map((item) => (item.seq === action.seq ? action : item));
        },
      });
      if (outcome.retrySoon) retryLater();
      // The worker may have sent some while this page waited for the lock.
      settled = [...outcome.settled, ...(await reloadMirror())];
    } finally {
      replaying = null;
      if (settled.length) handlers.onSettled(settled);
    }
  })();
  return replaying;
}

async function queueAction(spec: AnyQueueSpec, arg: unknown, key: string, api: BaseQueryApi, userId: string): Promise<QueryReturnValue<unknown, ApiError, QueueMeta>> {
  const endpoint = api.endpoint;
  const createdAt = Date.now();
  const answer = spec.placeholder(arg, { read: (selector) => selector(api.getState() as never), key, createdAt });
  const request = spec.request(arg);
  const stored = toStoredRequest(apiUrl(request.url, request.params), request.method ?? 'GET', request.body);
  const action = await enqueue({ key, userId, endpoint, arg, request: stored, label: spec.label(arg), createdAt, serverErrors: 0, answer });
  handlers.onQueued(action);
  if (online()) void replayQueue();
  return { data: answer, meta: { queued: true } };
}

/**
 * The queryFn of every queueable mutation (set by queueable(), which puts the spec in extraOptions):
 * the request gets an Idempotency-Key and is queued when offline, when older actions still wait
 * (order), or when it fails on the network.
 */
export async function sendOrQueue(arg: unknown, api: BaseQueryApi, extraOptions: OfflineOptions | undefined): Promise<QueryReturnValue<never, ApiError, QueueMeta>> {
  const spec = extraOptions?.queue;
  if (!spec) throw new Error(`${api.endpoint} uses sendOrQueue without queueable()`);
  // A stored action is replayed by name: an endpoint the registry does not read would be lost after a reload.
  if (!queueSpecOf(api.endpoint)) throw new Error(`${api.endpoint} is queueable but offlineEndpoints.ts does not list it`);
  const key = crypto.randomUUID();
  // Queued for the user who made it; signed out there is no one to send it for: it goes as it is.
  const userId = currentUserId();
  if (!ready || loadedFor !== userId) await loadQueue();
  if (userId && (!online() || pending.length)) return queueAction(spec, arg, key, api, userId) as never;
  const request = spec.request(arg);
  const result = await apiCall({ ...request, headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: key } }, api.signal);
  // No answer: the server may or may not have run it; the same key makes the replay safe.
  if (userId && 'error' in result && result.error.status === 'FETCH_ERROR' && !api.signal.aborted) return queueAction(spec, arg, key, api, userId) as never;
  return result as never;
}

// Read the stored queue now, so that the first write of the session need not wait for it.
if (typeof indexedDB !== 'undefined') void loadQueue();
