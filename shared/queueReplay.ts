// The stored offline queue (its IndexedDB schema, the stored requests and the session token), in
// ONE module used by both the page (offlineQueue.ts) and the service worker. The rules of its replay
// are in queueReplayRules.ts, also shared by both. Neither imports React, the store nor local
// storage, so the worker can bundle them.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export const QUEUE_DB = 'vidshare-offline';
/** The Background Sync tag the page registers while actions wait; the worker replays on it. */
export const QUEUE_SYNC_TAG = 'vidshare-offline-queue';
/** Posted by the worker to the pages after it replayed: they reload their copy of the queue. */
export const QUEUE_REPLAYED_MESSAGE = 'OFFLINE_QUEUE_REPLAYED';
export const API_PREFIX = '/api/v1';

/** An action's HTTP request as stored (JSON only), so the worker can send it without the endpoint definitions. */
export interface StoredRequest {
  /** Path under /api/v1, with its query string. */
  path: string;
  method: string;
  body?: unknown;
}

export interface QueuedAction {
  seq?: number;
  /**
   * 'reauth': the session check (GET /users/me) made offline, replayed by the same rules but whose
   * answer goes to the pages (a 401 signs out) instead of counting as a write. Absent: a write.
   */
  kind?: 'reauth';
  /** A re-auth check's access token: a check made with another session than the current one is dropped unsent. */
  token?: string;
  /**
   * The user who made it. Only that user's session sends it (page and worker alike): after a
   * sign-out another user never replays it, and a session that ended (401) keeps it for that user.
   */
  userId: string;
  /** The Idempotency-Key, made once when the action was made. */
  key: string;
  /** The mutation's name; offlineEndpoints.ts finds its spec by it. */
  endpoint: string;
  /** The mutation's argument (the page builds the request from it at every replay). */
  arg: unknown;
  /** The request as built when the action was made (what the worker sends). */
  request?: StoredRequest;
  /** What the user did, as a toast can name it ('Like', 'Comment'). */
  label: string;
  createdAt: number;
  serverErrors: number;
  /** The placeholder answer given to the screen: the state the action leads to (patches use it). */
  answer?: unknown;
}

interface QueueSchema extends DBSchema {
  actions: { key: number; value: QueuedAction };
  /** 'token' and 'userId': the signed-in user's access token and id, mirrored from local storage for the worker. */
  session: { key: string; value: string };
}

/** Whose session is current: the worker replays only this user's actions, with this token. */
export interface QueueSession {
  token: string;
  userId: string;
}
export type QueueDb = IDBPDatabase<QueueSchema>;

/** Opens the queue's database; `onBlocking` runs when another context needs a newer version. */
export function openQueueDb(onBlocking?: () => void): Promise<QueueDb> {
  return openDB<QueueSchema>(QUEUE_DB, 3, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) db.createObjectStore('actions', { keyPath: 'seq', autoIncrement: true });
      if (oldVersion < 2) db.createObjectStore('session');
      // Actions stored without their user cannot be sent safely (whose are they?): they go.
      if (oldVersion >= 1 && oldVersion < 3) void transaction.objectStore('actions').clear();
    },
    blocking: onBlocking,
  });
}

/** Only the latest session check matters: it replaces any older one of its user. */
export async function queueReauthCheck(db: QueueDb, session: QueueSession, key: string): Promise<void> {
  const tx = db.transaction('actions', 'readwrite');
  const older = (await tx.store.getAll()).filter((action) => action.kind === 'reauth');
  await Promise.all([
    ...older.map((action) => tx.store.delete(action.seq!)),
    tx.store.add({ kind: 'reauth', token: session.token, userId: session.userId, key, endpoint: 'getCurrentUser', arg: null, request: { path: '/users/me', method: 'GET' }, label: 'Session check', createdAt: Date.now(), serverErrors: 0 }),
    tx.done,
  ]);
}

/** One user's waiting actions, in order. */
export async function readQueue(db: QueueDb, userId: string): Promise<QueuedAction[]> {
  return (await db.getAll('actions')).filter((action) => action.userId === userId).sort((a, b) => a.seq! - b.seq!);
}

// --- The session the worker sends with (it cannot read local storage) -------------------------

export async function storeQueueSession(db: QueueDb, session: QueueSession | null): Promise<void> {
  const tx = db.transaction('session', 'readwrite');
  if (session) await Promise.all([tx.store.put(session.token, 'token'), tx.store.put(session.userId, 'userId'), tx.done]);
  else await Promise.all([tx.store.delete('token'), tx.store.delete('userId'), tx.done]);
}

/** The current session, or null when signed out (or mirrored by an app that did not store the user). */
export async function readQueueSession(db: QueueDb): Promise<QueueSession | null> {
  const [token, userId] = await Promise.all([db.get('session', 'token'), db.get('session', 'userId')]);
  return token && userId ? { token, userId } : null;
}

/** The stored form of a request: the worker sends exactly what the page would have sent. */
export function toStoredRequest(absoluteUrl: string, method: string, body: unknown): StoredRequest | undefined {
  if (typeof FormData !== 'undefined' && body instanceof FormData) return undefined; // not JSON: only the page can send it
  const url = new URL(absoluteUrl);
  return { path: url.pathname.slice(API_PREFIX.length) + url.search, method, body };
}

// --- Replay ----------------------------------------------------------------------------------
