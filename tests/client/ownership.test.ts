// Roles and permissions: who sees the owner-only controls, and which profile tab a URL may open.
import { describe, expect, it } from 'vitest';
import { resolveProfileTab, visibleTabs } from '../../src/features/profile/profileTabs';
import { canEditPlaylistVideos, canSeePrivateTabs, isCommentOwner, isPlaylistOwner, isProfileOwner } from '../../src/lib/ownership';
import { alice } from './helpers';

const bob = { ...alice, _id: 'u2', id: 'u2', username: 'bob' };

describe('profile owner', () => {
  it('is the stored user whose username equals the profile username', () => {
    expect(isProfileOwner(alice, 'alice')).toBe(true);
    expect(isProfileOwner(bob, 'alice')).toBe(false);
    expect(isProfileOwner(null, 'alice')).toBe(false);
    expect(isProfileOwner(alice, '')).toBe(false);
  });

  it('compares usernames exactly, not ids', () => {
    expect(isProfileOwner({ ...alice, username: 'Alice' }, 'alice')).toBe(false);
    expect(isProfileOwner({ username: 'alice' }, 'alice')).toBe(true);
  });

  it('sees the private tabs only with a token', () => {
    expect(canSeePrivateTabs(alice, 'token-1', 'alice')).toBe(true);
    expect(canSeePrivateTabs(alice, null, 'alice')).toBe(false);
    expect(canSeePrivateTabs(bob, 'token-2', 'alice')).toBe(false);
  });
});

describe('playlist owner', () => {
  const playlist = { owner: { _id: 'u1', username: 'alice' } };

  it('card rename and delete: the stored user id equals the playlist owner id', () => {
    expect(isPlaylistOwner(alice, playlist)).toBe(true);
    expect(isPlaylistOwner(bob, playlist)).toBe(false);
    expect(isPlaylistOwner(null, playlist)).toBe(false);
    // The id may be stored as id or as _id (the stored user's id comes from _id).
    expect(isPlaylistOwner({ username: 'x', _id: 'u1' }, playlist)).toBe(true);
    expect(isPlaylistOwner({ username: 'x', id: 'u1' }, playlist)).toBe(true);
    expect(isPlaylistOwner(alice, { owner: null })).toBe(false);
  });

  it("'Add Videos': the username matches the playlist owner's", () => {
    expect(canEditPlaylistVideos(alice, playlist)).toBe(true);
    expect(canEditPlaylistVideos(bob, playlist)).toBe(false);
    // Same id but another username: the page rule is by username.
    expect(canEditPlaylistVideos({ ...bob, id: 'u1', _id: 'u1' }, playlist)).toBe(false);
    expect(canEditPlaylistVideos(alice, undefined)).toBe(false);
  });
});

describe('comment owner', () => {
  it('is the stored user whose id equals the comment owner id', () => {
    const comment = { owner: { _id: 'u1' } };
    expect(isCommentOwner(alice, comment)).toBe(true);
    expect(isCommentOwner(bob, comment)).toBe(false);
    expect(isCommentOwner(null, comment)).toBe(false);
    expect(isCommentOwner({ username: 'alice' }, comment)).toBe(false);
  });
});

describe('profile tabs', () => {
  it('offers Liked Videos, Watch History and Watch Later only to the owner with a token', () => {
    expect(visibleTabs(false).map((tab) => tab.label)).toEqual(['Videos', 'Playlists']);
    expect(visibleTabs(true).map((tab) => tab.label)).toEqual(['Videos', 'Playlists', 'Liked Videos', 'Watch History', 'Watch Later']);
  });

  it('opens the tab named in the URL when allowed', () => {
    expect(resolveProfileTab('playlists', { signedIn: false, privateAllowed: false })).toEqual({ tab: 'playlists', reset: false, loginNotice: null });
    expect(resolveProfileTab('history', { signedIn: true, privateAllowed: true })).toEqual({ tab: 'history', reset: false, loginNotice: null });
    expect(resolveProfileTab(null, { signedIn: true, privateAllowed: true }).tab).toBe('videos');
  });

  it('sends a signed-out visitor on a private tab back to videos with the login notice', () => {
    expect(resolveProfileTab('liked', { signedIn: false, privateAllowed: false })).toEqual({
      tab: 'videos',
      reset: true,
      loginNotice: 'Please log in to view Liked Videos.',
    });
    expect(resolveProfileTab('history', { signedIn: false, privateAllowed: false }).loginNotice).toBe('Please log in to view Watch History.');
  });

  it('sends a signed-in non-owner back to videos without the notice, and drops unknown tabs', () => {
    expect(resolveProfileTab('liked', { signedIn: true, privateAllowed: false })).toEqual({ tab: 'videos', reset: true, loginNotice: null });
    expect(resolveProfileTab('bogus', { signedIn: true, privateAllowed: true })).toEqual({ tab: 'videos', reset: true, loginNotice: null });
  });
});
