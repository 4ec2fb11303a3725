// /my-videos, /liked-videos and /watch-history: the profile's tabs (./tabs.ts), each
// on its own page for the signed-in user (the routes already require sign-in).
import Box from '@mui/material/Box';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../auth/authSlice';
import { LikedVideosTab, UploadedVideosTab, WatchHistoryTab } from './tabs';
import { usePageTitle } from '../../lib/usePageTitle';

const frame = { maxWidth: 1800, mx: 'auto' } as const;

export function MyVideosPage() {
  const user = useAppSelector(selectCurrentUser);
  usePageTitle('My Videos');
  if (!user) return null;
  return (
    <Box sx={frame}>
      <UploadedVideosTab username={user.username} isOwner level="h1" />
    </Box>
  );
}

export function LikedVideosPage() {
  usePageTitle('Liked Videos');
  return (
    <Box sx={frame}>
      <LikedVideosTab level="h1" />
    </Box>
  );
}

export function WatchHistoryPage() {
  usePageTitle('Watch History');
  return (
    <Box sx={frame}>
      <WatchHistoryTab level="h1" />
    </Box>
  );
}
