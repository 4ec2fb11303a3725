// Current user plus the boot flag: signed in = token and user both stored.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getStoredUser, getToken, type StoredUser } from '../../lib/storage';

export interface AuthState {
  currentUser: StoredUser | null;
  token: string | null;
  /** False until the stored user has been loaded and refreshed (the app shows 'Loading...'). */
  booted: boolean;
}

const initialState: AuthState = { currentUser: null, token: null, booted: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Re-reads local storage: boot, storage events, 'authStateChanged', coming back online. */
    syncFromStorage(state) {
      state.token = getToken();
      state.currentUser = getStoredUser();
    },
    setCurrentUser(state, action: PayloadAction<StoredUser | null>) {
      state.currentUser = action.payload;
    },
    signedIn(state, action: PayloadAction<{ token: string; user: StoredUser }>) {
      state.token = action.payload.token;
      state.currentUser = action.payload.user;
    },
    signedOut(state) {
      state.token = null;
      state.currentUser = null;
    },
    booted(state) {
      state.booted = true;
    },
  },
});

export const { syncFromStorage, setCurrentUser, signedIn, signedOut, booted } = authSlice.actions;

export const selectCurrentUser = (state: { auth: AuthState }) => state.auth.currentUser;
export const selectIsSignedIn = (state: { auth: AuthState }) => Boolean(state.auth.token && state.auth.currentUser);
/** Signed in with an operator's one-time password: a new one must be chosen first. */
export const selectMustChangePassword = (state: { auth: AuthState }) => Boolean(state.auth.token && state.auth.currentUser?.mustChangePassword);
export const selectBooted = (state: { auth: AuthState }) => state.auth.booted;
