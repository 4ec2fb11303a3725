// The route table and guards of spec section 2. Screens are lazy chunks so the first load stays small.
import { lazy, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { selectIsSignedIn } from '../features/auth/authSlice';
import { AppLayout } from '../features/layout/AppLayout';
import { useAppSelector } from './hooks';

const HomePage = lazy(() => import('../features/feed/HomePage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const PlaceholderPage = lazy(() => import('../features/placeholders/PlaceholderPage'));
const NotFoundPage = lazy(() => import('../features/placeholders/NotFoundPage'));
// Issue 6: watch and upload.
const WatchPage = lazy(() => import('../features/watch/WatchPage'));
const UploadPage = lazy(() => import('../features/upload/UploadPage'));

/** Signed-in-only routes send a signed-out visitor to /login. */
export function RequireSignedIn() {
  return useAppSelector(selectIsSignedIn) ? <Outlet /> : <Navigate to="/login" replace />;
}

/** /login and /register send a signed-in user to /home. */
export function RequireSignedOut() {
  return useAppSelector(selectIsSignedIn) ? <Navigate to="/home" replace /> : <Outlet />;
}

// Screens of the later client issues; each becomes its own lazy page when built.
const placeholder = (title: string): ReactNode => <PlaceholderPage title={title} />;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RequireSignedOut />}>
        {/* No top navigation on these two. */}
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
      </Route>
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="/home" element={<HomePage />} />
        <Route path="/watch/:videoId" element={<WatchPage />} />
        <Route path="/profile/:username" element={placeholder('Profile')} />
        <Route path="/playlist/:playlistId" element={placeholder('Playlist')} />
        <Route path="/search" element={placeholder('Search')} />
        <Route element={<RequireSignedIn />}>
          <Route path="/upload" element={<UploadPage />} />
          <Route path="/my-videos" element={placeholder('My Videos')} />
          <Route path="/create-playlist" element={placeholder('Create New Playlist')} />
          <Route path="/playlist/:playlistId/add-videos" element={placeholder('Add Videos')} />
          <Route path="/settings" element={placeholder('Settings')} />
          <Route path="/liked-videos" element={placeholder('Liked Videos')} />
          <Route path="/watch-history" element={placeholder('Watch History')} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
