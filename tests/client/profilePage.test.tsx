// Profile screen states: loading, not found, error, tabs by ownership and the
// signed-out visitor sent back from a private tab.
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ProfilePage from '../../src/features/profile/ProfilePage';
import { alice, fail, mockFetch, ok, renderWithApp, signIn } from './helpers';

const profile = {
  _id: 'u1',
  username: 'alice',
  fullName: 'Alice Example',
  avatar: '',
  coverImage: '',
  bio: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  totalVideos: 0,
  subscribersCount: 1500,
  totalViews: 2,
  totalLikes: 3,
  isSubscribed: false,
  notify: false,
};

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderProfile(route: string) {
  return renderWithApp(
    <Routes>
      <Route
        path="/profile/:username"
        element={
          <>
            <ProfilePage />
            <Search />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

const server = () =>
  mockFetch((call) => {
    if (call.url.pathname === '/api/v1/users/c/alice') return ok(profile);
    if (call.url.pathname.startsWith('/api/v1/playlist/user/')) return ok({ playlists: [], hasMore: false });
    return ok({ videos: [], hasMore: false });
  });

describe('profile page', () => {
  it("shows 'Loading profile...', then the name, @username and the four tiles", async () => {
    server();
    renderProfile('/profile/alice');
    expect(screen.getByText('Loading profile...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Alice Example' })).toBeTruthy();
    expect(screen.getByText('@alice')).toBeTruthy();
    const tiles = screen.getByLabelText('Channel statistics');
    expect(tiles.textContent).toBe('Videos0Subscribers1.5KViews2Likes3');
    expect(await screen.findByText('No videos uploaded yet')).toBeTruthy();
  });

  it("says 'User Not Found' for an unknown username", async () => {
    mockFetch(() => fail(404, 'User not found'));
    renderProfile('/profile/nobody');
    expect(await screen.findByText('User Not Found')).toBeTruthy();
    expect(screen.getByText('The user you are looking for does not exist.')).toBeTruthy();
  });

  it("shows 'Error' with the message and Try Again when loading fails", async () => {
    mockFetch(() => ({ status: 500, body: null }));
    renderProfile('/profile/alice');
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getAllByText('Failed to load profile data').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('gives the owner with a token five tabs and the editing controls', async () => {
    signIn(alice);
    server();
    renderProfile('/profile/alice?tab=history');
    expect(await screen.findByRole('heading', { name: 'My Watch History' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Videos', 'Playlists', 'Liked Videos', 'Watch History', 'Watch Later']);
    expect(screen.getByLabelText('Edit full name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit cover' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('sends a signed-out visitor on a private tab back to videos with the login notice', async () => {
    server();
    renderProfile('/profile/alice?tab=liked');
    expect(await screen.findByText('Please log in to view Liked Videos.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Videos', 'Playlists']);
    expect(screen.getByRole('tab', { name: 'Videos' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.queryByLabelText('Edit full name')).toBeNull();
  });
});
