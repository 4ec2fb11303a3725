// The side bar: a drawer with Home and the signed-in destinations.
import HistoryIcon from '@mui/icons-material/History';
import DownloadIcon from '@mui/icons-material/DownloadForOffline';
import GavelIcon from '@mui/icons-material/GavelOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import SubscriptionsIcon from '@mui/icons-material/SubscriptionsOutlined';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import VideoLibraryIcon from '@mui/icons-material/VideoLibraryOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { canModerate } from '../../lib/ownership';
import { selectCurrentUser, selectIsSignedIn } from '../auth/authSlice';
import { Logo } from '../../components/Logo';
import { closeSideBar } from './sideBarSlice';

interface Destination {
  to: string;
  label: string;
  icon: ReactNode;
}

export default function SideBar() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.sideBar.isSideBarOpen);
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const close = () => dispatch(closeSideBar());

  const destinations: Destination[] = [{ to: '/home', label: 'Home', icon: <HomeIcon /> }];
  if (signedIn && user) {
    destinations.push(
      { to: '/subscriptions', label: 'Subscriptions', icon: <SubscriptionsIcon /> },
      { to: '/notifications', label: 'Notifications', icon: <NotificationsIcon /> },
      { to: '/upload', label: 'Upload', icon: <UploadIcon /> },
      { to: '/my-videos', label: 'My Videos', icon: <VideoLibraryIcon /> },
      { to: '/studio', label: 'Studio', icon: <InsightsIcon /> },
      { to: `/profile/${encodeURIComponent(user.username)}?tab=playlists`, label: 'Playlists', icon: <PlaylistPlayIcon /> },
      { to: '/liked-videos', label: 'Liked Videos', icon: <ThumbUpIcon /> },
      { to: '/watch-history', label: 'Watch History', icon: <HistoryIcon /> },
      { to: '/downloads', label: 'Downloads', icon: <DownloadIcon /> },
      { to: '/settings', label: 'Settings', icon: <SettingsIcon /> },
    );
    if (canModerate(user)) destinations.push({ to: '/moderation', label: 'Moderation', icon: <GavelIcon /> });
  } else {
    destinations.push({ to: '/login', label: 'Login', icon: <LoginIcon /> }, { to: '/register', label: 'Register', icon: <PersonAddIcon /> });
  }

  return (
    <Drawer open={open} onClose={close} slotProps={{ paper: { sx: { width: 260 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', height: 56, px: 2.5 }}>
        <Logo />
      </Box>
      <Box component="nav" aria-label="Main">
        <List>
          {destinations.map((destination) => (
            <ListItemButton
              key={destination.label}
              component={Link}
              to={destination.to}
              onClick={close}
              selected={pathname === destination.to.split('?')[0]}
              aria-current={pathname === destination.to.split('?')[0] ? 'page' : undefined}
            >
              <ListItemIcon>{destination.icon}</ListItemIcon>
              <ListItemText primary={destination.label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
