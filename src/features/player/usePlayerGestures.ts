// The player's touch gestures (gestures.ts) on its <video>: double tap a side to seek with a ripple,
// single tap to show or hide the controls (never play/pause: that is the centre button, as on
// YouTube), swipe down to leave fullscreen. Mouse and pen keep the click (play/pause) and the double
// click (fullscreen); the click a touch tap brings is left to the tap rules.
import { type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent, type TouchEvent as ReactTouchEvent, useEffect, useRef, useState } from 'react';
import { createTapTracker, DOUBLE_TAP_MS, releaseKind, SEEK_CHAIN_MS, SEEK_STEP_SECONDS, type SeekSide, sideOf } from './gestures';

/** The ripple on screen: its side, the seconds this run of taps has seeked, and a key per tap (its pulse restarts). */
export interface SeekRippleState {
  side: SeekSide;
  seconds: number;
  key: number;
}

interface Options {
  fullscreen: boolean;
  /** A single touch tap: show or hide the controls. */
  onTap: () => void;
  /** A mouse or pen click: play/pause. */
  onClick: () => void;
  onSeekBy: (seconds: number) => void;
  /** A mouse double click. */
  onDoubleClick: () => void;
  onExitFullscreen: () => void;
}

/** A click within this long after a touch ended came from that touch. */
const TOUCH_CLICK_MS = 800;
// Times are the inputs' own (event.timeStamp: when the browser took the touch), not the handlers':
// on a busy phone a handler can run hundreds of ms late, which must not turn a double tap into two
// single taps, nor a touch's late dblclick into a mouse's (fullscreen).

export function usePlayerGestures(options: Options) {
  const latest = useRef(options);
  latest.current = options;
  const [tracker] = useState(createTapTracker);
  const [ripple, setRipple] = useState<SeekRippleState | null>(null);
  const touchStart = useRef<{ id: number; x: number; y: number } | null>(null);
  const touchEndedAt = useRef(-Infinity);
  const strayTouchEnded = useRef(false);
  const singleTapTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const rippleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(singleTapTimer.current);
      clearTimeout(rippleTimer.current);
    },
    [],
  );

  const fromTouch = (event: { nativeEvent: Event }) =>
    (event.nativeEvent as { pointerType?: string }).pointerType === 'touch' || event.nativeEvent.timeStamp - touchEndedAt.current < TOUCH_CLICK_MS;

  const tapAt = (x: number, width: number, at: number) => {
    const action = tracker.tap(sideOf(x, width), at);
    clearTimeout(singleTapTimer.current);
    if (action.type === 'wait') singleTapTimer.current = setTimeout(() => latest.current.onTap(), DOUBLE_TAP_MS);
    else if (action.type === 'single') latest.current.onTap();
    else {
      latest.current.onSeekBy(action.side === 'back' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
      setRipple((shown) => ({ side: action.side, seconds: action.total, key: (shown?.key ?? 0) + 1 }));
      clearTimeout(rippleTimer.current);
      rippleTimer.current = setTimeout(() => setRipple(null), SEEK_CHAIN_MS);
    }
  };

  const handlers = {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType === 'touch' && event.isPrimary) touchStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType !== 'touch') return;
      const start = touchStart.current;
      touchEndedAt.current = event.timeStamp;
      // A touch belongs to the element it started on, so one that ends here without starting here
      // started on an element that went away meanwhile (the Play button as playback starts). If it
      // was a tap, its click comes here next: that click is the tap.
      strayTouchEnded.current = event.isPrimary && start?.id !== event.pointerId;
      if (start?.id !== event.pointerId) return;
      touchStart.current = null;
      const kind = releaseKind(event.clientX - start.x, event.clientY - start.y);
      if (kind === 'swipeDown' && latest.current.fullscreen) latest.current.onExitFullscreen();
      else if (kind === 'tap') {
        const box = event.currentTarget.getBoundingClientRect();
        tapAt(event.clientX - box.left, box.width, event.timeStamp);
      }
    },
    // A tap on the picture is handled above (pointerup): its later click must not reach what the tap
    // brought under the finger (the controls' centre Pause button). Cancelling touchend stops it;
    // it only reaches here for touches that started on the video.
    onTouchEnd: (event: ReactTouchEvent<HTMLElement>) => {
      if (event.cancelable) event.preventDefault();
    },
    onPointerCancel: () => {
      touchStart.current = null; // the browser took the touch (a page scroll)
    },
    onClick: (event: ReactMouseEvent<HTMLElement>) => {
      if (!fromTouch(event)) latest.current.onClick();
      else if (strayTouchEnded.current) {
        strayTouchEnded.current = false;
        const box = event.currentTarget.getBoundingClientRect();
        tapAt(event.clientX - box.left, box.width, event.timeStamp);
      }
    },
    onDoubleClick: (event: { nativeEvent: Event }) => {
      if (!fromTouch(event)) latest.current.onDoubleClick();
    },
  };
  // Full screen, the player keeps every touch (a swipe down would otherwise be taken as a pan);
  // otherwise swipes scroll the page and double taps never zoom.
  const touchAction = options.fullscreen ? 'none' : 'manipulation';
  return { handlers, ripple, touchAction } as const;
}
