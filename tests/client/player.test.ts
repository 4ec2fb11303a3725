// Player rules: the quality segment in the media URL, the default (720p or the nearest), only the
// renditions a video has, and the keyboard shortcuts (never while typing).
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { playbackMode } from '../../src/features/player/playbackMode';
import { AUTO, defaultQuality, progressiveQuality, qualityButtonLabel, qualityOptionsFor, qualityUrl, rungOf } from '../../src/features/player/quality';
import { commandFor, usePlayerShortcuts } from '../../src/features/player/shortcuts';
import { useSettled } from '../../src/lib/useSettled';

describe('quality', () => {
  const path = 'http://h/media/video/upload/v1.mp4';

  it('inserts the segment after /upload/ and replaces one already there', () => {
    expect(qualityUrl(path, 'q_auto:good')).toBe('http://h/media/video/upload/q_auto:good/v1.mp4');
    expect(qualityUrl('http://h/media/video/upload/q_auto:low/v1.mp4', 'q_auto:best')).toBe('http://h/media/video/upload/q_auto:best/v1.mp4');
    expect(qualityUrl(path, null)).toBe(path);
    expect(qualityUrl('http://h/other/v1.mp4', 'q_auto:eco')).toBe('http://h/other/v1.mp4');
  });

  it('offers only the renditions the video has, best first', () => {
    expect(qualityOptionsFor([360, 1080, 480]).map((o) => `${o.label} ${o.name}`)).toEqual(['1080p best', '480p eco', '360p low']);
    expect(qualityOptionsFor([240])).toEqual([]);
  });

  it('defaults to 720p (good), else the nearest, ties to the better one', () => {
    expect(defaultQuality(qualityOptionsFor([1080, 720, 480, 360]))?.label).toBe('720p');
    expect(defaultQuality(qualityOptionsFor([480, 360]))?.label).toBe('480p');
    expect(defaultQuality(qualityOptionsFor([1080, 360]))?.label).toBe('1080p');
    expect(defaultQuality([])).toBeNull();
  });
});

describe('Auto quality and the playback mode', () => {
  const everywhere = { mse: true, nativeHls: true };
  it('prefers hls.js wherever MSE exists, native HLS only without it, the MP4 without a playlist', () => {
    expect(playbackMode('/m.m3u8', AUTO, everywhere)).toBe('hls.js');
    expect(playbackMode('/m.m3u8', 'q_auto:eco', everywhere)).toBe('hls.js');
    expect(playbackMode('/m.m3u8', AUTO, { mse: false, nativeHls: true })).toBe('native');
    // Native HLS cannot be pinned to a rung: a manual quality plays that MP4.
    expect(playbackMode('/m.m3u8', 'q_auto:eco', { mse: false, nativeHls: true })).toBe('progressive');
    expect(playbackMode('/m.m3u8', AUTO, { mse: false, nativeHls: false })).toBe('progressive');
    expect(playbackMode(null, AUTO, everywhere)).toBe('progressive');
    expect(playbackMode(undefined, AUTO, everywhere)).toBe('progressive');
  });

  it('plays the manual choice, or for Auto 720p (or the nearest) as the MP4', () => {
    const options = qualityOptionsFor([1080, 720, 480, 360]);
    expect(progressiveQuality(options, AUTO)?.label).toBe('720p');
    expect(progressiveQuality(options, AUTO, 480)?.label).toBe('480p');
    expect(progressiveQuality(options, 'q_auto:low')?.label).toBe('360p');
    // A choice the video lacks falls to the nearest it has.
    expect(progressiveQuality(qualityOptionsFor([480, 360]), 'q_auto:best')?.label).toBe('480p');
    expect(progressiveQuality([], AUTO)).toBeNull();
  });

  it('labels the button with the choice and, under Auto, the rung on screen', () => {
    expect(qualityButtonLabel(AUTO, null)).toBe('Auto');
    expect(qualityButtonLabel(AUTO, 480)).toBe('Auto · 480p');
    expect(qualityButtonLabel('q_auto:good', 360)).toBe('720p');
    expect(rungOf(1280, 720)).toBe(720);
    expect(rungOf(720, 1280)).toBe(720);
  });
});

describe('shortcuts', () => {
  it('maps space/k, j/l, arrows, f and m', () => {
    expect(commandFor(' ')).toEqual({ type: 'togglePlay' });
    expect(commandFor('k')).toEqual({ type: 'togglePlay' });
    expect(commandFor('j')).toEqual({ type: 'seekBy', seconds: -10 });
    expect(commandFor('l')).toEqual({ type: 'seekBy', seconds: 10 });
    expect(commandFor('ArrowLeft')).toEqual({ type: 'seekBy', seconds: -5 });
    expect(commandFor('ArrowRight')).toEqual({ type: 'seekBy', seconds: 5 });
    expect(commandFor('ArrowUp')).toEqual({ type: 'volumeBy', delta: 0.1 });
    expect(commandFor('f')).toEqual({ type: 'toggleFullscreen' });
    expect(commandFor('m')).toEqual({ type: 'toggleMute' });
    expect(commandFor('0')).toEqual({ type: 'seekToFraction', fraction: 0 });
    expect(commandFor('7')).toEqual({ type: 'seekToFraction', fraction: 0.7 });
    expect(commandFor('Home')).toEqual({ type: 'seekToFraction', fraction: 0 });
    expect(commandFor('End')).toEqual({ type: 'seekToFraction', fraction: 1 });
    expect(commandFor('x')).toBeNull();
  });

  it('acts on the page but not while typing, on a focused button or with a modifier', () => {
    const run = vi.fn();
    renderHook(() => usePlayerShortcuts(run));
    const press = (target: EventTarget, key: string, init: KeyboardEventInit = {}) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press(document.body, 'k')).toBe(true);
    expect(run).toHaveBeenLastCalledWith({ type: 'togglePlay' });

    const field = document.body.appendChild(document.createElement('textarea'));
    const button = document.body.appendChild(document.createElement('button'));
    press(field, 'k');
    press(field, ' ');
    press(button, ' '); // the button's own click
    press(document.body, 'l', { ctrlKey: true });
    expect(run).toHaveBeenCalledTimes(1);
    press(button, 'm');
    expect(run).toHaveBeenLastCalledWith({ type: 'toggleMute' });
    field.remove();
    button.remove();
  });
});

describe('useSettled (the player reads the master once for a burst of rungs)', () => {
  it('gives the first value at once and a burst of changes once, after it settles', () => {
    vi.useFakeTimers();
    try {
      const seen: string[] = [];
      const { rerender } = renderHook(({ value }) => {
        const settled = useSettled(value, 1000);
        if (seen.at(-1) !== settled) seen.push(settled);
        return settled;
      }, { initialProps: { value: '' } });
      for (const value of ['360', '480,360', '720,480,360']) {
        rerender({ value });
        act(() => void vi.advanceTimersByTime(300));
      }
      expect(seen).toEqual(['']);
      act(() => void vi.advanceTimersByTime(1000));
      expect(seen).toEqual(['', '720,480,360']);
    } finally {
      vi.useRealTimers();
    }
  });
});
