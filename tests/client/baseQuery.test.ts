// The shared API client, and a 401 clearing the token and the user.
import { describe, expect, it, vi } from 'vitest';
import { apiCall, messageOf, onSessionEnded } from '../../src/api/client';
import { videosApi } from '../../src/api/endpoints/videos';
import { usersApi } from '../../src/api/endpoints/users';
import { makeStore } from '../../src/app/store';
import { AUTH_EVENT, getStoredUser, getToken } from '../../src/lib/storage';
import { alice, fail, mockFetch, ok, signIn } from './helpers';

describe('shared client', () => {
  it('sends the bearer token, cookies and the XSRF cookie echoed as X-XSRF-TOKEN', async () => {
    signIn(alice, 'tok-123');
    document.cookie = 'XSRF-TOKEN=xsrf%2Fvalue';
    const { calls } = mockFetch(() => ok({ fine: true }));
    await apiCall({ url: '/comments/add/v1', method: 'POST', body: { content: 'hi' } });
    const [call] = calls;
    expect(call!.url.pathname).toBe('/api/v1/comments/add/v1');
    expect(call!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(call!.headers.get('X-XSRF-TOKEN')).toBe('xsrf/value');
    expect(call!.headers.get('Content-Type')).toBe('application/json');
    expect(call!.credentials).toBe('include');
    expect(call!.body).toEqual({ content: 'hi' });
  });

  it('sends no Authorization header signed out, and lets the browser set the multipart boundary', async () => {
    const { calls } = mockFetch(() => ok({}));
    const form = new FormData();
    form.set('title', 'x');
    await apiCall({ url: '/videos/upload-Video', method: 'POST', body: form });
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
    expect(calls[0]!.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(calls[0]!.headers.get('Content-Type')).toBeNull();
    expect(calls[0]!.body).toBeInstanceOf(FormData);
  });

  it('unwraps data, or keeps the envelope when asked (register has its token beside data)', async () => {
    mockFetch(() => ({ status: 201, body: { statusCode: 201, data: { _id: 'u1' }, token: 'tok', message: 'ok', success: true } }));
    expect(await apiCall({ url: '/users/me' })).toEqual({ data: { _id: 'u1' } });
    const whole = await apiCall<{ token: string }>({ url: '/users/register', method: 'POST', keepEnvelope: true });
    expect('data' in whole && whole.data.token).toBe('tok');
  });

  it('turns an error envelope into {status, message} and drops empty query params', async () => {
    const { calls } = mockFetch(() => fail(409, 'Username is already taken'));
    const result = await apiCall({ url: '/videos/all-videos', params: { page: 2, limit: undefined, q: '' } });
    expect(result).toEqual({ error: { status: 409, message: 'Username is already taken' } });
    expect(calls[0]!.url.search).toBe('?page=2');
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const result = await apiCall({ url: '/users/me' });
    expect('error' in result && result.error.status).toBe('FETCH_ERROR');
  });

  it('on 401 clears token and user, tells the store and fires authStateChanged', async () => {
    signIn();
    mockFetch(() => fail(401, 'Invalid or expired access token'));
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const announced = vi.fn();
    window.addEventListener(AUTH_EVENT, announced);
    const result = await apiCall({ url: '/watch-history/get/' });
    stop();
    window.removeEventListener(AUTH_EVENT, announced);
    expect('error' in result && result.error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    expect(announced).toHaveBeenCalledOnce();
  });

  it('keeps the session on other errors', async () => {
    signIn();
    mockFetch(() => fail(403, 'Not yours'));
    await apiCall({ url: '/comments/delete/c1', method: 'DELETE' });
    expect(getToken()).toBe('token-1');
  });

  it('prefers the server message, else the screen fallback', () => {
    expect(messageOf({ status: 400, message: 'Full name and email are required' }, 'Failed to update profile')).toBe('Full name and email are required');
    expect(messageOf({ status: 500, message: 'Internal Server Error' }, 'Failed to update profile')).toBe('Failed to update profile');
    expect(messageOf({ status: 'FETCH_ERROR', message: 'x' }, 'Failed to update profile')).toBe('Failed to update profile');
  });
});

describe('the api slice over the shared client', () => {
  it('serves endpoints with unwrapped data and the query string each call defines', async () => {
    const video = { _id: 'v1', title: 'A video' };
    const { calls } = mockFetch((call) => (call.url.pathname === '/api/v1/videos/v1' ? ok(video) : ok({ videos: [video], hasMore: true })));
    const store = makeStore();
    const one = await store.dispatch(videosApi.endpoints.getVideo.initiate('v1'));
    expect(one.data).toEqual(video);
    const feed = await store.dispatch(videosApi.endpoints.getFeed.initiate());
    expect(feed.data?.pages[0]?.videos).toEqual([video]);
    expect(calls.map((c) => c.url.pathname + c.url.search)).toEqual(['/api/v1/videos/v1', '/api/v1/videos/all-videos?page=1']);
  });

  it('a 401 from any endpoint signs the store out too', async () => {
    signIn();
    mockFetch(() => fail(401, 'Unauthorized request'));
    const store = makeStore();
    const { watchSession } = await import('../../src/features/auth/session');
    store.dispatch({ type: 'auth/syncFromStorage' });
    const stop = watchSession(store);
    expect(store.getState().auth.token).toBe('token-1');
    const result = await store.dispatch(usersApi.endpoints.getCurrentUser.initiate());
    stop();
    expect(result.error).toEqual({ status: 401, message: 'Unauthorized request' });
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.currentUser).toBeNull();
  });
});
