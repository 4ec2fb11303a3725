// The app shell: theme, toasts, router, and 'Loading...' until the session has booted.
import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider also ships the CSS-variables provider (~5 KB gzip) this app does not use;
// for a theme made without cssVariables it renders exactly this system provider.
import { ThemeProvider } from '@mui/system';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { selectBooted } from '../features/auth/authSlice';
import { LoadingScreen } from '../components/LoadingScreen';
import { useAfterFirstPaint } from '../lib/afterFirstPaint';
import { useAppSelector } from './hooks';
import { AppRoutes } from './routes';
import { themeFor } from './theme';

// Toasts are never needed for the first paint: notistack comes in its own chunk once the page is
// idle; toasts raised before that wait for it (components/toast.tsx).
const Toaster = lazy(() => import('../components/Toaster'));

export function AppProviders({ children }: { children: ReactNode }) {
  const darkMode = useAppSelector((state) => state.theme.darkMode);
  const toasterWanted = useAfterFirstPaint();
  return (
    <ThemeProvider theme={themeFor(darkMode)}>
      <CssBaseline />
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </ThemeProvider>
  );
}

/** The screens, once the session has booted. Inside a router: BrowserRouter here, StaticRouter on the server. */
export function AppScreens() {
  const booted = useAppSelector(selectBooted);
  return booted ? (
    <Suspense fallback={<LoadingScreen />}>
      <AppRoutes />
    </Suspense>
  ) : (
    <LoadingScreen />
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppScreens />
      </BrowserRouter>
    </AppProviders>
  );
}
