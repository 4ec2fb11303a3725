// The route table and its guards. Screens are lazy chunks so the first load stays small.
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { selectIsSignedIn, selectMustChangePassword } from '../features/auth/authSlice';
import { AppLayout } from '../features/layout/AppLayout';
import { lazyChunk } from '../lib/chunks';
import { returnPath } from '../lib/returnPath';
import { useAppSelector } from '../lib/hooks';
import { SCREENS } from './screens';

const HomePage = lazyChunk(SCREENS.home.load);
const LoginPage = lazyChunk(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyChunk(() => import('../features/auth/RegisterPage'));
const NotFoundPage = lazyChunk(() => import('../features/placeholders/NotFoundPage'));
// Watch and upload.
const WatchPage = lazyChunk(SCREENS.watch.load);
const UploadPage = lazyChunk(() => import('../features/upload/UploadPage'));
// Profile, playlists, search, settings and the user's own lists.
const ProfilePage = lazyChunk(SCREENS.profile.load);
const PlaylistPage = lazyChunk(() => import('../features/playlists/PlaylistPage'));
const CreatePlaylistPage = lazyChunk(() => import('../features/playlists/CreatePlaylistPage'));
const AddVideosPage = lazyChunk(() => import('../features/playlists/AddVideosPage'));
const SearchPage = lazyChunk(SCREENS.search.load);
const SettingsPage = lazyChunk(() => import('../features/settings/SettingsPage'));
const ChoosePasswordPage = lazyChunk(() => import('../features/settings/ChoosePasswordPage'));
const MyVideosPage = lazyChunk(() => import('../features/library/LibraryPages').then((m) => ({ default: m.MyVideosPage })));
const LikedVideosPage = lazyChunk(() => import('../features/library/LibraryPages').then((m) => ({ default: m.LikedVideosPage })));
const DownloadsPage = lazyChunk(() => import('../features/downloads/DownloadsPage'));
// The subscriptions feed and notifications.
const SubscriptionsPage = lazyChunk(() => import('../features/subscriptions/SubscriptionsPage'));
const NotificationsPage = lazyChunk(() => import('../features/notifications/NotificationsPage'));
const ModerationPage = lazyChunk(() => import('../features/moderation/ModerationPage'));
const StudioRoutes = lazyChunk(() => import('../features/studio/StudioRoutes'));
const WatchHistoryPage = lazyChunk(() => import('../features/library/LibraryPages').then((m) => ({ default: m.WatchHistoryPage })));

/** Signed-in-only routes send a signed-out visitor to /login, which brings them back after signing in. */
function RequireSignedIn() {
  const location = useLocation();
  return useAppSelector(selectIsSignedIn) ? <Outlet /> : <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

const CHOOSE_PASSWORD = '/choose-password';

/** After an operator's password reset every route leads to choosing a new password first. */
function RequireChosenPassword() {
  const mustChange = useAppSelector(selectMustChangePassword);
  const { pathname } = useLocation();
  return mustChange && pathname !== CHOOSE_PASSWORD ? <Navigate to={CHOOSE_PASSWORD} replace /> : <Outlet />;
}

/** /login and /register send a signed-in user to where they came from, else /home. */
function RequireSignedOut() {
  const back = returnPath(useLocation().state);
  return useAppSelector(selectIsSignedIn) ? <Navigate to={back} replace /> : <Outlet />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RequireChosenPassword />}>
        <Route path={CHOOSE_PASSWORD} element={<ChoosePasswordPage />} />
        <Route element={<RequireSignedOut />}>
          {/* No top navigation on these two. */}
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
        </Route>
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to="/home" replace />} />
          <Route path="/home" element={<HomePage />} />
          <Route path="/watch/:videoId" element={<WatchPage />} />
          <Route path="/profile/:username" element={<ProfilePage />} />
          <Route path="/playlist/:playlistId" element={<PlaylistPage />} />
          <Route path="/search" element={<SearchPage />} />
          <Route element={<RequireSignedIn />}>
            <Route path="/upload" element={<UploadPage />} />
            <Route path="/my-videos" element={<MyVideosPage />} />
            <Route path="/create-playlist" element={<CreatePlaylistPage />} />
            <Route path="/playlist/:playlistId/add-videos" element={<AddVideosPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/liked-videos" element={<LikedVideosPage />} />
            <Route path="/watch-history" element={<WatchHistoryPage />} />
            <Route path="/downloads" element={<DownloadsPage />} />
            <Route path="/subscriptions" element={<SubscriptionsPage />} />
            <Route path="/notifications" element={<NotificationsPage />} />
            <Route path="/moderation" element={<ModerationPage />} />
            <Route path="/studio/*" element={<StudioRoutes />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
