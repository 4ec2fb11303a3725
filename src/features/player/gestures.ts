// Touch gestures on the player, as phones have them: a double tap on the left or right third seeks
// back or forward 10 s and every further tap on that side soon after adds 10 s more; a single tap
// shows or hides the controls (after a short wait, in case a second tap follows); a swipe down on a
// full-screen player leaves fullscreen. Pure rules here; usePlayerGestures.ts wires them to the video.

export const SEEK_STEP_SECONDS = 10;
/** How soon a second tap must follow the first to make a double tap. */
export const DOUBLE_TAP_MS = 300;
/** How long after a seeking tap a further tap on the same side adds another step. */
export const SEEK_CHAIN_MS = 700;
/** A touch that moves less than this is a tap. */
const TAP_SLOP_PX = 12;
/** How far down a swipe must travel to leave fullscreen. */
const SWIPE_DOWN_PX = 60;

export type SeekSide = 'back' | 'forward';

/** The side a tap at `x` of a `width`-wide player seeks to: the outer thirds; the middle seeks nowhere. */
export function sideOf(x: number, width: number): SeekSide | null {
  if (width <= 0) return null;
  if (x < width / 3) return 'back';
  if (x > (width * 2) / 3) return 'forward';
  return null;
}

export type TapAction =
  /** A first tap on a side: wait DOUBLE_TAP_MS for a second one before acting as a single tap. */
  | { type: 'wait' }
  /** Act as a single tap now. */
  | { type: 'single' }
  /** Seek one step to `side`; `total` is how far this run of taps has seeked so far. */
  | { type: 'seek'; side: SeekSide; total: number };

/** Turns a stream of taps (side, time) into actions. */
export function createTapTracker() {
  let first: { side: SeekSide; at: number } | null = null;
  let run: { side: SeekSide; total: number; until: number } | null = null;
  return {
    tap(side: SeekSide | null, now: number): TapAction {
      if (run && side === run.side && now <= run.until) {
        run = { side, total: run.total + SEEK_STEP_SECONDS, until: now + SEEK_CHAIN_MS };
        return { type: 'seek', side, total: run.total };
      }
      run = null;
      if (side && first?.side === side && now - first.at <= DOUBLE_TAP_MS) {
        first = null;
        run = { side, total: SEEK_STEP_SECONDS, until: now + SEEK_CHAIN_MS };
        return { type: 'seek', side, total: run.total };
      }
      if (side) {
        first = { side, at: now };
        return { type: 'wait' };
      }
      first = null;
      return { type: 'single' };
    },
  };
}

/** What a touch that went from its start by (dx, dy) px was: a tap, a swipe down, or neither. */
export function releaseKind(dx: number, dy: number): 'tap' | 'swipeDown' | 'other' {
  if (Math.hypot(dx, dy) < TAP_SLOP_PX) return 'tap';
  if (dy >= SWIPE_DOWN_PX && dy > Math.abs(dx)) return 'swipeDown';
  return 'other';
}
