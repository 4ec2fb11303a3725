// The signed-in avatar menu: header with name, email, avatar and 'Premium Member', then Profile,
// Studio, Notifications, Settings, Liked Videos, Watch History, Downloads, Moderation (moderators
// and admins) and Log out.
import DownloadIcon from '@mui/icons-material/DownloadForOffline';
import GavelIcon from '@mui/icons-material/GavelOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUpOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { UserAvatar } from '../../components/UserAvatar';
import { canModerate } from '../../lib/ownership';
import type { StoredUser } from '../../lib/storage';
import { useLogout } from '../auth/useLogout';

interface Props {
  anchor: HTMLElement;
  user: StoredUser;
  onClose: () => void;
}

export default function AvatarMenu({ anchor, user, onClose }: Props) {
  const navigate = useNavigate();
  const logout = useLogout();
  const go = (path: string) => () => {
    onClose();
    navigate(path);
  };
  const item = (icon: ReactNode, label: string, onClick: () => void) => (
    <MenuItem onClick={onClick}>
      <ListItemIcon>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  );

  return (
    <Menu
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 260, mt: 1 } } }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, pt: 1, pb: 1.5 }}>
        <UserAvatar name={user.fullName} src={user.avatar} size={44} />
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {user.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Typography variant="caption" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.main', fontWeight: 600 }}>
            <WorkspacePremiumIcon sx={{ fontSize: 16 }} aria-hidden /> Premium Member
          </Typography>
        </Box>
      </Box>
      <Divider />
      {item(<PersonIcon fontSize="small" />, 'Profile', go(`/profile/${encodeURIComponent(user.username)}`))}
      {item(<InsightsIcon fontSize="small" />, 'Studio', go('/studio'))}
      {item(<NotificationsIcon fontSize="small" />, 'Notifications', go('/notifications'))}
      {item(<SettingsIcon fontSize="small" />, 'Settings', go('/settings'))}
      {item(<ThumbUpIcon fontSize="small" />, 'Liked Videos', go('/liked-videos'))}
      {item(<HistoryIcon fontSize="small" />, 'Watch History', go('/watch-history'))}
      {item(<DownloadIcon fontSize="small" />, 'Downloads', go('/downloads'))}
      {canModerate(user) && item(<GavelIcon fontSize="small" />, 'Moderation', go('/moderation'))}
      <Divider />
      {item(<LogoutIcon fontSize="small" />, 'Log out', () => {
        onClose();
        void logout();
      })}
    </Menu>
  );
}
