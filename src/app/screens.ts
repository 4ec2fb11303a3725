// The lazy screens' imports, named once: routes.tsx makes them React.lazy components, boot
// (main.tsx) starts the current route's download before React renders, and the server names the
// same modules' chunks in <link rel="modulepreload"> (screenSources.ts, which the client never loads).
export const SCREENS = {
  home: { load: () => import('../features/feed/HomePage') },
  watch: { load: () => import('../features/watch/WatchPage') },
  profile: { load: () => import('../features/profile/ProfilePage') },
  search: { load: () => import('../features/search/SearchPage') },
} as const;

export type ScreenName = keyof typeof SCREENS;

/**
 * Lazy parts that server-rendered HTML already shows: the layout's bottom navigation. The client
 * loads them before it hydrates, so that no part of the page is still waiting for its chunk when
 * the session or theme is applied afterwards.
 */
export const RENDERED_LAYOUT_PARTS = { bottomNav: () => import('../features/layout/BottomNav') } as const;

/** Loads the screen and its rendered lazy parts. */
export const loadRendered = (screen: ScreenName): Promise<unknown> =>
  Promise.all([SCREENS[screen].load(), ...Object.values(RENDERED_LAYOUT_PARTS).map((load) => load())]);
