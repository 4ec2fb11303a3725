// The watch screen offline: a video this device never saw, and one seen before but not downloaded,
// say that the user is offline and lead to the downloads, with no Play, Try Again or Download that
// cannot work; a server's own error online keeps the spec's message and Try Again.
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '../../contract/entities';
import { videosApi } from '../../src/api/endpoints/videos';
import { makeStore } from '../../src/app/store';
import WatchPage, { VIDEO_ERROR } from '../../src/features/watch/WatchPage';
import { fail, mockFetch, renderWithApp, signIn } from './helpers';

const seen: Video = {
  _id: 'v1',
  title: 'Seen yesterday',
  description: 'A video watched online before',
  filePath: '/media/video/upload/v1.mp4',
  thumbnail: '/media/image/upload/v1.jpg',
  duration: 60,
  views: 12,
  likes: 3,
  disLikes: 0,
  commentsCount: 0,
  status: 'ready',
  createdAt: '2026-11-30T00:00:00.000Z',
  updatedAt: '2026-11-30T00:00:00.000Z',
  owner: { _id: 'u2', username: 'bob', fullName: 'Bob', avatar: '' },
  qualities: [720, 480, 360],
  userReaction: null,
  progress: 100,
} as Video;

const watch = (route: string, store = makeStore()) =>
  renderWithApp(
    <Routes>
      <Route path="/watch/:videoId" element={<WatchPage />} />
    </Routes>,
    { route, store },
  );

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  signIn();
});

function expectOfflineNotice() {
  const notice = screen.getByTestId('watch-offline');
  expect(within(notice).getByText("You're offline")).toBeTruthy();
  expect(within(notice).getByText("This video isn't downloaded. Connect to the internet to watch it.")).toBeTruthy();
  const link = within(notice).getByRole('link', { name: 'Go to Downloads' });
  expect(link.getAttribute('href')).toBe('/downloads');
  return notice;
}

describe('watch screen offline', { timeout: 20_000 }, () => {
  it('a video never seen: says the user is offline and leads to the downloads, with no Try Again', async () => {
    online = false;
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    watch('/watch/unseen');
    await screen.findByTestId('watch-offline');
    expectOfflineNotice();
    expect(screen.queryByText(VIDEO_ERROR)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('a network failure while the browser still says online is offline too', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    watch('/watch/unseen');
    await screen.findByTestId('watch-offline');
    expectOfflineNotice();
  });

  it("a server's error online keeps the spec's message and Try Again", async () => {
    mockFetch(() => fail(500, 'boom'));
    watch('/watch/unseen');
    expect(await screen.findByText(VIDEO_ERROR)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.queryByTestId('watch-offline')).toBeNull();
  });

  it('a video seen before but not downloaded: its details, the offline notice in place of the player, no enabled Play or Download', async () => {
    online = false;
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const store = makeStore();
    await store.dispatch(videosApi.util.upsertQueryData('getVideo', 'v1', seen));
    watch('/watch/v1', store);
    expect(await screen.findByRole('heading', { name: 'Seen yesterday' })).toBeTruthy();
    await screen.findByTestId('watch-offline');
    expectOfflineNotice();
    // Nothing that would start playback...
    expect(screen.queryByRole('button', { name: /^play/i })).toBeNull();
    expect(document.querySelector('video')).toBeNull();
    // ...and Download there but disabled, saying why.
    const download = screen.getByTestId('download-button');
    expect((download as HTMLButtonElement).disabled).toBe(true);
    expect(download.getAttribute('aria-description')).toBe('Connect to the internet to download');
  });
});
