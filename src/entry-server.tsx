// Server-side rendering of the first screens (built with `vite build --ssr`, used by server/ssr/).
// Anonymous on purpose: no token or cookie reaches it, so one user's HTML can never be served to
// another. The route's queries are awaited, the tree is rendered with every lazy screen resolved
// (prerender), Emotion's critical styles are extracted, and the fulfilled queries are returned for
// the client to start from (main.tsx hydrates over the same state).
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { setServerSideFetch } from './api/client';
import { AppProviders, AppScreens } from './app/App';
import { routeData, type PageMeta } from './app/routeData';
import { renderedSources, type ScreenName } from './app/screens';
import { makeStore } from './app/store';
import { pageTitle } from './app/usePageTitle';
import { booted } from './features/auth/authSlice';
import { ControlBarStylePrimer } from './features/player/VideoPlayer';
import { setDarkMode } from './features/theme/themeSlice';
import { type SsrState, ssrStateOf } from './ssrState';

export { setServerSideFetch };

export interface RenderedPage {
  /** The root element's inner HTML. */
  html: string;
  /** Emotion's <style data-emotion> tags for what the HTML uses. */
  styleTags: string;
  /** The page's <title> text and link-preview fields. */
  title: string;
  meta: PageMeta;
  /** Source paths of the screen's lazy modules (for modulepreload from the Vite manifest). */
  screenSources: string[];
  state: SsrState;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Per screen, what it mounts on the client just after hydrating (the player's control bar comes in a background render). */
const CLIENT_MOUNTED: Partial<Record<ScreenName, () => ReactNode>> = {
  watch: () => <ControlBarStylePrimer />,
};

type EmotionChunks = ReturnType<ReturnType<typeof createEmotionServer>['extractCriticalToChunks']>;

/**
 * Emotion's critical styles keep only the classes found in the HTML. A component styled on top of
 * another (MUI's AppBar on Paper, IconButton on ButtonBase...) also inserts a class of its own
 * styles that ends up on no element; left out, the client inserts every one of them again while
 * hydrating, through stylis, in the hydration's commit (about 150 rules on /watch, most of the
 * client's style work then). So the component styles' chunk carries every class the render
 * inserted, in Emotion's insertion order; the client's cache then knows them all as inserted.
 */
function withEveryInsertedStyle(chunks: EmotionChunks, cache: EmotionCache): EmotionChunks {
  const ids = Object.keys(cache.inserted).filter((id) => cache.registered[`${cache.key}-${id}`] !== undefined && typeof cache.inserted[id] === 'string');
  const styles = chunks.styles.map((chunk) => (chunk.key === cache.key ? { key: chunk.key, ids, css: ids.map((id) => cache.inserted[id]).join('') } : chunk));
  return { ...chunks, styles };
}

/** Renders `url` (path + query), or returns null when it is not one of the server-rendered screens. */
export async function render(url: string, options: { dataTimeoutMs: number; lightMode?: boolean }): Promise<RenderedPage | null> {
  const { pathname, search } = new URL(url, 'http://ssr.invalid');
  const route = routeData(pathname, search);
  if (!route) return null;
  const store = makeStore();
  store.dispatch(booted());
  // Dark unless the browser said it prefers light (server/ssr/render.ts); the client hydrates in the same mode.
  if (options.lightMode) store.dispatch(setDarkMode(false));
  // A slow API must not hold the page: after the timeout the screen renders its loading state.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(route.prefetch(store.dispatch)), new Promise((resolve) => (timer = setTimeout(resolve, options.dataTimeoutMs)))]);
  clearTimeout(timer); // one timer per render would otherwise stay armed for the whole timeout

  const cache = createCache({ key: 'css' });
  const emotionServer = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={store}>
        <CacheProvider value={cache}>
          <AppProviders>
            <StaticRouter location={url}>
              <AppScreens />
            </StaticRouter>
          </AppProviders>
        </CacheProvider>
      </Provider>
    </StrictMode>,
    // Never outline a large boundary into a hidden segment revealed by an inline script: the CSP
    // (script-src 'self') blocks inline scripts, and everything is ready anyway.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  // What the screen mounts on the client right after hydrating, rendered for its styles alone: the
  // page then brings them (withEveryInsertedStyle) and the client inserts none while it settles.
  const mountedAfterHydration = CLIENT_MOUNTED[route.screen];
  if (mountedAfterHydration) {
    renderToString(
      <CacheProvider value={cache}>
        <AppProviders>{mountedAfterHydration()}</AppProviders>
      </CacheProvider>,
    );
  }
  // Marked as already placed (data-s): they are in <head> from the start, and the client's Emotion
  // cache would otherwise move every one of them to the end of <head> as it loads (~20 ms at
  // Lighthouse's 4x CPU, in the boot's longest task).
  const styleTags = emotionServer
    .constructStyleTagsFromChunks(withEveryInsertedStyle(emotionServer.extractCriticalToChunks(html), cache))
    .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  const meta = route.meta(store.getState());
  return { html, styleTags, title: pageTitle(meta.title), meta, screenSources: renderedSources(route.screen), state: ssrStateOf(store.getState()) };
}
