// The phone player's tap rules: outer thirds seek, a double tap seeks 10 s and further taps on that
// side add up, a lone tap waits for a possible second one, the middle acts at once; a swipe down is
// told from a tap.
import { describe, expect, it } from 'vitest';
import { createTapTracker, DOUBLE_TAP_MS, releaseKind, SEEK_CHAIN_MS, sideOf } from '../../src/features/player/gestures';

describe('player gestures', () => {
  it('splits the player in thirds: back, nowhere, forward', () => {
    expect(sideOf(10, 390)).toBe('back');
    expect(sideOf(195, 390)).toBeNull();
    expect(sideOf(380, 390)).toBe('forward');
    expect(sideOf(5, 0)).toBeNull();
  });

  it('seeks on a double tap on one side and adds 10 s for each further tap soon after', () => {
    const taps = createTapTracker();
    expect(taps.tap('forward', 0)).toEqual({ type: 'wait' });
    expect(taps.tap('forward', 200)).toEqual({ type: 'seek', side: 'forward', total: 10 });
    expect(taps.tap('forward', 200 + SEEK_CHAIN_MS - 1)).toEqual({ type: 'seek', side: 'forward', total: 20 });
    expect(taps.tap('forward', 1300)).toEqual({ type: 'seek', side: 'forward', total: 30 });
    // The run is over: the next tap starts again.
    expect(taps.tap('forward', 1300 + SEEK_CHAIN_MS + 1)).toEqual({ type: 'wait' });
  });

  it('does not seek on two slow taps, on taps on two sides, or in the middle', () => {
    const taps = createTapTracker();
    expect(taps.tap('back', 0)).toEqual({ type: 'wait' });
    expect(taps.tap('back', DOUBLE_TAP_MS + 1)).toEqual({ type: 'wait' });
    expect(taps.tap('forward', DOUBLE_TAP_MS + 50)).toEqual({ type: 'wait' });
    expect(taps.tap(null, DOUBLE_TAP_MS + 100)).toEqual({ type: 'single' });
    expect(taps.tap(null, DOUBLE_TAP_MS + 150)).toEqual({ type: 'single' });
    expect(taps.tap('back', 2000)).toEqual({ type: 'wait' });
    expect(taps.tap('back', 2100)).toEqual({ type: 'seek', side: 'back', total: 10 });
    // A tap on the other side ends the run.
    expect(taps.tap('forward', 2200)).toEqual({ type: 'wait' });
  });

  it('tells a tap, a swipe down and other moves apart', () => {
    expect(releaseKind(3, 4)).toBe('tap');
    expect(releaseKind(10, 120)).toBe('swipeDown');
    expect(releaseKind(0, -120)).toBe('other');
    expect(releaseKind(150, 80)).toBe('other');
    expect(releaseKind(0, 30)).toBe('other');
  });
});
