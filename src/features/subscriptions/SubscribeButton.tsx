// Subscribe/Unsubscribe for a channel (watch screen owner block, profile). 'Login to Subscribe'
// signed out, 'Loading...' while busy; the count and state follow 'subscription-updated' live.
import Button, { type ButtonProps } from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useGetSubscriptionStatusQuery, useToggleSubscriptionMutation } from '../../api/endpoints/subscriptions';
import { errorStatus } from '../../api/errorStatus';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser, selectIsSignedIn } from '../auth/authSlice';
import { toast, TOAST_DURATION } from '../../components/toast';

export const SUBSCRIBE_LOGIN_REQUIRED = 'You must be logged in to subscribe';

export function SubscribeButton({ channelId, size = 'medium' }: { channelId: string; size?: ButtonProps['size'] }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const me = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const status = useGetSubscriptionStatusQuery(channelId, { skip: !channelId });
  const [toggle, { isLoading: toggling }] = useToggleSubscriptionMutation();

  if (signedIn && me && (me._id === channelId || me.id === channelId)) return null; // one's own channel

  if (!signedIn) {
    return (
      <Button variant="contained" size={size} onClick={() => navigate('/login')} sx={{ borderRadius: 999, whiteSpace: 'nowrap' }}>
        Login to Subscribe
      </Button>
    );
  }

  const subscribed = Boolean(status.data?.isSubscribed);
  const busy = toggling || status.isLoading;
  const onClick = async () => {
    const result = await toggle(channelId);
    if (!('error' in result) || !result.error) return;
    if (errorStatus(result.error) === 401) {
      toast.error(SUBSCRIBE_LOGIN_REQUIRED);
      navigate('/login');
      return;
    }
    toast.error(messageOf(result.error, 'Failed to update subscription. Please try again later.'), TOAST_DURATION.watchError);
  };

  return (
    <Button
      variant={subscribed ? 'outlined' : 'contained'}
      color={subscribed ? 'inherit' : 'error'}
      size={size}
      disabled={busy}
      onClick={() => void onClick()}
      aria-pressed={subscribed}
      sx={{ borderRadius: 999, whiteSpace: 'nowrap', minWidth: 112 }}
    >
      {busy ? 'Loading...' : subscribed ? 'Unsubscribe' : 'Subscribe'}
    </Button>
  );
}
