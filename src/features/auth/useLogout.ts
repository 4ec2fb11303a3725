import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppStore } from '../../app/hooks';
import { toast } from '../../components/toast';
import { useLogoutMutation } from '../../api/endpoints/users';
import { errorStatus } from '../../api/errorStatus';
import { signOutLocally } from './session';

/** Spec section 4: call the server, clear both keys, go to /login. A failure is only logged. */
export function useLogout() {
  const store = useAppStore();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
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
