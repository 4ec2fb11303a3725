// Auth boot and session tracking, including the service worker's
// replayed re-auth check.
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../src/app/store';
import { toast } from '../../src/components/toast';
import { selectIsSignedIn } from '../../src/features/auth/authSlice';
import { endSession } from '../../src/api/client';
import { applyReauthResult, bootSession, signOutLocally, watchSession } from '../../src/features/auth/session';
import { getStoredUser, getToken } from '../../src/lib/storage';
import { alice, fail, mockFetch, ok, signIn } from './helpers';

const serverUser = { ...alice, fullName: 'Alice Renamed', bio: '', subscribersCount: 3, totalViews: 9 };

describe('boot', () => {
  it('signed out: boots at once without calling the server', async () => {
    const { calls } = mockFetch(() => ok({}));
    const store = makeStore();
    expect(store.getState().auth.booted).toBe(false);
    await bootSession(store);
    expect(store.getState().auth.booted).toBe(true);
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('refreshes the stored user from /users/me before booting', async () => {
    signIn();
    const { calls } = mockFetch(() => ok(serverUser));
    const store = makeStore();
    await bootSession(store);
    expect(calls[0]!.url.pathname).toBe('/api/v1/users/me');
    expect(store.getState().auth.booted).toBe(true);
    expect(store.getState().auth.currentUser?.fullName).toBe('Alice Renamed');
    expect(getStoredUser()?.fullName).toBe('Alice Renamed');
  });

  it("401: signs out with 'Session expired. Please login again.'", async () => {
    signIn();
    mockFetch(() => fail(401, 'Invalid or expired access token'));
    const error = vi.spyOn(toast, 'error');
    const store = makeStore();
    await bootSession(store);
    expect(error).toHaveBeenCalledWith('Session expired. Please login again.');
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(getToken()).toBeNull();
    expect(store.getState().auth.booted).toBe(true);
  });

  it("other failures keep the user and say 'Error loading user data. Please try again later.'", async () => {
    signIn();
    mockFetch(() => fail(500, 'Internal Server Error'));
    const error = vi.spyOn(toast, 'error');
    const store = makeStore();
    await bootSession(store);
    expect(error).toHaveBeenCalledWith('Error loading user data. Please try again later.');
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });

  it('offline (or queued by the service worker) keeps the user silently', async () => {
    signIn();
    const error = vi.spyOn(toast, 'error');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const store = makeStore();
    await bootSession(store);
    mockFetch(() => ({ status: 503, body: { statusCode: 503, message: 'Offline', success: false, errors: [], queued: true } }));
    const again = makeStore();
    await bootSession(again);
    expect(error).not.toHaveBeenCalled();
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(selectIsSignedIn(again.getState())).toBe(true);
  });

  it('half a session (token without user) counts as signed out', async () => {
    localStorage.setItem('token', 'orphan');
    const { calls } = mockFetch(() => ok({}));
    const store = makeStore();
    await bootSession(store);
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(getToken()).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('watching the session', () => {
  it('re-evaluates on storage events for token/user, on authStateChanged and on online', () => {
    const store = makeStore();
    const stop = watchSession(store);
    signIn();
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(selectIsSignedIn(store.getState())).toBe(false);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(selectIsSignedIn(store.getState())).toBe(true);
    localStorage.removeItem('user');
    window.dispatchEvent(new Event('authStateChanged'));
    expect(selectIsSignedIn(store.getState())).toBe(false);
    signIn();
    window.dispatchEvent(new Event('online'));
    expect(selectIsSignedIn(store.getState())).toBe(true);
    stop();
    localStorage.clear();
    window.dispatchEvent(new Event('online'));
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });
});

describe('replayed re-auth check', () => {
  it('a 401 signs out with the session-expired toast; a 200 refreshes the user', async () => {
    signIn();
    const store = makeStore();
    store.dispatch({ type: 'auth/syncFromStorage' });
    await applyReauthResult(store, { status: 200, user: serverUser });
    expect(getStoredUser()?.fullName).toBe('Alice Renamed');
    expect(store.getState().auth.currentUser?.fullName).toBe('Alice Renamed');
    const error = vi.spyOn(toast, 'error');
    await applyReauthResult(store, { status: 401 });
    expect(getToken()).toBeNull();
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(error).toHaveBeenCalledWith('Session expired. Please login again.');
  });

  it("says the session expired when another call's 401 ended it before the queued check was replayed, once, and not after the user's own sign-out", async () => {
    signIn();
    // The boot's check is queued by the service worker: its answer is owed.
    mockFetch(() => ({ status: 503, body: { statusCode: 503, message: 'Offline', success: false, errors: [], queued: true } }));
    const store = makeStore();
    const stop = watchSession(store);
    await bootSession(store);
    const error = vi.spyOn(toast, 'error');
    // A screen's refetch on reconnect meets the 401 first; the worker then leaves the check unsent
    // (the session it was made with is gone), so the page says it now.
    endSession();
    expect(selectIsSignedIn(store.getState())).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Session expired. Please login again.');
    // Said once: a replayed answer that still comes does not repeat it.
    await applyReauthResult(store, { status: 401 });
    expect(error).toHaveBeenCalledTimes(1);

    // Nothing owed: another call's 401 alone signs out silently (the screens say what they need).
    signIn();
    store.dispatch({ type: 'auth/syncFromStorage' });
    endSession();
    expect(error).toHaveBeenCalledTimes(1);

    // Owed, but the user signed out meanwhile: nothing expired.
    signIn();
    const again = makeStore();
    await bootSession(again);
    await signOutLocally(again);
    await applyReauthResult(again, { status: 401 });
    endSession();
    expect(error).toHaveBeenCalledTimes(1);
    stop();
  });

  it('signing out forgets the recent searches kept on the device', async () => {
    signIn();
    const { rememberSearch, recentSearches } = await import('../../src/features/search/recentSearches');
    rememberSearch('private query');
    expect(recentSearches()).toEqual(['private query']);
    const store = makeStore();
    store.dispatch({ type: 'auth/syncFromStorage' });
    await signOutLocally(store);
    expect(recentSearches()).toEqual([]);
  });
});
