// Boot. Two ways in:
// - a server-rendered page seen signed out (first visits, crawlers): hydrate over the inlined data,
//   exactly as the server rendered it (signed out; dark, or light when the browser hinted so), then apply this device's theme;
// - the service worker's precached shell (repeat visits, offline), or any page on a device with a
//   stored session: cached data from IndexedDB, stored user refreshed, then render.
// Either way the current route's screen chunk and queries start at once, not after the first
// render, and the live connection, the IndexedDB persistence and the service worker wait for idle time.
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { rehydrateApiCache } from './api/api';
import { startPersisting } from './api/persist';
import { startOfflineQueue } from './api/pendingPatches';
import { toast } from './components/toast';
import { clientEmotionCache } from './app/emotionCache';
import { applyModeClass } from './app/theme';
import { App } from './app/App';
import { routeData } from './app/routeData';
import { loadRendered, SCREENS } from './app/screens';
import { listenForReconnect, makeStore, type AppStore } from './app/store';
import { booted } from './features/auth/authSlice';
import { bootSession, resumeStoredSession, watchSession } from './features/auth/session';
import { darkModeFor, setDarkMode, setThemePreference } from './features/theme/themeSlice';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { importChunk } from './lib/chunks';
import { getThemePreference, getToken } from './lib/storage';
import { readSsrState } from '../shared/ssrState';
import './styles.css';

const store = makeStore();
const route = routeData(location.pathname, location.search);
// Server-rendered HTML is hydrated signed out; a device with a stored session renders on the client
// instead (its screens differ), from the shell's path below.
const ssrState = getToken() === null ? readSsrState() : null;
// The screen's chunk is on its way while this one runs (server-rendered pages also name it in modulepreload).
const screenLoaded = !route ? Promise.resolve() : ssrState ? loadRendered(route.screen) : SCREENS[route.screen].load();
const rootElement = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Provider store={store}>
      <CacheProvider value={clientEmotionCache()}>
        <App />
      </CacheProvider>
    </Provider>
  </StrictMode>
);

const systemPrefersLight = () => window.matchMedia?.('(prefers-color-scheme: light)').matches ?? false;
const applyTheme = (target: AppStore) => target.dispatch(setThemePreference({ preference: getThemePreference(), systemPrefersLight: systemPrefersLight() }));

let sessionBooted: Promise<void>;
if (ssrState) {
  store.dispatch(rehydrateApiCache(ssrState.api));
  store.dispatch(booted());
  // Hydrate in the mode the server rendered (light when the browser's colour-scheme hint said so),
  // but show this device's mode at once: it is only a class on <html> (app/theme.ts), the markup is
  // the same; the state (the toggle's icon) follows after hydration.
  store.dispatch(setDarkMode(document.documentElement.classList.contains('dark')));
  applyModeClass(darkModeFor(getThemePreference(), systemPrefersLight()));
  // Hydrate once the screen's chunk is here, so the page hydrates in one pass; in a transition,
  // so React yields to the browser between components.
  void screenLoaded
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(rootElement, app)));
  // This device's theme state and session wait until hydration is over (the HTML was rendered in the
  // server's mode and signed out): an update before then would make React drop server HTML it has not hydrated yet.
  sessionBooted = new Promise((resolve) =>
    afterFirstPaint(() => {
      startOfflineQueue(store, toast);
      startTransition(() => void applyTheme(store));
      void resumeStoredSession(store).finally(resolve);
    }),
  );
} else {
  applyTheme(store);
  startOfflineQueue(store, toast);
  createRoot(rootElement).render(app);
  sessionBooted = bootSession(store).then(() => {
    // Cached entries are back: now the route's queries (fresh cached ones are not refetched).
    route?.prefetch(store.dispatch);
  });
}

watchSession(store);
listenForReconnect(store);

afterFirstPaint(() => {
  // A server-rendered page's data is saved at once; the shell's waits until the stored cache is
  // back, so that it is not written again.
  if (ssrState) startPersisting(store);
  else void sessionBooted.then(() => startPersisting(store));
  void importChunk(() => import('./app/liveConnection')).then(({ startLive }) => startLive(store.dispatch));
  void importChunk(() => import('./features/pwa/registerServiceWorker')).then(({ registerServiceWorker }) => registerServiceWorker(store));
});
