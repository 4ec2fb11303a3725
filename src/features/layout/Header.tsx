// Top navigation: logo, search (desktop box or mobile dialog), and the signed-out
// or signed-in actions. Menu, dialog and drawer are lazy chunks loaded on first use.
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import SearchIcon from '@mui/icons-material/Search';
import VideoCallIcon from '@mui/icons-material/VideoCallOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { UserAvatar } from '../../components/UserAvatar';
import { lazyChunk } from '../../lib/chunks';
import { useOnceTrue } from '../../lib/useOnceTrue';
import { selectCurrentUser, selectIsSignedIn } from '../auth/authSlice';
import { notificationsLabel, useUnreadCount } from '../notifications/useUnreadCount';
import { HeaderSearch } from '../search/HeaderSearch';
import { openSearchBar } from '../search/searchBarSlice';
import { ThemeToggle } from '../theme/ThemeToggle';
import { Logo } from '../../components/Logo';
import { toggleSideBar } from './sideBarSlice';

const AvatarMenu = lazyChunk(() => import('./AvatarMenu'));
const SearchDialog = lazyChunk(() => import('../search/SearchDialog'));

/** The bell with the unread badge (phones have it in the bottom bar instead). */
function NotificationsBell() {
  const unread = useUnreadCount();
  return (
    <IconButton
      component={Link}
      to="/notifications"
      color="inherit"
      title="Notifications"
      sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
    >
      {/* The name is this hidden text (with the count); the badge's digits are decoration. */}
      <span className="visually-hidden">{notificationsLabel(unread)}</span>
      <Badge badgeContent={unread} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
        <NotificationsNoneIcon />
      </Badge>
    </IconButton>
  );
}

export function Header() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const sideBarOpen = useAppSelector((state) => state.sideBar.isSideBarOpen);
  const searchDialogWanted = useOnceTrue(useAppSelector((state) => state.searchBar.isSearchBarOpen));
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 0.5, sm: 2 }, minHeight: { xs: 56 } }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label="Open navigation"
          aria-expanded={sideBarOpen}
          onClick={() => dispatch(toggleSideBar())}
        >
          <MenuIcon />
        </IconButton>
        <Logo />
        <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
          <HeaderSearch />
        </Box>
        <IconButton
          color="inherit"
          aria-label="Open search"
          aria-haspopup="dialog"
          onClick={() => dispatch(openSearchBar())}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <SearchIcon />
        </IconButton>
        {signedIn && user ? (
          <>
            <IconButton component={Link} to="/upload" color="inherit" aria-label="Upload video" title="Upload video">
              <VideoCallIcon />
            </IconButton>
            <NotificationsBell />
            <ThemeToggle />
            <IconButton
              aria-label="Account menu"
              aria-haspopup="menu"
              aria-expanded={Boolean(menuAnchor)}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
              sx={{ p: 0.5 }}
            >
              <UserAvatar name={user.fullName} src={user.avatar} size={32} />
            </IconButton>
            {menuAnchor && (
              <Suspense fallback={null}>
                <AvatarMenu anchor={menuAnchor} user={user} onClose={() => setMenuAnchor(null)} />
              </Suspense>
            )}
          </>
        ) : (
          <>
            <ThemeToggle />
            <Button component={Link} to="/login" variant="outlined" size="small" sx={{ ml: 0.5, borderRadius: 999, px: 2, flexShrink: 0 }}>
              Login
            </Button>
          </>
        )}
      </Toolbar>
      {searchDialogWanted && (
        <Suspense fallback={null}>
          <SearchDialog />
        </Suspense>
      )}
    </AppBar>
  );
}
