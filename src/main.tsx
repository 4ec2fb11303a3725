// Boot: store, theme, session (cached data + stored user refreshed), then the live connection and
// the service worker once the first screen has painted.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { startPersisting } from './api/persist';
import { startOfflineQueue } from './api/queuedActions';
import { App } from './app/App';
import { listenForReconnect, makeStore } from './app/store';
import { bootSession, watchSession } from './features/auth/session';
import { setThemePreference } from './features/theme/themeSlice';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { getThemePreference } from './lib/storage';
import './styles.css';

const store = makeStore();
store.dispatch(
  setThemePreference({
    preference: getThemePreference(),
    systemPrefersLight: window.matchMedia?.('(prefers-color-scheme: light)').matches ?? false,
  }),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);

watchSession(store);
listenForReconnect(store);
startOfflineQueue(store);
void bootSession(store).then(() => startPersisting(store));

afterFirstPaint(() => {
  void import('./api/live').then(({ connectLive }) => connectLive(store.dispatch));
  void import('./features/pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker(store));
});
