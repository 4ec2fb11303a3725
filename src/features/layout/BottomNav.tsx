// Bottom navigation on phones and small tablets: Home, Subscriptions, Upload,
// Notifications (unread badge) and You; signed out, as on YouTube: Home, Subscriptions (it asks to
// sign in) and Sign in. Wide screens keep the side bar. The main column and the
// mini player leave BOTTOM_NAV_HEIGHT free below them, so it never hides content.
import SignInIcon from '@mui/icons-material/AccountCircleOutlined';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import SubscriptionsIcon from '@mui/icons-material/SubscriptionsOutlined';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { UserAvatar } from '../../components/UserAvatar';
import { selectCurrentUser, selectIsSignedIn } from '../auth/authSlice';
import { notificationsLabel, useUnreadCount } from '../notifications/useUnreadCount';
import { BOTTOM_NAV_BREAKPOINT } from '../../lib/bottomNavSpace';

export default function BottomNav() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const unread = useUnreadCount();
  const { pathname } = useLocation();
  const everyone = [
    { to: '/home', label: 'Home', icon: <HomeIcon /> },
    { to: '/subscriptions', label: 'Subscriptions', icon: <SubscriptionsIcon /> },
  ];
  const destinations = !(signedIn && user) ? [...everyone, { to: '/login', label: 'Sign in', icon: <SignInIcon /> }] : [
    ...everyone,
    { to: '/upload', label: 'Upload', icon: <AddCircleOutlineIcon /> },
    {
      to: '/notifications',
      // The count is read out from the label; the badge's digits are decoration.
      label: (
        <>
          <span aria-hidden>Notifications</span>
          <span className="visually-hidden">{notificationsLabel(unread)}</span>
        </>
      ),
      icon: (
        <Badge badgeContent={unread} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsIcon />
        </Badge>
      ),
    },
    {
      to: `/profile/${encodeURIComponent(user.username)}`,
      label: 'You',
      icon: (
        <span aria-hidden style={{ display: 'flex' }}>
          <UserAvatar name={user.fullName} src={user.avatar} size={24} />
        </span>
      ),
    },
  ];
  const current = destinations.find((destination) => pathname === destination.to || pathname.startsWith(`${destination.to}/`))?.to ?? false;

  return (
    <Paper
      component="nav"
      aria-label="Bottom navigation"
      elevation={8}
      square
      sx={{
        display: { xs: 'block', [BOTTOM_NAV_BREAKPOINT]: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <BottomNavigation showLabels value={current} sx={{ bgcolor: 'background.paper' }}>
        {destinations.map((destination) => (
          <BottomNavigationAction
            key={destination.to}
            component={Link}
            to={destination.to}
            value={destination.to}
            label={destination.label}
            icon={destination.icon}
            aria-current={current === destination.to ? 'page' : undefined}
            sx={{ minWidth: 0, px: 0.5, '& .MuiBottomNavigationAction-label': { fontSize: 11, whiteSpace: 'nowrap' }, '& .MuiBottomNavigationAction-label.Mui-selected': { fontSize: 11 } }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
