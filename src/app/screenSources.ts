// What the server names in a rendered screen's <link rel="modulepreload">: the source paths of the
// modules screens.ts imports lazily. Only the server render reads them, so the client's first load
// does not carry them; tests/client/screenSources.test.ts holds them to screens.ts' imports.
import type { RENDERED_LAYOUT_PARTS, ScreenName } from './screens';

export const SCREEN_SOURCES: Record<ScreenName, string> = {
  home: 'src/features/feed/HomePage.tsx',
  watch: 'src/features/watch/WatchPage.tsx',
  profile: 'src/features/profile/ProfilePage.tsx',
  search: 'src/features/search/SearchPage.tsx',
};

export const RENDERED_LAYOUT_SOURCES: Record<keyof typeof RENDERED_LAYOUT_PARTS, string> = {
  bottomNav: 'src/features/layout/BottomNav.tsx',
};

/** Source paths of everything a rendered screen hydrates. */
export const renderedSources = (screen: ScreenName): string[] => [SCREEN_SOURCES[screen], ...Object.values(RENDERED_LAYOUT_SOURCES)];
