// The shared video grid and card: states, card fields and fallbacks.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoCard } from '../../contract/entities';
import { VideoGrid } from '../../src/components/VideoGrid';
import { VideoCardMenuContext } from '../../src/components/videoCardMenu';

const video = (over: Partial<VideoCard> = {}): VideoCard => ({
  _id: 'v1',
  title: 'Sunset timelapse',
  description: '',
  filePath: '/media/video/upload/v1.mp4',
  thumbnail: '/media/image/upload/v1.webp',
  duration: 125,
  views: 1500,
  likes: 0,
  status: 'ready',
  createdAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  owner: { _id: 'u1', username: 'alice', fullName: 'Alice Example', avatar: '' },
  ...over,
});

// The app shell provides the cards' menu (app/App.tsx); a stand-in is enough here.
const CardMenu = () => null;
const grid = (props: Partial<Parameters<typeof VideoGrid>[0]> = {}) =>
  render(
    <VideoCardMenuContext.Provider value={CardMenu}>
      <MemoryRouter>
        <VideoGrid videos={[]} loading={false} error={null} onRetry={() => {}} {...props} />
      </MemoryRouter>
    </VideoCardMenuContext.Provider>,
  );

describe('VideoGrid', () => {
  // Midday, so that 'an hour ago' is 'Today' whenever the suite runs (it failed just after midnight).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 15, 12, 0, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('shows 8 skeleton cards while loading', () => {
    grid({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading videos' }).children).toHaveLength(8);
  });

  it('shows the error text and Try Again', () => {
    const onRetry = vi.fn();
    grid({ error: 'Failed to fetch videos. Please try again later.', onRetry });
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch videos. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the empty title with the default or a custom message', () => {
    const { unmount } = grid();
    expect(screen.getByRole('heading', { name: 'No videos found' })).toBeTruthy();
    expect(screen.getByText('No videos found.')).toBeTruthy();
    unmount();
    grid({ emptyMessage: 'Nothing here yet.' });
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
  });

  it('renders every card field with NEW under 24 h, the title as the link and a ⋮ menu', () => {
    grid({ videos: [video()], hasMore: false });
    expect(screen.getByText('NEW')).toBeTruthy();
    expect(screen.getByText('2:05')).toBeTruthy();
    expect(screen.getByText('Alice Example · @alice')).toBeTruthy();
    expect(screen.getByText('1.5K views · Today')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sunset timelapse' }).getAttribute('href')).toBe('/watch/v1');
    expect(screen.getByRole('button', { name: 'More actions for Sunset timelapse' }).getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('link', { name: /^Watch/ })).toBeNull();
    expect(screen.getByText('No more videos to load')).toBeTruthy();
  });

  it('loads the first thumbnail at once with high priority (the LCP) and the rest lazily', () => {
    grid({ videos: Array.from({ length: 6 }, (_, i) => video({ _id: `v${i}` })), hasMore: false });
    const thumbnails = [...document.querySelectorAll('img[srcset]')].map((img) => `${img.getAttribute('loading')} ${img.getAttribute('fetchpriority')}`);
    expect(thumbnails).toEqual(['eager high', 'lazy auto', 'lazy auto', 'lazy auto', 'lazy auto', 'lazy auto']);
  });

  it('falls back to Unknown User and @unknown, and has no NEW badge for old videos', () => {
    const old = video({ createdAt: '2020-01-01T00:00:00.000Z', owner: { _id: '', username: '', fullName: '', avatar: '' } });
    grid({ videos: [old], hasMore: true, loadingMore: true });
    expect(screen.getByText('Unknown User · @unknown')).toBeTruthy();
    expect(screen.queryByText('NEW')).toBeNull();
    expect(screen.getByText('Loading more videos...')).toBeTruthy();
  });

  it('scrolls to the top when a card is clicked', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    grid({ videos: [video()] });
    fireEvent.click(screen.getByText('Sunset timelapse'));
    expect(scroll).toHaveBeenCalledWith({ top: 0 });
  });
});
