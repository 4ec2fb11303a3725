// The player on a phone, as YouTube's: a tap on the playing picture shows the controls (or hides
// them) and never pauses; pause is the centre button the controls bring. A mouse click still plays
// and pauses. Fullscreen turns the screen the video's way and lets go on leaving.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from '../../src/features/player/VideoPlayer';

/** A jsdom <video> that plays and pauses as a loaded element would, firing its events. */
function fakeMedia(video: HTMLVideoElement, size = { width: 1280, height: 720 }) {
  let paused = true;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 60 });
  Object.defineProperty(video, 'videoWidth', { configurable: true, get: () => size.width });
  Object.defineProperty(video, 'videoHeight', { configurable: true, get: () => size.height });
  const play = vi.spyOn(video, 'play').mockImplementation(() => {
    paused = false;
    fireEvent.play(video);
    return Promise.resolve();
  });
  const pause = vi.spyOn(video, 'pause').mockImplementation(() => {
    paused = true;
    fireEvent.pause(video);
  });
  return { play, pause, paused: () => paused };
}

const renderPlayer = (size?: { width: number; height: number }) => {
  render(<VideoPlayer filePath="http://h/media/video/upload/v1.mp4" qualities={[360]} title="Clip" duration={60} />);
  const video = document.querySelector('video')!;
  const media = fakeMedia(video, size);
  fireEvent.loadedMetadata(video);
  return { video, media, controls: () => screen.getByTestId('player-controls') };
};

/** A finger tap in the player's middle (jsdom boxes are 0 wide: no side, so no wait for a second tap). */
function touchTap(video: HTMLVideoElement) {
  fireEvent.pointerDown(video, { pointerType: 'touch', isPrimary: true, pointerId: 1, clientX: 0, clientY: 0 });
  fireEvent.pointerUp(video, { pointerType: 'touch', isPrimary: true, pointerId: 1, clientX: 0, clientY: 0 });
  // The tap is handled: its click must not land on the centre button the tap just brought.
  expect(fireEvent.touchEnd(video)).toBe(false);
}

describe('a tap on the phone player', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('shows the controls while the video plays on, hides them on the next tap, and the centre button pauses', () => {
    const { video, media, controls } = renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    expect(media.paused()).toBe(false);
    act(() => vi.advanceTimersByTime(3000)); // the controls fade while it plays untouched
    expect(getComputedStyle(controls()).opacity).toBe('0');

    touchTap(video);
    expect(media.paused()).toBe(false);
    expect(media.pause).not.toHaveBeenCalled();
    expect(getComputedStyle(controls()).opacity).toBe('1');
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeTruthy();

    touchTap(video);
    expect(media.paused()).toBe(false);
    expect(getComputedStyle(controls()).opacity).toBe('0');
    expect(screen.queryByRole('button', { name: 'Pause video' })).toBeNull();

    touchTap(video);
    fireEvent.click(screen.getByRole('button', { name: 'Pause video' }));
    expect(media.paused()).toBe(true);
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
  });

  it('a mouse click on the picture still plays and pauses', () => {
    const { video, media } = renderPlayer();
    fireEvent.click(video);
    expect(media.paused()).toBe(false);
    fireEvent.click(video);
    expect(media.paused()).toBe(true);
  });
});

describe('fullscreen on a phone', () => {
  let fullscreenElement: Element | null = null;
  const lock = vi.fn<(orientation: string) => Promise<void>>();
  const unlock = vi.fn();
  const enterFullscreen = (element: HTMLElement) => {
    fullscreenElement = element;
    document.dispatchEvent(new Event('fullscreenchange'));
    return Promise.resolve();
  };

  beforeEach(() => {
    fullscreenElement = null;
    lock.mockReset().mockResolvedValue(undefined);
    unlock.mockReset();
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
    Object.defineProperty(document, 'exitFullscreen', {
      configurable: true,
      value: () => {
        fullscreenElement = null;
        document.dispatchEvent(new Event('fullscreenchange'));
        return Promise.resolve();
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
      configurable: true,
      value(this: HTMLElement) {
        return enterFullscreen(this);
      },
    });
    Object.defineProperty(window.screen, 'orientation', { configurable: true, value: { type: 'portrait-primary', lock, unlock } });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
    delete (document as { fullscreenElement?: unknown }).fullscreenElement;
    delete (document as { exitFullscreen?: unknown }).exitFullscreen;
    delete (window.screen as { orientation?: unknown }).orientation;
  });

  const enter = async () => {
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Fullscreen' })));
  };

  it('locks landscape for a wide video, on the container that holds the video and its captions, and unlocks on leaving', async () => {
    const { video } = renderPlayer({ width: 1280, height: 720 });
    await enter();
    expect(fullscreenElement).toBe(video.parentElement);
    expect(lock).toHaveBeenCalledExactlyOnceWith('landscape');
    expect(unlock).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exit fullscreen' })));
    expect(fullscreenElement).toBeNull();
    expect(unlock).toHaveBeenCalledOnce();
  });

  it('locks portrait for a tall video', async () => {
    renderPlayer({ width: 720, height: 1280 });
    await enter();
    expect(lock).toHaveBeenCalledExactlyOnceWith('portrait');
  });

  it('goes fullscreen all the same where the lock is refused or missing', async () => {
    lock.mockRejectedValue(new DOMException('not supported', 'NotSupportedError'));
    renderPlayer();
    await enter();
    expect(lock).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Exit fullscreen' })).toBeTruthy();
    Object.defineProperty(window.screen, 'orientation', { configurable: true, value: { type: 'portrait-primary' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exit fullscreen' })));
    expect(screen.getByRole('button', { name: 'Fullscreen' })).toBeTruthy();
  });
});
