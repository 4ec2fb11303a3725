// Playlist form rules and the Create Playlist screen and card that apply them.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Playlist } from '../../contract/entities';
import CreatePlaylistPage from '../../src/features/playlists/CreatePlaylistPage';
import { PlaylistCard } from '../../src/features/playlists/PlaylistCard';
import { canSubmitPlaylist, clampTo, counterText, playlistBody, renameTarget } from '../../src/features/playlists/playlistForm';
import { fail, mockFetch, ok, renderWithApp, signIn, toasterMounted } from './helpers';

describe('playlist form rules', () => {
  it('needs a non-blank name and description, and not while submitting', () => {
    expect(canSubmitPlaylist({ name: 'Mix', description: 'Songs' }, false)).toBe(true);
    expect(canSubmitPlaylist({ name: '   ', description: 'Songs' }, false)).toBe(false);
    expect(canSubmitPlaylist({ name: 'Mix', description: '\n\t ' }, false)).toBe(false);
    expect(canSubmitPlaylist({ name: 'Mix', description: 'Songs' }, true)).toBe(false);
  });

  it('caps the name at 100 and the description at 500 characters', () => {
    expect(canSubmitPlaylist({ name: 'x'.repeat(100), description: 'y'.repeat(500) }, false)).toBe(true);
    expect(canSubmitPlaylist({ name: 'x'.repeat(101), description: 'y' }, false)).toBe(false);
    expect(canSubmitPlaylist({ name: 'x', description: 'y'.repeat(501) }, false)).toBe(false);
    expect(clampTo('x'.repeat(120), 100)).toHaveLength(100);
    expect(counterText('hello', 100)).toBe('5/100');
  });

  it('sends trimmed values', () => {
    expect(playlistBody({ name: '  Mix ', description: ' Songs\n' })).toEqual({ name: 'Mix', description: 'Songs' });
  });

  it('ignores a blank or unchanged rename', () => {
    expect(renameTarget('   ', 'Mix')).toBeNull();
    expect(renameTarget(' Mix ', 'Mix')).toBeNull();
    expect(renameTarget(' Road trip ', 'Mix')).toBe('Road trip');
  });
});

function StartPage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/create-playlist')}>
      open form
    </button>
  );
}

function renderCreate() {
  return renderWithApp(
    <Routes>
      <Route path="/start" element={<StartPage />} />
      <Route path="/create-playlist" element={<CreatePlaylistPage />} />
    </Routes>,
    { route: '/start' },
  );
}

// UI tests type a lot; the machine may be busy with other suites.
describe('Create Playlist screen', { timeout: 20_000 }, () => {
  it('counts characters live and enables the button only when both fields are filled', async () => {
    signIn();
    mockFetch(() => ok({}));
    renderCreate();
    await userEvent.click(screen.getByText('open form'));
    expect(await screen.findByRole('heading', { name: 'Create New Playlist' })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Create Playlist' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Playlist Name *'), 'Road trip');
    expect(screen.getByText('9/100')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Description *'), '   ');
    expect(screen.getByText('3/500')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Description *'), 'Songs');
    expect(submit.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText('Back to Playlists')).toBeTruthy();
    expect(screen.getByText('Tips for a great playlist')).toBeTruthy();
  });

  it('creates, shows the banner, then goes back one page after 1.5 s', async () => {
    signIn();
    const { calls } = mockFetch(() => ok({ _id: 'p1' }, 201));
    renderCreate();
    await userEvent.click(screen.getByText('open form'));
    await toasterMounted();
    await userEvent.type(await screen.findByLabelText('Playlist Name *'), '  Road trip ');
    await userEvent.type(screen.getByLabelText('Description *'), 'Songs for the car');
    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByText('Playlist Created Successfully!')).toBeTruthy();
    expect(screen.getByText('Redirecting you back...')).toBeTruthy();
    expect(await screen.findByText('Playlist created successfully')).toBeTruthy();
    expect(calls[0]!.url.pathname).toBe('/api/v1/playlist/create');
    expect(calls[0]!.body).toEqual({ name: 'Road trip', description: 'Songs for the car' });
    await screen.findByText('open form', undefined, { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it("shows the server's message when creating fails and stays on the form", async () => {
    signIn();
    mockFetch(() => fail(400, 'Playlist name is required'));
    renderCreate();
    await userEvent.click(screen.getByText('open form'));
    await toasterMounted();
    await userEvent.type(await screen.findByLabelText('Playlist Name *'), 'x');
    await userEvent.type(screen.getByLabelText('Description *'), 'y');
    await userEvent.click(screen.getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByText('Playlist name is required')).toBeTruthy();
    expect(screen.queryByText('Playlist Created Successfully!')).toBeNull();
  });
});

const playlist: Playlist = {
  _id: 'p1',
  name: 'Mix',
  description: 'Songs',
  owner: { _id: 'u1', username: 'alice', fullName: 'Alice Example', avatar: '' },
  videos: [],
  videosCount: 1,
  totalVideos: 1,
  PlaylistThumbnail: '',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

describe('playlist card', { timeout: 20_000 }, () => {
  it('shows name, count and date; a blank rename sends nothing', async () => {
    signIn();
    const { calls } = mockFetch(() => ok(playlist));
    renderWithApp(<PlaylistCard playlist={playlist} manageable />);
    expect(screen.getByText('1 video · Today')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Rename Mix'));
    const input = screen.getByLabelText('Playlist name');
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByLabelText('Save name'));
    expect(screen.getByText('Mix')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('renames with PATCH and deletes only after the confirmation', async () => {
    signIn();
    const { calls } = mockFetch(() => ok(playlist));
    renderWithApp(<PlaylistCard playlist={playlist} manageable />);
    await toasterMounted();
    await userEvent.click(screen.getByLabelText('Rename Mix'));
    const input = screen.getByLabelText('Playlist name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Road trip');
    await userEvent.click(screen.getByLabelText('Save name'));
    expect(await screen.findByText('Playlist name updated successfully')).toBeTruthy();
    expect([calls[0]!.method, calls[0]!.url.pathname, calls[0]!.body]).toEqual(['PATCH', '/api/v1/playlist/p1', { name: 'Road trip' }]);

    await userEvent.click(screen.getByLabelText('Delete Mix'));
    expect(screen.getByText('Are you sure you want to delete this playlist? This action cannot be undone.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(1);
    await userEvent.click(screen.getByLabelText('Delete Mix'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playlist deleted successfully')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/playlist/p1')).toBe(true));
  });

  it('offers no rename or delete when not manageable', () => {
    renderWithApp(<PlaylistCard playlist={playlist} />);
    expect(screen.queryByLabelText('Rename Mix')).toBeNull();
    expect(screen.queryByLabelText('Delete Mix')).toBeNull();
  });
});
