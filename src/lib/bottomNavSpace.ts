// The room the phone's bottom navigation takes (BottomNav.tsx); the main column and the mini player keep clear of it.
export const BOTTOM_NAV_HEIGHT = 56;
/** From this MUI breakpoint up the side bar is the navigation and the bottom bar is hidden. */
export const BOTTOM_NAV_BREAKPOINT = 'md' as const;
/** The same breakpoint in pixels (MUI md). */
export const BOTTOM_NAV_MIN_WIDTH = 900;

/** Pixels at the bottom of the viewport covered by the bottom navigation right now. */
export function bottomNavInset(): number {
  return typeof window !== 'undefined' && window.innerWidth < BOTTOM_NAV_MIN_WIDTH ? BOTTOM_NAV_HEIGHT : 0;
}
