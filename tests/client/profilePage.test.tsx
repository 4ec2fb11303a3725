// Profile screen states: loading, not found, error, tabs by ownership and the
// signed-out visitor sent back from a private tab.
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('shows the owner their Watch later and takes a video off it', async () => {
    signIn(alice);
    const entry = {
      _id: 'v9',
      videoId: 'v9',
      title: 'Saved for the commute',
      description: '',
      filePath: '/media/video/upload/v9.mp4',
      thumbnail: '',
      duration: 90,
      views: 12,
      likes: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      savedAt: '2026-01-02T00:00:00.000Z',
      owner: { _id: 'u2', username: 'bob', fullName: 'Bob', avatar: '' },
    };
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/v1/users/c/alice') return ok(profile);
      if (call.url.pathname === '/api/v1/watch-later' && call.method === 'GET') return ok({ videos: [entry], hasMore: false });
      if (call.url.pathname === '/api/v1/watch-later/v9') return ok({ videoId: 'v9', saved: false, savedAt: null });
      return ok({ videos: [], hasMore: false });
    });
    renderProfile('/profile/alice?tab=watchLater');
    expect(await screen.findByRole('heading', { name: 'Watch Later' })).toBeTruthy();
    expect(await screen.findByText('Saved for the commute')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Saved for the commute from Watch later' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/watch-later/v9')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
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
