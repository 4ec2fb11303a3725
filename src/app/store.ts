// The Redux store: the client's own state slices plus the one RTK Query slice.
import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import '../api/endpoints';
import { queueSpecOf } from '../api/offlineEndpoints';
import { createOfflineQueue, type StoreExtra } from '../api/offlineQueue';
import { pendingPatchesMiddleware } from '../api/pendingPatches';
import { authSlice } from '../features/auth/authSlice';
import { commentSlice } from '../features/comments/commentSlice';
import { sideBarSlice } from '../features/layout/sideBarSlice';
import { miniPlayerSlice } from '../features/miniPlayer/miniPlayerSlice';
import { searchBarSlice } from '../features/search/searchBarSlice';
import { setThemePreference, themeSlice, toggleTheme } from '../features/theme/themeSlice';
import { storeThemePreference } from '../lib/storage';
import { applyModeClass } from './theme';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authSlice.reducer,
  theme: themeSlice.reducer,
  searchBar: searchBarSlice.reducer,
  sideBar: sideBarSlice.reducer,
  miniPlayer: miniPlayerSlice.reducer,
  comment: commentSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  // The store's offline queue: RTK Query's queryFns and the store's thunks reach it as the extra
  // argument (getOfflineQueue); it replays stored actions by endpoint name, which the registry knows.
  const extra: StoreExtra = { offlineQueue: createOfflineQueue({ specOf: queueSpecOf }) };
  const listeners = createListenerMiddleware();
  // The stored preference and the document's mode class follow every theme change.
  listeners.startListening({
    matcher: isAnyOf(toggleTheme, setThemePreference),
    effect: (_action, listenerApi) => {
      const { theme } = listenerApi.getState() as RootState;
      storeThemePreference(theme.preference);
      applyModeClass(theme.darkMode);
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).prepend(listeners.middleware).concat(api.middleware, pendingPatchesMiddleware(extra.offlineQueue)),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** Refetch on focus and reconnect (the browser's online/offline and visibility events). */
export function listenForReconnect(store: AppStore): () => void {
  return setupListeners(store.dispatch);
}
