// The app shell: theme, toasts, router, and 'Loading...' until the session has booted.
import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider would add its colour-scheme manager (~5 KB gzip: its own stored mode,
// media listener and class setter) and render the theme's variable sheets; the store keeps the mode
// here and the variables are in index.html from the build (build/themeVariables.ts), so this system
// provider is all it takes.
import { ThemeProvider } from '@mui/system';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { selectBooted } from '../features/auth/authSlice';
import { DownloadedVideosContext } from '../components/downloadedVideos';
import { LoadingScreen } from '../components/LoadingScreen';
import { VideoCardMenuContext } from '../components/videoCardMenu';
import { useDownloadedIds } from '../features/downloads/useDownloadedIds';
import { useAfterFirstPaint } from '../lib/afterFirstPaint';
import { lazyChunk } from '../lib/chunks';
import { useAppSelector } from '../lib/hooks';
import { AppRoutes } from './routes';
import { appTheme } from './theme';

// Toasts are never needed for the first paint: notistack comes in its own chunk once the page is
// idle; toasts raised before that wait for it (components/toast.tsx).
const Toaster = lazyChunk(() => import('../components/Toaster'));

// The question asked when a sign-out would leave queued actions unsent: only after an interaction,
// so it waits for the first paint like the toasts.
const SignOutPrompt = lazyChunk(() => import('../features/auth/SignOutPrompt'));

// The cards' ⋮ menu: a chunk of its own, loaded the first time a menu opens.
const VideoCardMenu = lazyChunk(() => import('../features/watch/VideoCardMenu'));

export function AppProviders({ children }: { children: ReactNode }) {
  const toasterWanted = useAfterFirstPaint();
  const downloaded = useDownloadedIds();
  return (
    <ThemeProvider theme={appTheme()}>
      <CssBaseline />
      <VideoCardMenuContext.Provider value={VideoCardMenu}>
        <DownloadedVideosContext.Provider value={downloaded}>{children}</DownloadedVideosContext.Provider>
      </VideoCardMenuContext.Provider>
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      {toasterWanted && (
        <Suspense fallback={null}>
          <SignOutPrompt />
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
