import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppStore } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { isOffline } from '../../api/client';
import { useLogoutMutation } from '../../api/endpoints/users';
import { errorStatus } from '../../api/errorStatus';
import { getOfflineQueue } from '../../api/offlineQueue';
import { dropSharedVideo } from '../../../shared/sharedVideo';
import { getToken } from '../../lib/storage';
import { forgetThisDevice } from '../../api/pushSubscription';
import { revokeWhenOnline } from './deferredLogout';
import { signOutLocally } from './session';
import { askToDiscardQueued } from './signOutPrompt';

/**
 * Logout. The user's queued actions are sent first; those that cannot be (offline) are discarded
 * only if the user says so in a dialog, else nothing happens. Then this device's push subscription
 * goes, then the server's logout (offline: told once the network is back), then the keys, a file
 * shared to the app and not uploaded, and off to /login. A server failure is only logged.
 */
export function useLogout() {
  const store = useAppStore();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    const queue = store.dispatch(getOfflineQueue());
    const waiting = await queue.sendBeforeSignOut();
    if (waiting && !(await askToDiscardQueued(waiting))) return;
    const token = getToken();
    await forgetThisDevice(store.dispatch);
    const result = await logout();
    if ('error' in result && errorStatus(result.error) !== 401) {
      if (!isOffline(result.error) || !token) {
        console.error('Logout failed', result.error);
        return;
      }
      revokeWhenOnline(token);
    }
    await queue.discardMine();
    await dropSharedVideo().catch(() => undefined);
    await signOutLocally(store);
    toast.success('Logged out successfully');
    navigate('/login');
  }, [logout, navigate, store]);
}
