// Mini player placement: 320x180, snap to a 10 px margin within 80 px of
// an edge, clamped inside the viewport on resize.
import { describe, expect, it } from 'vitest';
import { clampToViewport, fitAfterResize, initialPosition, MINI_PLAYER, miniPlayerSize, snapToEdges } from '../../src/features/miniPlayer/position';

const desktop = { width: 1280, height: 800 };
const size = { width: 320, height: 180 };

describe('miniPlayerSize', () => {
  it('is 320x180 where it fits, narrowed at 16:9 on tiny screens', () => {
    expect(miniPlayerSize(desktop)).toEqual(size);
    expect(miniPlayerSize({ width: 390, height: 844 })).toEqual(size);
    expect(miniPlayerSize({ width: 320, height: 568 })).toEqual({ width: 300, height: 169 });
  });
});

describe('snapToEdges', () => {
  it('snaps to the 10 px margin within 80 px of the left and top edges', () => {
    expect(snapToEdges({ x: 79, y: 79 }, size, desktop)).toEqual({ x: 10, y: 10 });
    expect(snapToEdges({ x: 0, y: 3 }, size, desktop)).toEqual({ x: 10, y: 10 });
  });

  it('snaps to the 10 px margin within 80 px of the right and bottom edges', () => {
    // right gap = 1280 - (881 + 320) = 79
    expect(snapToEdges({ x: 881, y: 541 }, size, desktop)).toEqual({ x: 1280 - 320 - 10, y: 800 - 180 - 10 });
  });

  it('leaves a window 80 px or more from every edge where it was dropped', () => {
    expect(snapToEdges({ x: 80, y: 80 }, size, desktop)).toEqual({ x: 80, y: 80 });
    expect(snapToEdges({ x: 880, y: 540 }, size, desktop)).toEqual({ x: 880, y: 540 });
    expect(snapToEdges({ x: 500, y: 300 }, size, desktop)).toEqual({ x: 500, y: 300 });
  });

  it('picks the nearer edge when both are within reach (narrow phone)', () => {
    const phone = { width: 390, height: 844 };
    expect(snapToEdges({ x: 20, y: 300 }, size, phone)).toEqual({ x: 10, y: 300 });
    expect(snapToEdges({ x: 60, y: 300 }, size, phone)).toEqual({ x: 390 - 320 - 10, y: 300 });
  });

  it('never leaves the viewport, even when dropped outside it', () => {
    expect(snapToEdges({ x: -200, y: 5000 }, size, desktop)).toEqual({ x: 10, y: 610 });
  });
});

describe('clamping on resize', () => {
  it('keeps the window inside a smaller viewport', () => {
    const at = { x: 900, y: 600 };
    expect(clampToViewport(at, size, { width: 1000, height: 700 })).toEqual({ x: 680, y: 520 });
    // and the edge it was pushed to gets the margin
    expect(fitAfterResize(at, size, { width: 1000, height: 700 })).toEqual({ x: 1000 - 320 - MINI_PLAYER.margin, y: 700 - 180 - MINI_PLAYER.margin });
  });

  it('does not move a window that still fits away from the edges', () => {
    expect(fitAfterResize({ x: 300, y: 200 }, size, { width: 1000, height: 700 })).toEqual({ x: 300, y: 200 });
  });

  it('pins to the top-left corner when the viewport is smaller than the window', () => {
    expect(clampToViewport({ x: 50, y: 50 }, size, { width: 200, height: 100 })).toEqual({ x: 0, y: 0 });
  });

  it('starts at the bottom right margin', () => {
    expect(initialPosition(size, desktop)).toEqual({ x: 950, y: 610 });
  });
});
