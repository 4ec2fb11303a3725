// The Downloaded badge: cards and rows show it for the videos the app shell says are saved on this
// device (DownloadedVideosContext), and only for those.
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { VideoCard as VideoCardData } from '../../contract/entities';
import { DownloadedVideosContext } from '../../src/components/downloadedVideos';
import { VideoCard } from '../../src/components/VideoCard';
import { VideoRow } from '../../src/components/VideoRow';

const video = (_id: string, title: string): VideoCardData => ({
  _id,
  title,
  description: '',
  filePath: `/media/video/upload/${_id}.mp4`,
  thumbnail: '',
  duration: 65,
  views: 3,
  likes: 0,
  status: 'ready',
  createdAt: '2026-01-01T00:00:00.000Z',
  owner: { _id: 'u1', username: 'alice', fullName: 'Alice Example', avatar: '' },
});

const renderWith = (saved: string[], ui: ReactNode) =>
  render(
    <DownloadedVideosContext.Provider value={new Set(saved)}>
      <MemoryRouter>{ui}</MemoryRouter>
    </DownloadedVideosContext.Provider>,
  );

describe('downloaded badge', () => {
  it('shows on a saved video card and tells screen readers beside the views', () => {
    renderWith(
      ['saved'],
      <>
        <VideoCard video={video('saved', 'On the plane')} />
        <VideoCard video={video('other', 'Not saved')} />
      </>,
    );
    const [saved, other] = screen.getAllByRole('article');
    expect(within(saved!).getByTestId('downloaded-badge').textContent).toBe('Downloaded');
    expect(saved!.textContent).toContain('· Downloaded');
    expect(within(other!).queryByTestId('downloaded-badge')).toBeNull();
  });

  it('shows on a saved video row', () => {
    renderWith(
      ['saved'],
      <>
        <VideoRow video={video('saved', 'On the plane')} />
        <VideoRow video={video('other', 'Not saved')} />
      </>,
    );
    const [saved, other] = screen.getAllByRole('article');
    expect(within(saved!).getByRole('link').textContent).toContain('Downloaded');
    expect(within(other!).queryByTestId('downloaded-badge')).toBeNull();
  });

  it('shows nowhere without a provider', () => {
    render(
      <MemoryRouter>
        <VideoRow video={video('saved', 'On the plane')} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('downloaded-badge')).toBeNull();
  });
});
