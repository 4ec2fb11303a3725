// Player rules: the quality segment in the media URL, the default (720p or the nearest), only the
// renditions a video has, and the keyboard shortcuts (never while typing).
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultQuality, qualityOptionsFor, qualityUrl } from '../../src/features/player/quality';
import { commandFor, usePlayerShortcuts } from '../../src/features/player/shortcuts';

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
