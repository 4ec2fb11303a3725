// After an operator reset the password: signed in with the one-time password, the user chooses a
// new one here before anything else (the API refuses other calls until then).
import Button from '@mui/material/Button';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAppSelector, useAppStore } from '../../lib/hooks';
import { AuthCard } from '../auth/AuthCard';
import { selectCurrentUser, selectMustChangePassword } from '../auth/authSlice';
import { applyUpdatedUser } from '../auth/session';
import { useLogout } from '../auth/useLogout';
import { PasswordForm } from './PasswordForm';

export default function ChoosePasswordPage() {
  const store = useAppStore();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useAppSelector(selectCurrentUser);
  const mustChange = useAppSelector(selectMustChangePassword);
  if (!user || !mustChange) return <Navigate to="/home" replace />;
  const chosen = () => {
    applyUpdatedUser(store, { ...user, mustChangePassword: false });
    navigate('/home', { replace: true });
  };
  return (
    <AuthCard title="Choose a new password" subtitle="Your password was reset. Enter the one-time password you were given as the current password, then choose your own.">
      <PasswordForm title="New password" onChanged={chosen} />
      <Button onClick={() => void logout()} sx={{ mt: 2 }}>
        Sign out
      </Button>
    </AuthCard>
  );
}
