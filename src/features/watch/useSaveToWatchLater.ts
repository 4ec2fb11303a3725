// 'Save to Watch later' from a card's menu or the watch page: signed out goes to /login; offline the
// save waits in the offline queue (which says so itself), otherwise a toast confirms it.
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useSaveToWatchLaterMutation } from '../../api/endpoints/watchLater';
import { useAppSelector } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { selectIsSignedIn } from '../auth/authSlice';

export function useSaveToWatchLater(): (videoId: string) => Promise<void> {
  const signedIn = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const [save] = useSaveToWatchLaterMutation();
  return async (videoId) => {
    if (!signedIn) {
      navigate('/login');
      return;
    }
    const result = await save(videoId);
    if ('error' in result && result.error) toast.error(messageOf(result.error, 'Failed to save to Watch later. Please try again later.'));
    // Offline, the queue's own toast says it will sync.
    else if (navigator.onLine) toast.success('Saved to Watch later');
  };
}
