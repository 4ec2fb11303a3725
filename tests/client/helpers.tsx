// Shared helpers for the client tests: a fetch double that answers like the API, and rendering
// a screen inside the real store, theme and router.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../../src/app/App';
import { type AppStore, makeStore } from '../../src/app/store';
import { isToasterMounted } from '../../src/components/toast';
import { syncFromStorage } from '../../src/features/auth/authSlice';
import { type StoredUser, storeSession } from '../../src/lib/storage';

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Responder = (call: RecordedCall) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** Replaces fetch; every call is recorded and answered by `respond`. */
export function mockFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    };
    calls.push(call);
    const { status, body } = await respond(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown, status = 200) => ({ status, body: { statusCode: status, data, message: 'OK', success: true } });
export const fail = (status: number, message: string) => ({ status, body: { statusCode: status, message, success: false, errors: [] } });

export const alice: StoredUser = {
  _id: 'u1',
  id: 'u1',
  username: 'alice',
  fullName: 'Alice Example',
  email: 'alice@example.com',
  avatar: '',
  coverImage: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export function signIn(user: StoredUser = alice, token = 'token-1'): void {
  storeSession(token, user);
}

/**
 * The real store (booted, synced from local storage) and the app's providers around `ui`. `store`:
 * one the test has prepared (e.g. a cache filled before the first render), else a new one.
 */
export function renderWithApp(ui: ReactNode, { route = '/', store = makeStore() }: { route?: string; store?: AppStore } = {}) {
  store.dispatch(syncFromStorage());
  store.dispatch({ type: 'auth/booted' });
  const view = render(
    <Provider store={store}>
      <AppProviders>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>
    </Provider>,
  );
  return { store, ...view };
}

export const emptyFeed = ok({ videos: [], hasMore: false });

/**
 * The toast provider mounts after first paint (toasts raised before wait for it). Await this
 * before an action whose toast a test checks, so the toast is shown while the test looks.
 */
export const toasterMounted = (): Promise<void> =>
  vi.waitFor(() => {
    if (!isToasterMounted()) throw new Error('the toast provider is not mounted yet');
  });
