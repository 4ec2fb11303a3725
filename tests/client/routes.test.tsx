// The route table and its guards.
import { screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/routes';
import { alice, emptyFeed, mockFetch, renderWithApp, signIn } from './helpers';

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

/** Renders the app at `route` and waits until the location settles on `expected`. */
async function landOn(route: string, expected: string): Promise<void> {
  renderWithApp(
    <Suspense fallback={<p>Loading...</p>}>
      <AppRoutes />
      <CurrentPath />
    </Suspense>,
    { route },
  );
  // Lazy screens and redirects settle asynchronously (the first import of a screen is slow on a busy machine).
  await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(expected), { timeout: 10_000 });
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull(), { timeout: 10_000 });
}

const signedInOnly = ['/upload', '/my-videos', '/create-playlist', '/playlist/p1/add-videos', '/settings', '/liked-videos', '/watch-history'];
const publicRoutes = ['/home', '/watch/v1', '/profile/alice', '/playlist/p1', '/search?q=react'];

describe('route guards', () => {
  it('/ redirects to /home', async () => {
    mockFetch(() => emptyFeed);
    await landOn('/', '/home');
  });

  it.each(signedInOnly)('%s sends a signed-out visitor to /login', async (route) => {
    mockFetch(() => emptyFeed);
    await landOn(route, '/login');
  });

  it.each(signedInOnly)('%s is open to a signed-in user', async (route) => {
    signIn();
    mockFetch(() => emptyFeed);
    await landOn(route, route);
  });

  it.each(publicRoutes)('%s is public', async (route) => {
    mockFetch(() => emptyFeed);
    await landOn(route, route);
  });

  it.each(['/home', '/settings', '/watch/v1'])('%s leads a user whose password was reset to choosing a new one', async (route) => {
    signIn({ ...alice, mustChangePassword: true });
    mockFetch(() => emptyFeed);
    await landOn(route, '/choose-password');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(screen.getByLabelText('Current Password')).toBeTruthy();
  });

  it('/choose-password sends everyone else home', async () => {
    signIn();
    mockFetch(() => emptyFeed);
    await landOn('/choose-password', '/home');
  });

  it.each(['/login', '/register'])('%s sends a signed-in user to /home', async (route) => {
    signIn();
    mockFetch(() => emptyFeed);
    await landOn(route, '/home');
  });

  it.each(['/login', '/register'])('%s hides the top navigation', async (route) => {
    mockFetch(() => emptyFeed);
    await landOn(route, route);
    expect(screen.queryByLabelText('Open navigation')).toBeNull();
  });

  it('the header shows Login signed out, and the avatar menu signed in', async () => {
    mockFetch(() => emptyFeed);
    await landOn('/home', '/home');
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByLabelText('Account menu')).toBeNull();
  });

  it('the header shows upload, notifications and the account menu signed in', async () => {
    signIn();
    mockFetch(() => emptyFeed);
    await landOn('/home', '/home');
    expect(screen.getByLabelText('Upload video').getAttribute('href')).toBe('/upload');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByLabelText('Account menu')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
