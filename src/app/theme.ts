// One MUI theme for dark (default) and light mode, as CSS variables: switching modes changes a class
// on <html> (the store's listener), not the theme object, so React re-renders nothing but the few
// components that show the mode. A server-rendered page therefore hydrates and then takes this
// device's mode without restyling every component. System fonts only: nothing to download, works offline.
import { createTheme } from '@mui/material/styles';

// Types theme.vars and the variable sheets (MUI's documented switch for CSS-variables themes).
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

// Contrast of primary on the background stays above 4.5:1 in both modes; text on a filled colour
// (Subscribe, warnings, highlights) is picked for WCAG AA (4.5:1), not MUI's 3:1.
const COLOR_SCHEMES = {
  dark: { palette: { contrastThreshold: 4.5, primary: { main: '#ff8a80' }, secondary: { main: '#90caf9' }, background: { default: '#0f0f0f', paper: '#1c1c1c' } } },
  light: {
    palette: {
      contrastThreshold: 4.5,
      primary: { main: '#c62828' },
      secondary: { main: '#1565c0' },
      // MUI's light warning (#ed6c02) is 3.1:1 as text on white; this amber is 7:1 (and 4.5:1+ under white text).
      warning: { main: '#b45309' },
      background: { default: '#f9f9f9', paper: '#ffffff' },
    },
  },
} as const;

function makeTheme(colorSchemes: Partial<typeof COLOR_SCHEMES>) {
  return createTheme({
    // `.dark` / `.light` on <html>; with neither, the default (dark) applies.
    cssVariables: { colorSchemeSelector: 'class' },
    defaultColorScheme: 'dark',
    colorSchemes,
    shape: { borderRadius: 10 },
    typography: { fontFamily: FONT, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

let made: ReturnType<typeof makeTheme> | undefined;

/**
 * The theme components render with: the default (dark) scheme alone. Components style with the
 * variables (`var(--mui-palette-...)`, the same names in both modes) and `.dark &` selectors; the
 * light scheme only gives those variables other values, which come with index.html
 * (build/themeVariables.ts), so making it here too would only cost boot time. Made on first use
 * (the first render), not when this module is imported: createTheme is one of the larger pieces of
 * boot work, and it belongs to the render that needs it, not to the evaluation of the entry.
 */
export function appTheme() {
  made ??= makeTheme({ dark: COLOR_SCHEMES.dark });
  return made;
}

/** Both schemes: what build/themeVariables.ts writes the variables of. */
export const themeWithEveryScheme = () => makeTheme(COLOR_SCHEMES);

/** The document's mode classes, which select the theme's variables (and index.html's boot colours). */
export function applyModeClass(darkMode: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', darkMode);
  root.classList.toggle('light', !darkMode);
}
