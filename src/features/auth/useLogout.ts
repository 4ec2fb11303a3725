import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppStore } from '../../app/hooks';
import { toast } from '../../components/toast';
import { useLogoutMutation } from '../../api/endpoints/users';
import { errorStatus } from '../../api/errorStatus';
import { forgetThisDevice } from '../notifications/pushSubscription';
import { signOutLocally } from './session';

/** Logout: this device's push subscription goes first, then the server's logout; clear both keys, go to /login. A failure is only logged. */
export function useLogout() {
  const store = useAppStore();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    await forgetThisDevice(store.dispatch);
    const result = await logout();
    if ('error' in result && errorStatus(result.error) !== 401) {
      console.error('Logout failed', result.error);
      return;
    }
    await signOutLocally(store);
    toast.success('Logged out successfully');
    navigate('/login');
  }, [logout, navigate, store]);
}
