// Server-side rendering of the first screens (built with `vite build --ssr`, used by server/ssr/).
// Anonymous on purpose: no token or cookie reaches it, so one user's HTML can never be served to
// another. The route's queries are awaited, the tree is rendered with every lazy screen resolved
// (prerender), the styles Emotion inserted are collected, and the fulfilled queries are returned for
// the client to start from (main.tsx hydrates over the same state).
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { setServerSideFetch } from './api/client';
import { AppProviders, AppScreens } from './app/App';
import { routeData, type PageMeta } from './app/routeData';
import { RENDERED_STYLES_ATTRIBUTE } from './app/emotionCache';
import { renderedSources } from './app/screenSources';
import { makeStore, type RootState } from './app/store';
import { pageTitle } from './lib/usePageTitle';
import { booted } from './features/auth/authSlice';
import { setDarkMode } from './features/theme/themeSlice';
import type { SsrState } from '../shared/ssrState';

export { setServerSideFetch };

export interface RenderedPage {
  /** The root element's inner HTML. */
  html: string;
  /** Emotion's <style> tags: every style the render inserted. */
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

/** A class (or global style) Emotion inserted, and its CSS. */
type InsertedStyle = [id: string, css: string];

/**
 * What a render inserted into `cache`, in Emotion's order: component classes, and global styles apart.
 * Not Emotion's critical extraction, which keeps only the classes found in the HTML: a component
 * styled on top of another (MUI's AppBar on Paper, IconButton on ButtonBase...) also inserts a class
 * of its own that ends up on no element, and the client inserted every one of those again while
 * hydrating, through stylis, in the hydration's commit (about 150 rules on /watch).
 */
function insertedStyles(cache: EmotionCache): { components: InsertedStyle[]; globals: InsertedStyle[] } {
  const components: InsertedStyle[] = [];
  const globals: InsertedStyle[] = [];
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    (cache.registered[`${cache.key}-${id}`] !== undefined ? components : globals).push([id, css]);
  }
  return { components, globals };
}

/**
 * An Emotion cache for a server render. Creating Emotion's server for it (before rendering) is what
 * makes the cache keep the styles the render inserts instead of writing <style> tags beside the
 * elements; styleTagsOf then writes the tags itself.
 */
function collectingCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  createEmotionServer(cache);
  return cache;
}

/**
 * The page's <style> tags: each global style in a tag of its own (Emotion flushes them one by one),
 * then every component class the render inserted, so the client's cache knows them all as inserted
 * and puts none through stylis while hydrating. The tags are written here rather than rewritten from
 * Emotion's: the components' tag carries an attribute of its own, which the client's cache reads
 * without moving the tag (src/app/emotionCache.ts); the global ones keep Emotion's attribute (its
 * <Global> finds its tag by it), marked as already placed (data-s), or the cache would hoist them to
 * the end of <head> as it loads (~20 ms at Lighthouse's 4x CPU, in the boot's longest task).
 */
function styleTagsOf(cache: EmotionCache): string {
  const { components, globals } = insertedStyles(cache);
  const tag = (attributes: string, css: string) => `<style ${attributes}>${css}</style>`;
  return [
    ...globals.map(([id, css]) => tag(`data-s="" data-emotion="${cache.key}-global ${id}"`, css)),
    tag(`${RENDERED_STYLES_ATTRIBUTE}="${[cache.key, ...components.map(([id]) => id)].join(' ')}"`, components.map(([, css]) => css).join('')),
  ].join('');
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

  const cache = collectingCache();
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
  const styleTags = styleTagsOf(cache);
  const meta = route.meta(store.getState());
  return { html, styleTags, title: pageTitle(meta.title), meta, screenSources: renderedSources(route.screen), state: ssrStateOf(store.getState()) };
}

/** The fulfilled queries of the api slice, as the page hands them to the client. */
function ssrStateOf(state: RootState): SsrState {
  const queries = Object.fromEntries(Object.entries(state.api.queries).filter(([, entry]) => entry?.status === 'fulfilled'));
  return { api: { queries, mutations: {}, provided: state.api.provided as unknown as SsrState['api']['provided'] } };
}
