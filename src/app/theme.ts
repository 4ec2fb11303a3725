// MUI themes for dark (default) and light mode. System fonts only: nothing to download, works offline.
import { createTheme, type Theme } from '@mui/material/styles';

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const BRAND_RED = '#e53935';

const cache: Partial<Record<'dark' | 'light', Theme>> = {};

export function themeFor(darkMode: boolean): Theme {
  const mode = darkMode ? 'dark' : 'light';
  cache[mode] ??= createTheme({
    palette: {
      mode,
      // Text on a filled colour (Subscribe, warnings, highlights) is picked for WCAG AA (4.5:1), not MUI's 3:1.
      contrastThreshold: 4.5,
      // Contrast of primary on the background stays above 4.5:1 in both modes.
      primary: { main: darkMode ? '#ff8a80' : '#c62828' },
      secondary: { main: darkMode ? '#90caf9' : '#1565c0' },
      background: darkMode ? { default: '#0f0f0f', paper: '#1c1c1c' } : { default: '#f9f9f9', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: FONT, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
  return cache[mode]!;
}
