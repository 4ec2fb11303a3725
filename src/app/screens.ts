// The lazy screens' imports, named once: routes.tsx makes them React.lazy components, boot
// (main.tsx) starts the current route's download before React renders, and the server
// (server/ssr/) names the same modules' chunks in <link rel="modulepreload">.
export const SCREENS = {
  home: { source: 'src/features/feed/HomePage.tsx', load: () => import('../features/feed/HomePage') },
  watch: { source: 'src/features/watch/WatchPage.tsx', load: () => import('../features/watch/WatchPage') },
  profile: { source: 'src/features/profile/ProfilePage.tsx', load: () => import('../features/profile/ProfilePage') },
  search: { source: 'src/features/search/SearchPage.tsx', load: () => import('../features/search/SearchPage') },
} as const;

export type ScreenName = keyof typeof SCREENS;

interface LazyPart {
  source: string;
  load: () => Promise<unknown>;
}

/**
 * Lazy parts that server-rendered HTML already shows: the layout's bottom navigation. The client loads them before it hydrates, so that no part of the page is
 * still waiting for its chunk when the session or theme is applied afterwards.
 */
const RENDERED_PARTS: { layout: LazyPart[] } & Partial<Record<ScreenName, LazyPart[]>> = {
  layout: [{ source: 'src/features/layout/BottomNav.tsx', load: () => import('../features/layout/BottomNav') }],
};

const partsOf = (screen: ScreenName) => [SCREENS[screen], ...RENDERED_PARTS.layout, ...(RENDERED_PARTS[screen] ?? [])];

/** Source paths of everything a rendered screen hydrates (for modulepreload). */
export const renderedSources = (screen: ScreenName): string[] => partsOf(screen).map((part) => part.source);

/** Loads the screen and its rendered lazy parts. */
export const loadRendered = (screen: ScreenName): Promise<unknown> => Promise.all(partsOf(screen).map((part) => part.load()));
