// Subscribe, Notifications and Share for visitors of someone else's profile. Subscribe is the
// shared button (login needed); Notifications is the caller's per-channel preference on the server
// (Profile.notify, on by default for a new subscription); Share copies the profile link.
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useNavigate } from 'react-router-dom';
import type { Profile } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useSetChannelNotifyMutation } from '../../api/endpoints/subscriptions';
import { useAppSelector } from '../../lib/hooks';
import { SUBSCRIBE_LOGIN_REQUIRED, SubscribeButton } from '../subscriptions/SubscribeButton';
import { toast } from '../../components/toast';
import { selectIsSignedIn } from '../auth/authSlice';
import { announceShare, shareLink } from '../../lib/share';

function profileLink(username: string, origin: string = window.location.origin): string {
  return `${origin}/profile/${encodeURIComponent(username)}`;
}

export function ChannelActions({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsSignedIn);
  const [setNotify, notify] = useSetChannelNotifyMutation();
  // Three buttons fit a 320 px phone only when small.
  const size = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm')) ? 'medium' : 'small';

  const requireLogin = () => {
    toast.error(SUBSCRIBE_LOGIN_REQUIRED);
    navigate('/login');
  };

  const toggleNotifications = async () => {
    if (!signedIn) return requireLogin();
    const result = await setNotify({ channelId: profile._id, notify: !profile.notify });
    if ('error' in result) toast.error(messageOf(result.error, 'Failed to update notifications'));
    else toast.success(result.data.notify ? 'Notifications turned on' : 'Notifications turned off');
  };

  const share = async () => {
    announceShare(await shareLink(profileLink(profile.username), profile.fullName), toast);
  };

  return (
    // One row on a 320 px phone: there the Notifications button shows only its bell (its name stays
    // 'Notifications'), so Share never wraps alone onto a second row.
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <SubscribeButton channelId={profile._id} size={size} />
      <Button
        size={size}
        variant="outlined"
        onClick={() => void toggleNotifications()}
        disabled={notify.isLoading}
        aria-pressed={profile.notify}
        aria-label={size === 'small' ? 'Notifications' : undefined}
        title={size === 'small' ? (profile.notify ? 'Notifications on' : 'Notifications off') : undefined}
        startIcon={size === 'small' ? undefined : profile.notify ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
        sx={{ borderRadius: 999, ...(size === 'small' && { minWidth: 0, px: 1 }) }}
      >
        {size === 'small' ? profile.notify ? <NotificationsActiveIcon fontSize="small" /> : <NotificationsNoneIcon fontSize="small" /> : 'Notifications'}
      </Button>
      <Button size={size} variant="outlined" onClick={() => void share()} startIcon={<ShareIcon />} sx={{ borderRadius: 999 }}>
        Share
      </Button>
    </Stack>
  );
}
