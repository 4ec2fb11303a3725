// The client state slices: initial values and transitions.
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../contract/entities';
import { makeStore } from '../../src/app/store';
import { selectIsSignedIn, signedIn, signedOut, syncFromStorage } from '../../src/features/auth/authSlice';
import { commentsApi, insertComment, removeComment } from '../../src/api/endpoints/comments';
import { selectCommentState } from '../../src/features/comments/commentSelectors';
import { commentSlice, resetForm, setCommentVideo, startEdit } from '../../src/features/comments/commentSlice';
import { closeSideBar, toggleSideBar } from '../../src/features/layout/sideBarSlice';
import { miniPlayerSlice, resetMiniPlayer, setActive, setCurrentTime, setVideoId, setVideoSrc } from '../../src/features/miniPlayer/miniPlayerSlice';
import { closeSearchBar, openSearchBar, searchPath, searchSubmitted, setSearchTerm } from '../../src/features/search/searchBarSlice';
import { darkModeFor, setThemePreference, toggleTheme } from '../../src/features/theme/themeSlice';
import { getThemePreference } from '../../src/lib/storage';
import { alice, signIn } from './helpers';

const comment = (id: string): Comment => ({
  _id: id,
  videoId: 'v1',
  parentId: null,
  content: `comment ${id}`,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  owner: { _id: 'u1', username: 'alice', fullName: 'Alice', avatar: '' },
  totalLikes: 0,
  isLiked: false,
});

describe('initial state', () => {
  it('matches the spec', () => {
    const state = makeStore().getState();
    expect(state.searchBar).toEqual({ searchTerm: '', isSearchBarOpen: false });
    expect(state.sideBar).toEqual({ isSideBarOpen: false });
    expect(state.theme.darkMode).toBe(true);
    expect(state.theme.preference).toBe('system');
    expect(state.miniPlayer).toEqual({ isActive: false, currentTime: 0, lastVideoTime: 0, videoSrc: '', videoId: '' });
    expect(state.auth.currentUser).toBeNull();
    expect(selectCommentState(state)).toMatchObject({
      comments: [],
      loading: true,
      error: null,
      submitType: { type: 'send', commentId: null },
      newComment: '',
      submitting: false,
      commentlikedUser: [],
      currentUser: null,
      videoId: null,
      videoTitle: null,
      lastFiveComments: [],
    });
  });
});

describe('search bar', () => {
  it('opens, closes, and a submit closes and clears', () => {
    const store = makeStore();
    store.dispatch(openSearchBar());
    store.dispatch(setSearchTerm('react'));
    expect(store.getState().searchBar).toEqual({ searchTerm: 'react', isSearchBarOpen: true });
    store.dispatch(closeSearchBar());
    expect(store.getState().searchBar.isSearchBarOpen).toBe(false);
    store.dispatch(openSearchBar());
    store.dispatch(searchSubmitted());
    expect(store.getState().searchBar).toEqual({ searchTerm: '', isSearchBarOpen: false });
  });

  it('builds /search?q= from the trimmed query and ignores blank ones', () => {
    expect(searchPath('  React Tutorial ')).toBe('/search?q=React%20Tutorial');
    expect(searchPath('a&b=c')).toBe('/search?q=a%26b%3Dc');
    expect(searchPath('   ')).toBeNull();
    expect(searchPath('')).toBeNull();
  });
});

describe('side bar', () => {
  it('toggles and closes explicitly', () => {
    const store = makeStore();
    store.dispatch(toggleSideBar());
    expect(store.getState().sideBar.isSideBarOpen).toBe(true);
    store.dispatch(toggleSideBar());
    expect(store.getState().sideBar.isSideBarOpen).toBe(false);
    store.dispatch(toggleSideBar());
    store.dispatch(closeSideBar());
    store.dispatch(closeSideBar());
    expect(store.getState().sideBar.isSideBarOpen).toBe(false);
  });
});

describe('theme', () => {
  it('toggles darkMode, the dark class and the stored preference', () => {
    const store = makeStore();
    store.dispatch(toggleTheme());
    expect(store.getState().theme).toEqual({ darkMode: false, preference: 'light' });
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(getThemePreference()).toBe('light');
    store.dispatch(toggleTheme());
    expect(store.getState().theme.darkMode).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(getThemePreference()).toBe('dark');
  });

  it('system follows the OS only when it asks for light; dark stays the default', () => {
    expect(darkModeFor('system', false)).toBe(true);
    expect(darkModeFor('system', true)).toBe(false);
    expect(darkModeFor('dark', true)).toBe(true);
    expect(darkModeFor('light', false)).toBe(false);
    const store = makeStore();
    store.dispatch(setThemePreference({ preference: 'system', systemPrefersLight: true }));
    expect(store.getState().theme).toEqual({ darkMode: false, preference: 'system' });
    expect(getThemePreference()).toBe('system');
  });
});

describe('mini player', () => {
  it('sets active and source separately; reset keeps the video id and lastVideoTime', () => {
    const reduce = miniPlayerSlice.reducer;
    let state = reduce(undefined, setVideoId('v9'));
    state = reduce(state, setVideoSrc('/media/video/upload/v9.mp4'));
    expect(state.isActive).toBe(false);
    state = reduce(state, setActive(true));
    state = reduce(state, setCurrentTime(42.5));
    expect(state).toEqual({ isActive: true, currentTime: 42.5, lastVideoTime: 42.5, videoSrc: '/media/video/upload/v9.mp4', videoId: 'v9' });
    state = reduce(state, resetMiniPlayer());
    expect(state).toEqual({ isActive: false, currentTime: 0, lastVideoTime: 42.5, videoSrc: '', videoId: 'v9' });
  });
});

describe('comment', () => {
  it('keeps lastFiveComments as the first five of the cached list, new comments on top', async () => {
    const store = makeStore();
    store.dispatch(setCommentVideo({ videoId: 'v1', videoTitle: 'A video' }));
    await store.dispatch(commentsApi.util.upsertQueryData('getComments', 'v1', ['1', '2', '3', '4', '5', '6'].map(comment)));
    const state = () => selectCommentState(store.getState());
    expect(state().lastFiveComments.map((c) => c._id)).toEqual(['1', '2', '3', '4', '5']);
    expect(state()).toMatchObject({ loading: false, error: null, videoTitle: 'A video', currentUser: null });
    store.dispatch(commentsApi.util.updateQueryData('getComments', 'v1', (list) => insertComment(list, comment('0'))));
    expect(state().comments[0]!._id).toBe('0');
    expect(state().lastFiveComments.map((c) => c._id)).toEqual(['0', '1', '2', '3', '4']);
    store.dispatch(commentsApi.util.updateQueryData('getComments', 'v1', (list) => removeComment(list, '2')));
    expect(state().lastFiveComments.map((c) => c._id)).toEqual(['0', '1', '3', '4', '5']);
    expect(state()).toBe(selectCommentState(store.getState())); // memoized: no new object without a change
  });

  it('switches between send and edit mode; reset returns to send with an empty form', () => {
    const reduce = commentSlice.reducer;
    let state = reduce(undefined, startEdit({ commentId: 'c1', content: 'old text' }));
    expect(state.submitType).toEqual({ type: 'edit', commentId: 'c1' });
    expect(state.newComment).toBe('old text');
    state = reduce(state, resetForm());
    expect(state.submitType).toEqual({ type: 'send', commentId: null });
    expect(state.newComment).toBe('');
  });
});

describe('current user', () => {
  it('is signed in only with both token and user stored', () => {
    const store = makeStore();
    expect(selectIsSignedIn(store.getState())).toBe(false);
    localStorage.setItem('token', 't');
    store.dispatch(syncFromStorage());
    expect(selectIsSignedIn(store.getState())).toBe(false);
    signIn();
    store.dispatch(syncFromStorage());
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(store.getState().auth.currentUser?.username).toBe('alice');
    store.dispatch(signedOut());
    expect(selectIsSignedIn(store.getState())).toBe(false);
    store.dispatch(signedIn({ token: 't2', user: alice }));
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });

  it('ignores a corrupt stored user', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{not json');
    const store = makeStore();
    store.dispatch(syncFromStorage());
    expect(selectIsSignedIn(store.getState())).toBe(false);
  });
});
