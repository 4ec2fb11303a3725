// The mini player's Maximize hands the watch page the time the video stands at.
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import MiniPlayer from '../../src/features/miniPlayer/MiniPlayer';
import { setActive, setCurrentTime, setVideoId, setVideoSrc } from '../../src/features/miniPlayer/miniPlayerSlice';
import { renderWithApp } from './helpers';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{JSON.stringify({ path: location.pathname, state: location.state })}</output>;
}

describe('MiniPlayer', () => {
  it('hands over the stored time when its element has metadata but has not gone there yet', async () => {
    const { store } = renderWithApp(
      <>
        <MiniPlayer />
        <Where />
      </>,
      { route: '/home' },
    );
    store.dispatch(setVideoId('video-1'));
    store.dispatch(setVideoSrc('/media/video/upload/video-1.mp4'));
    store.dispatch(setCurrentTime(42));
    store.dispatch(setActive(true));
    await screen.findByRole('button', { name: 'Maximize' });
    const video = document.querySelector('video')!;
    // The browser's order: readyState says HAVE_METADATA a task before 'loadedmetadata' (which seeks to 42) is dispatched.
    Object.defineProperty(video, 'readyState', { configurable: true, get: () => HTMLMediaElement.HAVE_METADATA });
    expect(video.currentTime).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Maximize' }));
    expect(JSON.parse(screen.getByTestId('where').textContent!)).toEqual({ path: '/watch/video-1', state: { resumeAt: 42 } });
    expect(store.getState().miniPlayer.currentTime).toBe(42);
  });
});
