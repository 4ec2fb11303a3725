// The rules of the offline queue's replay, in ONE module used by both the page (offlineQueue.ts:
// at start and on 'online', loaded only when actions wait) and the service worker (sw/backgroundSync.ts:
// on Background Sync, with the app closed). Both replay under one Web Lock, so a page and the worker
// never send the queue together; were they to, each action still carries its Idempotency-Key and the
// server runs it once.
import { IDEMPOTENCY_KEY_HEADER } from '../contract/offline';
import { API_PREFIX, type QueueDb, type QueuedAction, readQueue } from './queueReplay';

const REPLAY_LOCK = 'vidshare-offline-replay';
/** Server errors (5xx) an action may meet before it is given up (and reported). */
const MAX_SERVER_ERRORS = 5;

export type SendResult = { ok: true; data?: unknown } | { ok: false; status: number | 'FETCH_ERROR' | 'PARSE_ERROR'; message: string };
type SendError = Extract<SendResult, { ok: false }>;

/** Sends a stored request with the action's key and a bearer token (the worker's sender). */
export async function sendStoredAction(action: QueuedAction, token: string, signal?: AbortSignal): Promise<SendResult> {
  const { request } = action;
  // Made by an older app without a stored request: kept (like a network failure) for the page to send.
  if (!request) return { ok: false, status: 'FETCH_ERROR', message: 'Only the app can send this action' };
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}`, [IDEMPOTENCY_KEY_HEADER]: action.key };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${request.path}`, {
      method: request.method,
      headers,
      credentials: 'omit',
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
  } catch {
    return { ok: false, status: 'FETCH_ERROR', message: 'Network error' };
  }
  if (response.ok) return { ok: true, data: ((await response.json().catch(() => null)) as { data?: unknown } | null)?.data };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return { ok: false, status: response.status, message: typeof body?.message === 'string' ? body.message : `Request failed with status ${response.status}` };
}

export interface ReplayHooks {
  send: (action: QueuedAction) => Promise<SendResult>;
  /** False stops the replay before the next action (the page's navigator.onLine). */
  canSend?: () => boolean;
  /** The action left the queue: sent, or refused for good (`error`). */
  onRemoved?: (action: QueuedAction, error?: SendError) => void;
  /** The action stays, with one more server error counted. */
  onSaved?: (action: QueuedAction) => void;
  /** The current session's token: a re-auth check made with another is dropped unsent. */
  sessionToken?: string;
  /** A re-auth check got an answer (it has left the queue): 401 ends the session, 200 carries the user. */
  onReauthResult?: (result: ReauthResult) => void;
}

export interface ReauthResult {
  status: number;
  user?: unknown;
}

export interface ReplayOutcome {
  /** The actions that left the queue (sent or refused). */
  settled: QueuedAction[];
  /** A 409 or 5xx stopped the replay: try again in a few seconds. */
  retrySoon: boolean;
  /** A network failure stopped the replay: try again when the network is back. */
  offline: boolean;
  /** A 401 stopped the replay: the session is over, and the user's actions wait for their next sign-in. */
  sessionEnded: boolean;
}

function withReplayLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REPLAY_LOCK, run) : run();
}

/**
 * Sends one user's stored actions in order, one at a time, each with its own key, with that user's
 * session (the caller's `send`); other users' actions are never sent, and stay:
 * - an answer in the 2xx: the action leaves the queue;
 * - no answer (network): stop, keep it for later;
 * - 401 (the session ended): stop, keep it for the same user's next sign-in;
 * - 409 (its first attempt still runs) or 5xx: stop and retry soon; after MAX_SERVER_ERRORS 5xx it is dropped;
 * - any other 4xx is final (the server answers every retry with this key the same): dropped and reported.
 * A re-auth check (kind 'reauth') goes by the same order and the same lock, but any answer settles
 * it: it leaves the queue and its status goes to onReauthResult (a 401 then stops the replay, as the
 * session is over); no answer keeps it, as for a write.
 */
export function replayStoredQueue(db: QueueDb, userId: string, hooks: ReplayHooks): Promise<ReplayOutcome> {
  return withReplayLock(async () => {
    const outcome: ReplayOutcome = { settled: [], retrySoon: false, offline: false, sessionEnded: false };
    const drop = async (action: QueuedAction, error?: SendError) => {
      await db.delete('actions', action.seq!);
      outcome.settled.push(action);
      hooks.onRemoved?.(action, error);
    };
    for (;;) {
      if (hooks.canSend && !hooks.canSend()) return { ...outcome, offline: true };
      // Read from the store each time: another context may have sent some meanwhile.
      const [action] = await readQueue(db, userId);
      if (!action) return outcome;
      if (action.kind === 'reauth') {
        // Made with a session that is over: its answer would be applied to the wrong session.
        if (hooks.sessionToken !== undefined && action.token !== hooks.sessionToken) {
          await db.delete('actions', action.seq!);
          continue;
        }
        const checked = await hooks.send(action);
        if (!checked.ok && typeof checked.status !== 'number') return { ...outcome, offline: true };
        await db.delete('actions', action.seq!);
        hooks.onReauthResult?.(checked.ok ? { status: 200, user: checked.data } : { status: checked.status as number });
        if (!checked.ok && checked.status === 401) return { ...outcome, sessionEnded: true };
        continue;
      }
      const result = await hooks.send(action);
      if (result.ok) {
        await drop(action);
        continue;
      }
      const { status } = result;
      if (status === 'FETCH_ERROR') return { ...outcome, offline: true };
      if (status === 401) return { ...outcome, sessionEnded: true };
      if (status === 409) return { ...outcome, retrySoon: true };
      if ((typeof status === 'number' && status >= 500) || status === 'PARSE_ERROR') {
        // Not stored by the server, so a retry runs it.
        if (action.serverErrors + 1 >= MAX_SERVER_ERRORS) {
          await drop(action, result);
          continue;
        }
        const counted = { ...action, serverErrors: action.serverErrors + 1 };
        await db.put('actions', counted);
        hooks.onSaved?.(counted);
        return { ...outcome, retrySoon: true };
      }
      await drop(action, result);
    }
  });
}
