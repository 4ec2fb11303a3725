// Session lifecycle: boot, sign-in, sign-out, and keeping the store in
// step with local storage (other tabs, the 'authStateChanged' event, coming back online).
import { api } from '../../api/api';
import { TAG_TYPES } from '../../api/tags';
import { isOffline, onSessionEnded } from '../../api/client';
import { usersApi } from '../../api/endpoints/users';
import { errorStatus } from '../../api/errorStatus';
import { getOfflineQueue } from '../../api/offlineQueue';
import type { QueueSession } from '../../../shared/queueReplay';
import { clearPersistedCache, rehydrateCache } from '../../api/persist';
import type { AppStore } from '../../app/store';
import { toast } from '../../components/toast';
import {
  announceAuthChange,
  AUTH_EVENT,
  clearSession,
  getStoredUser,
  getToken,
  readDeviceValue,
  type StoredUser,
  storeSession,
  storeUser,
  toStoredUser,
} from '../../lib/storage';
import { STORAGE_KEYS } from '../../../shared/storageKeys';
import { importChunk } from '../../lib/chunks';
import { booted, setCurrentUser, signedIn, signedOut, syncFromStorage } from './authSlice';

/** Sessions signed out offline are told to the server once online (deferredLogout.ts, loaded only when there are any). */
const revokeSignedOutSessions = () =>
  readDeviceValue(STORAGE_KEYS.signedOutSessions) && importChunk(() => import('./deferredLogout')).then((module) => module.revokeSignedOutSessions());

const SESSION_EXPIRED = 'Session expired. Please login again.';
const USER_LOAD_FAILED = 'Error loading user data. Please try again later.';
/** A slow network must not hold the whole app on 'Loading...' for long. */
const BOOT_REFRESH_CAP_MS = 5000;

type Dispatchable = Pick<AppStore, 'dispatch' | 'getState'>;

/**
 * Set while the auth refresh waits, queued offline, for the service worker to replay it: its answer
 * is owed to the user. When another screen's query meets the 401 first, the worker leaves the check
 * unsent (the session it was made with is gone), so that 401 settles it: the session expired.
 */
let reauthOwed = false;

function settleOwedReauth(): void {
  if (!reauthOwed) return;
  reauthOwed = false;
  toast.error(SESSION_EXPIRED);
}

/** The worker replays queued actions with this session (the store's queue mirrors it for the worker). */
const shareSession = (store: Dispatchable, session: QueueSession | null) => store.dispatch(getOfflineQueue()).shareSession(session);

/** The session the service worker replays queued actions with: this user's, with this token. */
const queueSession = () => {
  const token = getToken();
  const userId = getStoredUser()?._id;
  return token && userId ? { token, userId } : null;
};

/**
 * Forget everything private: keys, store, cached responses (memory, IndexedDB, service worker). The
 * user's queued actions stay theirs: sent or discarded before a sign-out (useLogout), kept for the
 * same user's next sign-in when the session expired, never sent by another user.
 */
async function forgetSession(store: Dispatchable): Promise<void> {
  clearSession();
  store.dispatch(signedOut());
  store.dispatch(api.util.resetApiState());
  await Promise.all([clearPersistedCache(), shareSession(store, null)]);
}

export function completeSignIn(store: Dispatchable, token: string, user: StoredUser): void {
  reauthOwed = false;
  storeSession(token, user);
  void shareSession(store, { token, userId: user._id });
  store.dispatch(signedIn({ token, user }));
  // Lists fetched signed out lack the caller's reactions and private data.
  store.dispatch(api.util.resetApiState());
  announceAuthChange();
}

export async function signOutLocally(store: Dispatchable): Promise<void> {
  reauthOwed = false;
  await forgetSession(store);
  announceAuthChange();
}

/** After the user changed their own name, details or images: the stored user follows the answer. */
export function applyUpdatedUser(store: Dispatchable, user: Parameters<typeof toStoredUser>[0]): void {
  if (!getToken()) return;
  // An answer without the role keeps the one the session has (the role changes only through /users/me).
  const stored = { role: getStoredUser()?.role, ...toStoredUser(user) };
  if (!stored.role) delete stored.role;
  storeUser(stored);
  store.dispatch(setCurrentUser(stored));
}

/** Refreshes the stored user from /users/me. A 401 has already cleared the keys (client.ts). */
async function refreshCurrentUser(store: Dispatchable): Promise<'ok' | 'expired' | 'offline' | 'failed'> {
  const result = await store.dispatch(usersApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }));
  if (result.data) {
    const user = toStoredUser(result.data);
    if (getToken()) {
      storeUser(user);
      store.dispatch(setCurrentUser(user));
    }
    return 'ok';
  }
  const status = errorStatus(result.error);
  if (status === 401 || !getToken()) return 'expired';
  // The service worker answers 503 when it queued the check for when the connection returns.
  if (isOffline(result.error) || status === 503) return 'offline';
  return 'failed';
}

async function handleRefreshOutcome(store: Dispatchable, outcome: Awaited<ReturnType<typeof refreshCurrentUser>>): Promise<void> {
  if (outcome === 'expired') {
    await forgetSession(store);
    toast.error(SESSION_EXPIRED);
  } else if (outcome === 'failed') {
    toast.error(USER_LOAD_FAILED);
  } else if (outcome === 'offline') {
    reauthOwed = true;
  }
}

/** Boot: cached data back from IndexedDB, stored user loaded, then refreshed. */
export async function bootSession(store: Dispatchable): Promise<void> {
  store.dispatch(syncFromStorage());
  await rehydrateCache(store).catch(() => 0);
  if (getToken() && getStoredUser()) {
    const refresh = refreshCurrentUser(store).then((outcome) => handleRefreshOutcome(store, outcome));
    await Promise.race([refresh, new Promise((resolve) => setTimeout(resolve, BOOT_REFRESH_CAP_MS))]);
  } else if (getToken() || getStoredUser()) {
    // Half a session is no session (spec: signed in = both keys).
    clearSession();
    store.dispatch(syncFromStorage());
  }
  // The worker replays queued actions and marks notifications read with it (a device signed in before it existed too).
  void shareSession(store, queueSession());
  store.dispatch(booted());
}

/**
 * Boot of a server-rendered page, after hydration: the HTML was rendered signed out, so this
 * device's stored session is applied now, and a signed-in user's screens refetch with the bearer.
 */
export async function resumeStoredSession(store: Dispatchable): Promise<void> {
  store.dispatch(syncFromStorage());
  void shareSession(store, queueSession());
  if (getToken() && getStoredUser()) {
    store.dispatch(api.util.invalidateTags([...TAG_TYPES]));
    await handleRefreshOutcome(store, await refreshCurrentUser(store));
  } else if (getToken() || getStoredUser()) {
    clearSession();
    store.dispatch(syncFromStorage());
  }
}

/** Keeps the store in step with local storage; returns the stop function. */
export function watchSession(store: Dispatchable): () => void {
  const resync = () => {
    const wasSignedIn = Boolean(store.getState().auth.token);
    store.dispatch(syncFromStorage());
    // Another tab signed in or out: the queue shown and sent here is the new user's.
    void shareSession(store, queueSession());
    if (wasSignedIn && !getToken()) {
      store.dispatch(api.util.resetApiState());
      void clearPersistedCache();
    }
  };
  const onOnline = () => {
    resync();
    void revokeSignedOutSessions();
  };
  void revokeSignedOutSessions();
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) resync();
  };
  // The re-auth check made offline waits in the offline queue; when this page replays it, the answer comes here.
  const stopReauth = store.dispatch(getOfflineQueue()).listen({ onReauthResult: (result) => void applyReauthResult(store, result as { status: number; user?: never }) });
  const stopSessionEnded = onSessionEnded(() => {
    settleOwedReauth();
    store.dispatch(signedOut());
    // After the failing call has delivered its 401 (a reset now would abort it unanswered).
    setTimeout(() => store.dispatch(api.util.resetApiState()), 0);
    void clearPersistedCache();
    void shareSession(store, null);
  });
  window.addEventListener('storage', onStorage);
  window.addEventListener(AUTH_EVENT, resync);
  window.addEventListener('online', onOnline);
  return () => {
    stopReauth();
    stopSessionEnded();
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(AUTH_EVENT, resync);
    window.removeEventListener('online', onOnline);
  };
}

/** The re-auth check made offline, replayed from the offline queue by the service worker (posted back) or this page. */
export async function applyReauthResult(store: Dispatchable, result: { status: number; user?: Parameters<typeof toStoredUser>[0] }): Promise<void> {
  if (result.status === 401) {
    // Signed out meanwhile, by the user (nothing expired) or by another call's 401 (already said).
    if (!getToken()) return;
    reauthOwed = false;
    await signOutLocally(store);
    toast.error(SESSION_EXPIRED);
  } else if (result.status === 200 && result.user && getToken()) {
    const user = toStoredUser(result.user);
    storeUser(user);
    store.dispatch(setCurrentUser(user));
  }
}
