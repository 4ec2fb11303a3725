// Queued writes (issue 9): a queueable mutation (declared with its endpoint, see offline.ts) made
// offline, or whose request never reached an answer, is stored in IndexedDB as its endpoint name
// and argument with an Idempotency-Key, and replayed in order when the network returns, with the
// SAME key on every attempt, so the server runs it once and answers retries with its stored result.
import type { BaseQueryApi, QueryReturnValue } from '@reduxjs/toolkit/query';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/offline';
import { type ApiError, type ApiRequest, apiCall } from './client';
import { queueSpecOf } from './offline';

export const QUEUE_DB = 'vidshare-offline';
/** Server errors (5xx) an action may meet before it is given up (and reported). */
export const MAX_SERVER_ERRORS = 5;
/** A 409 'in progress' or a 5xx retries after this long while online. */
export const RETRY_DELAY_MS = 3000;

export interface QueuedAction {
  seq?: number;
  /** The Idempotency-Key, made once when the action was made. */
  key: string;
  /** The mutation's name; offline.ts holds its spec. */
  endpoint: string;
  /** The mutation's argument (the request is built from it at every replay). */
  arg: unknown;
  /** What the user did, as a toast can name it ('Like', 'Comment'). */
  label: string;
  createdAt: number;
  serverErrors: number;
  /** The placeholder answer given to the screen: the state the action leads to (patches use it). */
  answer?: unknown;
}

/** Meta of an answer: queued (a placeholder) or fetched (a real answer from the server). */
export interface QueueMeta {
  queued?: boolean;
  fetched?: boolean;
}

interface QueueSchema extends DBSchema {
  actions: { key: number; value: QueuedAction };
}

// --- Storage (one ordered store; seq is the order) -------------------------------------------

let dbPromise: Promise<IDBPDatabase<QueueSchema>> | null = null;
function database(): Promise<IDBPDatabase<QueueSchema>> {
  dbPromise ??= openDB<QueueSchema>(QUEUE_DB, 1, {
    upgrade(db) {
      db.createObjectStore('actions', { keyPath: 'seq', autoIncrement: true });
    },
  });
  return dbPromise;
}

export async function closeQueueDb(): Promise<void> {
  const db = await dbPromise?.catch(() => null);
  db?.close();
  dbPromise = null;
  pending = [];
  loaded = null;
  ready = false;
  notify();
}

/** The in-memory mirror of the store, in order (read by the UI and the cache patches). */
let pending: QueuedAction[] = [];
let loaded: Promise<QueuedAction[]> | null = null;
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

/** Reads the stored queue once (app start, after a reload). */
export function loadQueue(): Promise<QueuedAction[]> {
  // Through a promise: without IndexedDB (server-side rendering) openDB throws at once.
  loaded ??= Promise.resolve()
    .then(database)
    .then((db) => db.getAll('actions'))
    .then((actions) => {
      pending = actions.sort((a, b) => a.seq! - b.seq!);
      ready = true;
      notify();
      return pending;
    })
    .catch(() => pending);
  return loaded;
}

export async function enqueue(action: Omit<QueuedAction, 'seq'>): Promise<QueuedAction> {
  await loadQueue();
  const db = await database();
  const seq = await db.add('actions', action as QueuedAction);
  const stored = { ...action, seq };
  pending = [...pending, stored];
  notify();
  return stored;
}

async function remove(action: QueuedAction): Promise<void> {
  const db = await database();
  await db.delete('actions', action.seq!);
  pending = pending.filter((item) => item.seq !== action.seq);
  notify();
}

async function save(action: QueuedAction): Promise<void> {
  const db = await database();
  await db.put('actions', action);
  pending = pending.map((item) => (item.seq === action.seq ? action : item));
}

// --- Sending ---------------------------------------------------------------------------------

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Sends an action again; an action whose endpoint is no longer queueable is refused. */
function send(action: QueuedAction): ReturnType<typeof apiCall> {
  const spec = queueSpecOf(action.endpoint);
  if (!spec) return Promise.resolve({ error: { status: 410, message: `${action.label} can no longer be sent` } });
  return apiCall({ ...spec.request(action.arg), headers: { [IDEMPOTENCY_KEY_HEADER]: action.key } });
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

/** Sends the queue in order, one at a time; stops at the first network failure (kept for later). */
export function replayQueue(): Promise<void> {
  replaying ??= (async () => {
    const settled: QueuedAction[] = [];
    try {
      await loadQueue();
      while (pending.length && online()) {
        const action = pending[0]!;
        const result = await send(action);
        if ('data' in result) {
          await remove(action);
          settled.push(action);
          continue;
        }
        const { status } = result.error;
        if (status === 'FETCH_ERROR') break; // still offline: keep it
        if (status === 409 || (typeof status === 'number' && status >= 500) || status === 'PARSE_ERROR') {
          // 409: the first attempt is still running. 5xx: not stored by the server, so a retry runs.
          if (status !== 409 && action.serverErrors + 1 < MAX_SERVER_ERRORS) await save({ ...action, serverErrors: action.serverErrors + 1 });
          else if (status !== 409) {
            await remove(action);
            settled.push(action);
            handlers.onRejected(action, result.error);
            continue;
          }
          retryLater();
          break;
        }
        // 4xx: final (the server answers the same to every retry with this key).
        await remove(action);
        settled.push(action);
        handlers.onRejected(action, result.error);
      }
    } finally {
      replaying = null;
      if (settled.length) handlers.onSettled(settled);
    }
  })();
  return replaying;
}

async function queueAction(endpoint: string, arg: unknown, key: string, api: BaseQueryApi): Promise<QueryReturnValue<unknown, ApiError, QueueMeta>> {
  const spec = queueSpecOf(endpoint)!;
  const createdAt = Date.now();
  const answer = spec.placeholder(arg, { read: (selector) => selector(api.getState() as never), key, createdAt });
  const action = await enqueue({ key, endpoint, arg, label: spec.label(arg), createdAt, serverErrors: 0, answer });
  handlers.onQueued(action);
  if (online()) void replayQueue();
  return { data: answer, meta: { queued: true } };
}

/**
 * The queryFn of every queueable mutation: the request gets an Idempotency-Key and is queued when
 * offline, when older actions still wait (order), or when it fails on the network.
 */
export async function sendOrQueue(arg: unknown, api: BaseQueryApi): Promise<QueryReturnValue<never, ApiError, QueueMeta>> {
  const spec = queueSpecOf(api.endpoint);
  if (!spec) throw new Error(`${api.endpoint} uses sendOrQueue but declares no queue spec (declareOffline)`);
  const key = crypto.randomUUID();
  if (!ready) await loadQueue();
  if (!online() || pending.length) return queueAction(api.endpoint, arg, key, api) as never;
  const request = spec.request(arg);
  const result = await apiCall({ ...request, headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: key } }, api.signal);
  // No answer: the server may or may not have run it; the same key makes the replay safe.
  if ('error' in result && result.error.status === 'FETCH_ERROR' && !api.signal.aborted) return queueAction(api.endpoint, arg, key, api) as never;
  return result as never;
}

/** Wraps a queueable mutation's invalidatesTags: a queued action has changed nothing on the server yet. */
export function unlessQueued<R, E, A, T>(invalidates: (result: R, error: E, arg: A) => readonly T[]) {
  return (result: R, error: E, arg: A, meta: QueueMeta | undefined): readonly T[] => (meta?.queued ? [] : invalidates(result, error, arg));
}

// Read the stored queue now, so that the first write of the session need not wait for it.
if (typeof indexedDB !== 'undefined') void loadQueue();
