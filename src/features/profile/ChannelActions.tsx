// Subscribe, Notifications and Share for visitors of someone else's profile. Subscribe needs a
// login; Notifications is the caller's per-channel preference on the server (Profile.notify);
// Share copies the profile link.
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import type { Profile } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useSetChannelNotifyMutation, useToggleSubscriptionMutation } from '../../api/endpoints/subscriptions';
import { useAppSelector } from '../../app/hooks';
import { toast } from '../../components/toast';
import { selectIsSignedIn } from '../auth/authSlice';

export const LOGIN_TO_SUBSCRIBE = 'You must be logged in to subscribe';

export function profileLink(username: string, origin: string = window.location.origin): string {
  return `${origin}/profile/${encodeURIComponent(username)}`;
}

export function ChannelActions({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsSignedIn);
  const [toggleSubscription, subscription] = useToggleSubscriptionMutation();
  const [setNotify, notify] = useSetChannelNotifyMutation();

  const requireLogin = () => {
    toast.error(LOGIN_TO_SUBSCRIBE);
    navigate('/login');
  };

  const subscribe = async () => {
    if (!signedIn) return requireLogin();
    const result = await toggleSubscription(profile._id);
    if ('error' in result) {
      if ((result.error as { status?: unknown }).status === 401) return requireLogin();
      toast.error(messageOf(result.error, 'Failed to update subscription'));
    }
  };

  const toggleNotifications = async () => {
    if (!signedIn) return requireLogin();
    const result = await setNotify({ channelId: profile._id, notify: !profile.notify });
    if ('error' in result) toast.error(messageOf(result.error, 'Failed to update notifications'));
    else toast.success(result.data.notify ? 'Notifications turned on' : 'Notifications turned off');
  };

  const share = async () => {
    try {
      await navigator.clipboard.writeText(profileLink(profile.username));
      toast.success('Link copied to clipboard!');
    } catch {
      toast.error('Could not copy the link');
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant={profile.isSubscribed ? 'outlined' : 'contained'} onClick={() => void subscribe()} disabled={subscription.isLoading} sx={{ borderRadius: 999, px: 2.5 }}>
        {subscription.isLoading ? 'Loading...' : profile.isSubscribed ? 'Unsubscribe' : 'Subscribe'}
      </Button>
      <Button
        variant="outlined"
        onClick={() => void toggleNotifications()}
        disabled={notify.isLoading}
        aria-pressed={profile.notify}
        startIcon={profile.notify ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
        sx={{ borderRadius: 999 }}
      >
        Notifications
      </Button>
      <Button variant="outlined" onClick={() => void share()} startIcon={<ShareIcon />} sx={{ borderRadius: 999 }}>
        Share
      </Button>
    </Stack>
  );
}
