// Settings: the account, password and photo forms, the local-only
// notification and privacy switches, the Videos tab's deletion dialog, and the data saver (under
// Videos > Playback and in the player's quality menu, one setting).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlayerControls } from '../../src/features/player/PlayerControls';
import { AUTO, qualityOptionsFor } from '../../src/features/player/quality';
import SettingsPage from '../../src/features/settings/SettingsPage';
import {
  accountBody,
  NOTIFICATION_DEFAULTS,
  passwordBody,
  passwordChangeError,
  settingsPhotoError,
  validateAccount,
} from '../../src/features/settings/settingsForms';
import { getStoredUser } from '../../src/lib/storage';
import { alice, fail, mockFetch, ok, type RecordedCall, renderWithApp, signIn, toasterMounted } from './helpers';

const me = { ...alice, bio: 'Hello there', subscribersCount: 0, totalViews: 0 };
const image = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'me', { type });

describe('settings form rules', () => {
  it('account: full name and a valid email are required; values are trimmed, username included', () => {
    expect(validateAccount({ fullName: ' ', email: 'a@b.co', bio: '' })).toEqual({ fullName: 'Full name is required' });
    expect(validateAccount({ fullName: 'A', email: '', bio: '' })).toEqual({ email: 'Email is required' });
    expect(validateAccount({ fullName: 'A', email: 'nope', bio: '' })).toEqual({ email: 'Invalid email address' });
    expect(validateAccount({ fullName: 'A', email: 'a@b.co', bio: 'x'.repeat(501) }).bio).toBe('Bio must be at most 500 characters');
    expect(accountBody({ fullName: ' A ', email: ' a@b.co ', bio: ' hi ' }, ' alice ')).toEqual({ fullName: 'A', email: 'a@b.co', username: 'alice', bio: 'hi' });
  });

  it('password: both required after trimming, new one at least 8 characters', () => {
    expect(passwordChangeError({ currentPassword: ' ', newPassword: 'long enough' })).toBe('Current password and new password are required');
    expect(passwordChangeError({ currentPassword: 'old', newPassword: '  ' })).toBe('Current password and new password are required');
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'short' })).toBe('Password must be at least 8 characters');
    expect(passwordChangeError({ currentPassword: 'old', newPassword: 'long enough' })).toBeNull();
    expect(passwordBody({ currentPassword: ' old ', newPassword: ' long enough ' })).toEqual({ currentPassword: 'old', newPassword: 'long enough' });
  });

  it('photo: JPG, PNG or GIF up to 2 MB', () => {
    expect(settingsPhotoError(image('image/png', 2 * 1024 * 1024))).toBeNull();
    expect(settingsPhotoError(image('image/gif', 10))).toBeNull();
    expect(settingsPhotoError(image('image/jpeg', 2 * 1024 * 1024 + 1))).toBe('Image size should be at most 2MB');
    expect(settingsPhotoError(image('image/webp', 10))).toBe('Please choose a JPG, PNG or GIF image');
    expect(settingsPhotoError(image('text/plain', 10))).toBe('Please upload an image file');
  });
});

/** Answers like the server for the calls the settings screen makes. */
function settingsServer(overrides: (call: RecordedCall) => { status: number; body: unknown } | null = () => null) {
  return mockFetch((call) => {
    const custom = overrides(call);
    if (custom) return custom;
    if (call.url.pathname === '/api/v1/users/me') return ok(me);
    if (call.url.pathname === '/api/v1/videos/all-uploaded-videos') return ok({ videos: [], hasMore: false, totalPages: 0, totalVideos: 0 });
    return ok({});
  });
}

describe('settings screen: account', { timeout: 20_000 }, () => {
  it('fills the form from /users/me and saves fullName, email, username and bio', async () => {
    signIn();
    const { calls } = settingsServer((call) =>
      call.url.pathname === '/api/v1/users/update-all-details' ? ok({ ...me, fullName: 'Alice Renamed', bio: 'New bio' }, 201) : null,
    );
    renderWithApp(<SettingsPage />, { route: '/settings' });
    const bio = (await screen.findByLabelText('Bio')) as HTMLTextAreaElement;
    await waitFor(() => expect(bio.value).toBe('Hello there'));
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('alice@example.com');
    const name = screen.getByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, ' Alice Renamed ');
    await userEvent.clear(bio);
    await userEvent.type(bio, 'New bio');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    const update = calls.find((call) => call.url.pathname === '/api/v1/users/update-all-details')!;
    expect(update.method).toBe('POST');
    expect(update.body).toEqual({ fullName: 'Alice Renamed', email: 'alice@example.com', username: 'alice', bio: 'New bio' });
    // The header and avatar menu read the stored user.
    expect(getStoredUser()?.fullName).toBe('Alice Renamed');
  });

  it('does not send a blank full name, and shows the server message on failure', async () => {
    signIn();
    const { calls } = settingsServer((call) => (call.url.pathname === '/api/v1/users/update-all-details' ? fail(409, 'Email is already registered') : null));
    renderWithApp(<SettingsPage />, { route: '/settings' });
    const name = await screen.findByLabelText('Full Name');
    await waitFor(() => expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Hello there'));
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/v1/users/update-all-details')).toBe(false);
    await userEvent.type(name, 'Alice');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Email is already registered')).toBeTruthy();
  });

  it('changes the password with show/hide, after the required-fields check', async () => {
    signIn();
    const { calls } = settingsServer((call) => (call.url.pathname === '/api/v1/users/update-password' ? ok({}) : null));
    renderWithApp(<SettingsPage />, { route: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Current password and new password are required')).toBeTruthy();
    const current = screen.getByLabelText('Current Password') as HTMLInputElement;
    expect(current.type).toBe('password');
    await userEvent.click(screen.getAllByLabelText('Show password')[0]!);
    expect(current.type).toBe('text');
    await userEvent.type(current, 'old password');
    await userEvent.type(screen.getByLabelText('New Password'), 'new password 1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    const sent = calls.find((call) => call.url.pathname === '/api/v1/users/update-password')!;
    expect(sent.body).toEqual({ currentPassword: 'old password', newPassword: 'new password 1' });
    expect(current.value).toBe('');
  });

  it("shows the server's reason when the password change fails", async () => {
    signIn();
    settingsServer((call) => (call.url.pathname === '/api/v1/users/update-password' ? fail(400, 'Current password is incorrect') : null));
    renderWithApp(<SettingsPage />, { route: '/settings' });
    await userEvent.type(await screen.findByLabelText('Current Password'), 'wrong password');
    await userEvent.type(screen.getByLabelText('New Password'), 'new password 1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
  });

  it("'Change Photo' uploads a small image as avatar and refuses one over 2 MB", async () => {
    signIn();
    const { calls } = settingsServer((call) => (call.url.pathname === '/api/v1/users/update-avatar' ? ok({ ...me, avatar: '/media/image/upload/new.webp' }) : null));
    renderWithApp(<SettingsPage />, { route: '/settings' });
    expect(await screen.findByText('JPG, PNG or GIF. Max size 2MB.')).toBeTruthy();
    await toasterMounted();
    const input = screen.getByLabelText('Change Photo');
    fireEvent.change(input, { target: { files: [image('image/png', 3 * 1024 * 1024)] } });
    expect(await screen.findByText('Image size should be at most 2MB')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/v1/users/update-avatar')).toBe(false);
    fireEvent.change(input, { target: { files: [image('image/png', 1000)] } });
    expect(await screen.findByText('Avatar updated successfully')).toBeTruthy();
    const upload = calls.find((call) => call.url.pathname === '/api/v1/users/update-avatar')!;
    expect((upload.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(getStoredUser()?.avatar).toBe('/media/image/upload/new.webp');
  });
});

describe('settings screen: local preferences', { timeout: 20_000 }, () => {
  it('notifications start on, on, on, on, off and survive a remount', async () => {
    signIn();
    settingsServer();
    const first = renderWithApp(<SettingsPage />, { route: '/settings?tab=notifications' });
    const labels = ['Email notifications', 'Push notifications', 'Comments', 'Likes', 'Marketing'];
    // The spec's local toggles (each name is its label then its description; the device's push switch
    // and the server's 'Comments on your videos' are others).
    const switches = () => labels.map((label) => (screen.getByRole('switch', { name: new RegExp(`^${label}(?! on this device| on your videos)`) }) as HTMLInputElement).checked);
    expect(switches()).toEqual(Object.values(NOTIFICATION_DEFAULTS));
    expect(switches()).toEqual([true, true, true, true, false]);
    await userEvent.click(screen.getByRole('switch', { name: /Marketing/ }));
    await userEvent.click(screen.getByRole('switch', { name: /^Push notifications(?! on this device)/ }));
    first.unmount();
    renderWithApp(<SettingsPage />, { route: '/settings?tab=notifications' });
    expect(switches()).toEqual([true, false, true, true, true]);
  });

  it('the device push switch is disabled with its reason where the browser has no Push, and asks nothing on load', async () => {
    signIn();
    settingsServer();
    const requestPermission = vi.fn();
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }));
    try {
      renderWithApp(<SettingsPage />, { route: '/settings?tab=notifications' });
      const device = await screen.findByRole('switch', { name: /^Push notifications on this device/ });
      await waitFor(() => expect(screen.getByText('This browser cannot receive push notifications')).toBeTruthy());
      expect((device as HTMLInputElement).disabled).toBe(true);
      expect((device as HTMLInputElement).checked).toBe(false);
      expect(requestPermission).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('privacy choices are kept locally', async () => {
    signIn();
    const { calls } = settingsServer();
    const first = renderWithApp(<SettingsPage />, { route: '/settings?tab=privacy' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Profile visibility' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Friends' }));
    await userEvent.click(screen.getByRole('switch', { name: /Search indexing/ }));
    first.unmount();
    renderWithApp(<SettingsPage />, { route: '/settings?tab=privacy' });
    expect(screen.getByRole('combobox', { name: 'Profile visibility' }).textContent).toBe('Friends');
    expect((screen.getByRole('switch', { name: /Activity status/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: /Search indexing/ }) as HTMLInputElement).checked).toBe(false);
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('appearance flips dark mode', async () => {
    signIn();
    settingsServer();
    const { store } = renderWithApp(<SettingsPage />, { route: '/settings?tab=appearance' });
    expect(store.getState().theme.darkMode).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: /Dark mode/ }));
    expect(store.getState().theme.darkMode).toBe(false);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('settings screen: data saver', { timeout: 20_000 }, () => {
  function Player() {
    return (
      <PlayerControls
        playing={false}
        muted={false}
        currentTime={0}
        duration={60}
        buffered={[]}
        fullscreen={false}
        quality={AUTO}
        playingHeight={null}
        qualityOptions={qualityOptionsFor([720, 480, 360])}
        onTogglePlay={() => undefined}
        onToggleMute={() => undefined}
        onSeek={() => undefined}
        onQuality={() => undefined}
        onToggleFullscreen={() => undefined}
      />
    );
  }
  const settingsSelect = () => screen.getByRole('combobox', { name: 'Data saver' });
  /** The quality menu's Data saver entry, the menu open. */
  async function playerDataSaver() {
    await userEvent.click(screen.getByRole('button', { name: /^Quality:/ }));
    const menu = await screen.findByRole('menu', { name: 'Quality' });
    return within(menu).getByRole('menuitemcheckbox', { name: 'Data saver' });
  }

  it('lives under Videos > Playback, not Appearance', async () => {
    signIn();
    settingsServer();
    const appearance = renderWithApp(<SettingsPage />, { route: '/settings?tab=appearance' });
    expect(screen.getByRole('switch', { name: /Dark mode/ })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Data saver' })).toBeNull();
    appearance.unmount();
    renderWithApp(<SettingsPage />, { route: '/settings?tab=videos' });
    expect(within(screen.getByRole('region', { name: 'Playback' })).getByRole('combobox', { name: 'Data saver' })).toBeTruthy();
  });

  it("the player's quality menu and Settings drive the same setting", async () => {
    signIn();
    settingsServer();
    renderWithApp(
      <>
        <SettingsPage />
        <Player />
      </>,
      { route: '/settings?tab=videos' },
    );
    expect(settingsSelect().textContent).toMatch(/^Auto/);
    // Turned on in the player: Settings says Always, and it is kept on the device.
    let entry = await playerDataSaver();
    expect(entry.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(entry);
    await waitFor(() => expect(settingsSelect().textContent).toBe('Always'));
    expect(localStorage.getItem('vidshare.dataSaver')).toBe('always');
    entry = await playerDataSaver();
    expect(entry.getAttribute('aria-checked')).toBe('true');
    await userEvent.keyboard('{Escape}');
    // Set to Off in Settings: the player's entry follows.
    await userEvent.click(settingsSelect());
    await userEvent.click(await screen.findByRole('option', { name: 'Off' }));
    entry = await playerDataSaver();
    expect(entry.getAttribute('aria-checked')).toBe('false');
    // And turned on again from the player.
    await userEvent.click(entry);
    await waitFor(() => expect(settingsSelect().textContent).toBe('Always'));
  });
});

const video = (id: string, title: string) => ({
  _id: id,
  title,
  description: '',
  filePath: '',
  thumbnail: '',
  duration: 61,
  views: 3,
  likes: 0,
  status: 'ready',
  createdAt: '2026-01-01T00:00:00.000Z',
  owner: { _id: 'u1', username: 'alice', fullName: 'Alice Example', avatar: '' },
});

describe('settings screen: videos', { timeout: 20_000 }, () => {
  it("says when nothing is uploaded", async () => {
    signIn();
    settingsServer();
    renderWithApp(<SettingsPage />, { route: '/settings?tab=videos' });
    expect(await screen.findByText("You haven't uploaded any videos yet.")).toBeTruthy();
    expect(screen.getByPlaceholderText('Search your videos...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload New' }).getAttribute('href')).toBe('/upload');
  });

  it('filters, confirms and deletes one video, then all', async () => {
    signIn();
    const { calls } = settingsServer((call) => {
      if (call.url.pathname === '/api/v1/videos/all-uploaded-videos') return ok({ videos: [video('v1', 'Cats at play'), video('v2', 'Dogs')], hasMore: false, totalPages: 1, totalVideos: 2 });
      return null;
    });
    renderWithApp(<SettingsPage />, { route: '/settings?tab=videos' });
    expect(await screen.findByText("You've reached the end!")).toBeTruthy();
    await userEvent.type(screen.getByPlaceholderText('Search your videos...'), 'zebra');
    expect(screen.getByText('No videos match your search.')).toBeTruthy();
    await userEvent.clear(screen.getByPlaceholderText('Search your videos...'));
    await userEvent.type(screen.getByPlaceholderText('Search your videos...'), 'cats');
    expect(screen.queryByText('Dogs')).toBeNull();

    await userEvent.click(screen.getByLabelText('Delete Cats at play'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Confirm Deletion')).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to proceed? This action cannot be undone.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video deleted successfully')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/videos/delete/v1')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete All' }));
    expect(await screen.findByText('All videos deleted successfully')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/v1/videos')).toBe(true);
  });

  it("shows the spec's failure text when a delete fails without a server message", async () => {
    signIn();
    settingsServer((call) => {
      if (call.url.pathname === '/api/v1/videos/all-uploaded-videos') return ok({ videos: [video('v1', 'Cats')], hasMore: false });
      if (call.method === 'DELETE') return { status: 500, body: null };
      return null;
    });
    renderWithApp(<SettingsPage />, { route: '/settings?tab=videos' });
    await screen.findByLabelText('Delete Cats');
    await toasterMounted();
    await userEvent.click(screen.getByLabelText('Delete Cats'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete video.')).toBeTruthy();
  });
});
