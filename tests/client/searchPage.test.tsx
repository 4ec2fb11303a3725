// Search results: the sections that found something, with counts (the empty ones
// are left out, their empty texts said in one line below), the overall empty and no-query texts,
// highlighted matches, and where each card leads.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../src/features/search/Highlight';
import SearchPage from '../../src/features/search/SearchPage';
import { fail, mockFetch, ok, renderWithApp } from './helpers';

const owner = { _id: 'u1', username: 'alice', fullName: 'Alice Example', avatar: '' };
const user = { ...owner, bio: 'I film React tutorials', createdAt: '2026-01-01T00:00:00.000Z', subscribersCount: 1200, totalViews: 1 };
const video = { _id: 'v1', title: 'React hooks in depth', description: '', filePath: '', thumbnail: '', duration: 65, views: 1, likes: 0, status: 'ready', createdAt: '2026-01-01T00:00:00.000Z', owner };

describe('highlightParts', () => {
  it('marks every word of the query, case-insensitive, and leaves the rest', () => {
    expect(highlightParts('React hooks for react people', 'react HOOKS')).toEqual([
      { text: 'React', match: true },
      { text: ' ', match: false },
      { text: 'hooks', match: true },
      { text: ' for ', match: false },
      { text: 'react', match: true },
      { text: ' people', match: false },
    ]);
    expect(highlightParts('a+b (c)', '+b (c')).toEqual([
      { text: 'a', match: false },
      { text: '+b', match: true },
      { text: ' ', match: false },
      { text: '(c', match: true },
      { text: ')', match: false },
    ]);
    expect(highlightParts('plain', '  ')).toEqual([{ text: 'plain', match: false }]);
  });
});

describe('search page', () => {
  it('asks for a query when q is empty and sends nothing', () => {
    const { calls } = mockFetch(() => ok([]));
    renderWithApp(<SearchPage />, { route: '/search?q=%20%20' });
    expect(screen.getByText('Enter a search query.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("says 'No results found.' when all three lists are empty", async () => {
    mockFetch(() => ok([]));
    renderWithApp(<SearchPage />, { route: '/search?q=zebra' });
    expect(await screen.findByText('No results found.')).toBeTruthy();
  });

  it('shows each section that found something with its count, matches highlighted, cards linked', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/v1/users/search') return ok([user]);
      if (call.url.pathname === '/api/v1/videos/search') return ok([video]);
      return ok([]);
    });
    renderWithApp(<SearchPage />, { route: '/search?q=react' });
    const users = (await screen.findByRole('heading', { name: 'Users (1)' })).closest('section')!;
    expect(within(users).getByText('1.2K subscribers · 1 view')).toBeTruthy();
    expect(within(users).getByRole('link').getAttribute('href')).toBe('/profile/alice');
    const videos = screen.getByRole('heading', { name: 'Videos (1)' }).closest('section')!;
    // Named by its content: title, then owner, views and duration (not an aria-label hiding them).
    expect(within(videos).getByRole('link', { name: /React hooks in depth/ }).getAttribute('href')).toBe('/watch/v1');
    expect([...videos.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['React']);
    // No empty Playlists section: its empty text is the one line under the results.
    expect(screen.queryByRole('heading', { name: /^Playlists/ })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Users (1)', 'Videos (1)']);
    expect(screen.getByTestId('search-empty-kinds').textContent).toBe('No playlists found');
    expect(calls.map((call) => call.url.searchParams.get('q'))).toEqual(['react', 'react', 'react']);
  });

  it('leaves out the empty Users and Playlists sections around the videos', async () => {
    mockFetch((call) => (call.url.pathname === '/api/v1/videos/search' ? ok([video]) : ok([])));
    renderWithApp(<SearchPage />, { route: '/search?q=react' });
    await screen.findByRole('heading', { name: 'Videos (1)' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Videos (1)']);
    expect(screen.queryByText('No results found.')).toBeNull();
    expect(screen.getByTestId('search-empty-kinds').textContent).toBe('No users found · No playlists found');
  });

  it('offers Try Again when a list fails', async () => {
    mockFetch((call) => (call.url.pathname === '/api/v1/playlist/search' ? fail(500, 'boom') : ok([])));
    renderWithApp(<SearchPage />, { route: '/search?q=react' });
    expect(await screen.findByText('Failed to fetch search results. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
