// The login screen: email and password, 'Sign in' / 'Signing in...'. A refusal that is not about
// the credentials (403: a suspended account, with its reason) stays on the form, not only in a toast.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { errorStatus } from '../../api/errorStatus';
import { useLoginMutation } from '../../api/endpoints/users';
import { useAppStore } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { returnPath } from '../../lib/returnPath';
import { toStoredUser } from '../../lib/storage';
import { validateLogin } from '../../lib/validation';
import { AuthCard, AuthSwitch } from './AuthCard';
import { PasswordField } from './PasswordField';
import { completeSignIn } from './session';
import { useAuthForm } from './useAuthForm';
import { usePageTitle } from '../../lib/usePageTitle';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export default function LoginPage() {
  usePageTitle('Login');
  const store = useAppStore();
  const navigate = useNavigate();
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const { values, field, attemptSubmit } = useAuthForm({ email: '', password: '' }, validateLogin);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!attemptSubmit() || isLoading) return;
    const result = await login({ email: values.email.trim(), password: values.password });
    if ('error' in result) {
      const message = messageOf(result.error, LOGIN_FAILED);
      const refused = errorStatus(result.error) === 403;
      setRefusal(refused ? message : null);
      if (!refused) toast.error(message);
      return;
    }
    completeSignIn(store, result.data.accessToken, toStoredUser(result.data.loggedInUser));
    toast.success('Login successful');
    navigate(returnPath(location.state), { replace: true });
  };

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Vidshare">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        {refusal && (
          <Alert severity="error" data-testid="login-refusal">
            {refusal}
          </Alert>
        )}
        <TextField label="Email" type="email" autoComplete="email" autoFocus {...field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
        <Button type="submit" variant="contained" size="large" disabled={isLoading} fullWidth>
          {isLoading ? 'Signing in...' : 'Sign in'}
        </Button>
        <AuthSwitch question="Don't have an account?" to="/register" label="Create one" />
      </Stack>
    </AuthCard>
  );
}
