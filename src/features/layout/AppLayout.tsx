// Header, side bar and the current screen (every route except /login and /register).
import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { lazyChunk } from '../../lib/chunks';
import { useOnceTrue } from '../../lib/useOnceTrue';
import { useAppBadge } from '../notifications/useAppBadge';
import { OfflineBanner } from '../offline/OfflineBanner';
import { BOTTOM_NAV_BREAKPOINT, BOTTOM_NAV_HEIGHT } from '../../lib/bottomNavSpace';
import { Header } from './Header';

// The drawer (MUI Modal) loads the first time the side bar opens.
const SideBar = lazyChunk(() => import('./SideBar'));
// The mini player floats over every screen once a video is minimized.
const MiniPlayer = lazyChunk(() => import('../miniPlayer/MiniPlayer'));
// Phones: Home, Subscriptions, Upload, Notifications, You (hidden by CSS from md up).
const BottomNav = lazyChunk(() => import('./BottomNav'));

export function AppLayout() {
  const sideBarWanted = useOnceTrue(useAppSelector((state) => state.sideBar.isSideBarOpen));
  const miniPlayerWanted = useOnceTrue(useAppSelector((state) => state.miniPlayer.isActive));
  useAppBadge();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <OfflineBanner />
      {sideBarWanted && (
        <Suspense fallback={null}>
          <SideBar />
        </Suspense>
      )}
      <Box component="main" id="main" tabIndex={-1} sx={{ px: { xs: 1.5, sm: 2, md: 3 }, pt: 2, pb: { xs: `calc(${BOTTOM_NAV_HEIGHT + 16}px + env(safe-area-inset-bottom))`, [BOTTOM_NAV_BREAKPOINT]: 2 }, maxWidth: 1800, mx: 'auto', outline: 'none' }}>
        <Suspense fallback={<div className="page-progress" role="progressbar" aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Suspense fallback={null}>
        <BottomNav />
      </Suspense>
      {miniPlayerWanted && (
        <Suspense fallback={null}>
          <MiniPlayer />
        </Suspense>
      )}
    </Box>
  );
}
