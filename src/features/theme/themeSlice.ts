// Theme: darkMode true by default; the stored preference defaults to system.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ThemePreference } from '../../lib/storage';

interface ThemeState {
  darkMode: boolean;
  preference: ThemePreference;
}

/** 'system' follows the OS only when it explicitly asks for light; dark stays the default. */
export function darkModeFor(preference: ThemePreference, systemPrefersLight: boolean): boolean {
  if (preference === 'light') return false;
  if (preference === 'dark') return true;
  return !systemPrefersLight;
}

const initialState: ThemeState = { darkMode: true, preference: 'system' };

export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    toggleTheme(state) {
      state.darkMode = !state.darkMode;
      state.preference = state.darkMode ? 'dark' : 'light';
    },
    setThemePreference(state, action: PayloadAction<{ preference: ThemePreference; systemPrefersLight: boolean }>) {
      state.preference = action.payload.preference;
      state.darkMode = darkModeFor(action.payload.preference, action.payload.systemPrefersLight);
    },
    setDarkMode(state, action: PayloadAction<boolean>) {
      state.darkMode = action.payload;
    },
  },
});

export const { toggleTheme, setThemePreference, setDarkMode } = themeSlice.actions;
