// While the player's source loads (the start, a quality switch, hls.js rebuilt as a rung lands) the
// element has no media: a seek or a pause made then must be kept for the new source, not dropped
// by the element and overwritten by the old position once the metadata comes.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from '../../src/features/player/VideoPlayer';

/** A jsdom <video> that remembers where it was sent, as a loaded element would. */
function fakeMedia(video: HTMLVideoElement, duration: number) {
  let time = 0;
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time, set: (value: number) => { time = value; } });
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  const play = vi.spyOn(video, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(video, 'pause').mockImplementation(() => undefined);
  return { play, time: () => time };
}

const renderPlayer = (onPosition = vi.fn()) => {
  render(<VideoPlayer filePath="http://h/media/video/upload/v1.mp4" qualities={[360]} title="Clip" duration={60} startAt={34} onPosition={onPosition} />);
  const video = document.querySelector('video')!;
  return { video, onPosition, media: fakeMedia(video, 60) };
};

describe('VideoPlayer while its source loads', () => {
  it('starts the new source where the viewer sought meanwhile, and reports that position', () => {
    const { video, onPosition, media } = renderPlayer();
    // Before any metadata: Home (as j, l and the seek bar) moves the resume point, not the element.
    fireEvent.keyDown(document.body, { key: 'Home' });
    expect(onPosition).toHaveBeenLastCalledWith(0, 60, true);
    expect(screen.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(document.body, { key: 'l' });
    expect(onPosition).toHaveBeenLastCalledWith(10, 60, true);
    fireEvent.loadedMetadata(video);
    expect(media.time()).toBe(10);
    expect(media.play).not.toHaveBeenCalled();
  });

  it('keeps a pause made before the metadata, and a play', () => {
    const { video, onPosition, media } = renderPlayer();
    fireEvent.keyDown(document.body, { key: 'k' }); // play: asks the element to load and play
    expect(media.play).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'k' }); // and pause again before anything came
    expect(onPosition).toHaveBeenLastCalledWith(34, 60, true);
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
    fireEvent.loadedMetadata(video);
    expect(media.time()).toBe(34);
    expect(media.play).toHaveBeenCalledTimes(1);
  });
});
