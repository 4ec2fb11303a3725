// Profile screen: 'Loading profile...', 'Error', 'User Not Found'; the header; then the
// tabs Videos, Playlists and, for the owner with a token, Liked Videos, Watch History and Watch Later. The tab
// lives in the URL; a signed-out visitor sent to a private tab is told to log in and lands on videos.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useGetProfileQuery } from '../../api/endpoints/users';
import { errorStatus } from '../../api/errorStatus';
import { useAppSelector } from '../../lib/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { pillTabsSx } from '../../components/pillTabs';
import { toast } from '../../components/toast';
import { canSeePrivateTabs, isProfileOwner } from '../../lib/ownership';
import { selectCurrentUser, selectIsSignedIn } from '../auth/authSlice';
import { LikedVideosTab, PlaylistsTab, UploadedVideosTab, WatchHistoryTab, WatchLaterTab } from '../library/tabs';
import { ProfileHeader } from './ProfileHeader';
import { type ProfileTabId, resolveProfileTab, visibleTabs } from './profileTabs';

export const PROFILE_FAILED = 'Failed to load profile data';

function Centered({ title, message, children }: { title?: string; message: string; children?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} role={title ? 'alert' : 'status'}>
      {title && (
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
      )}
      <Typography color="text.secondary">{message}</Typography>
      {children}
    </Box>
  );
}

export default function ProfilePage() {
  const { username = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const viewer = useAppSelector(selectCurrentUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const token = useAppSelector((state) => state.auth.token);
  const profile = useGetProfileQuery(username, { skip: !username });
  usePageTitle(profile.data ? `${profile.data.fullName} (@${profile.data.username})` : undefined);
  const isOwner = isProfileOwner(viewer, username);
  const privateAllowed = canSeePrivateTabs(viewer, token, username);
  const resolution = resolveProfileTab(params.get('tab'), { signedIn, privateAllowed });
  const [notice, setNotice] = useState<string | null>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const status = errorStatus(profile.error);
  const failed = profile.isError && status !== 404;

  useEffect(() => {
    if (!resolution.reset) return;
    if (resolution.loginNotice) setNotice(resolution.loginNotice);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('tab');
        return next;
      },
      { replace: true },
    );
  }, [resolution.reset, resolution.loginNotice, setParams]);

  useEffect(() => {
    if (failed) toast.error(messageOf(profile.error, PROFILE_FAILED));
  }, [failed, profile.error]);

  const select = (tab: ProfileTabId) => {
    setNotice(null);
    setParams(tab === 'videos' ? {} : { tab });
  };

  if (profile.isLoading || (!profile.data && profile.isFetching)) return <Centered message="Loading profile..." />;
  if (status === 404) return <Centered title="User Not Found" message="The user you are looking for does not exist." />;
  if (!profile.data) {
    return (
      <Centered title="Error" message={messageOf(profile.error, PROFILE_FAILED)}>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => void profile.refetch()}>
          Try Again
        </Button>
      </Centered>
    );
  }

  const tabs = visibleTabs(privateAllowed);
  const active = resolution.tab;

  return (
    <Box sx={{ maxWidth: 1800, mx: 'auto' }}>
      <ProfileHeader profile={profile.data} isOwner={isOwner} />
      <Box sx={{ borderBottom: { sm: 1 }, borderColor: { sm: 'divider' }, mb: 3 }}>
        <Tabs
          value={active}
          onChange={(_event, tab: ProfileTabId) => select(tab)}
          aria-label="Profile sections"
          // Phones: wrapping pills (components/pillTabs.ts); wider: the underlined row, flush left.
          sx={phone ? pillTabsSx : { '& .MuiTab-root': { minWidth: 'auto', px: 2, whiteSpace: 'nowrap' }, '& .MuiTab-root:first-of-type': { pl: 0.5 } }}
        >
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id} label={tab.label} id={`profile-tab-${tab.id}`} aria-controls="profile-panel" />
          ))}
        </Tabs>
      </Box>
      {notice && (
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/login" color="inherit" size="small">
              Login
            </Button>
          }
          sx={{ mb: 3 }}
        >
          {notice}
        </Alert>
      )}
      <Box id="profile-panel" role="tabpanel" aria-labelledby={`profile-tab-${active}`}>
        {active === 'videos' && <UploadedVideosTab username={profile.data.username} isOwner={isOwner} />}
        {active === 'playlists' && <PlaylistsTab username={profile.data.username} isOwner={isOwner} />}
        {active === 'liked' && <LikedVideosTab />}
        {active === 'history' && <WatchHistoryTab />}
        {active === 'watchLater' && <WatchLaterTab />}
      </Box>
    </Box>
  );
}
