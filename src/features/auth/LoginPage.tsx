// Login (spec sections 2, 4, 5, 8): email and password, 'Sign in' / 'Signing in...'.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useLoginMutation } from '../../api/endpoints/users';
import { useAppStore } from '../../app/hooks';
import { toast } from '../../components/toast';
import { toStoredUser } from '../../lib/storage';
import { validateLogin } from '../../lib/validation';
import { AuthCard, AuthSwitch } from './AuthCard';
import { PasswordField } from './PasswordField';
import { completeSignIn } from './session';
import { useAuthForm } from './useAuthForm';
import { usePageTitle } from '../../app/usePageTitle';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export default function LoginPage() {
  usePageTitle('Login');
  const store = useAppStore();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const { values, field, attemptSubmit } = useAuthForm({ email: '', password: '' }, validateLogin);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!attemptSubmit() || isLoading) return;
    const result = await login({ email: values.email.trim(), password: values.password });
    if ('error' in result) {
      toast.error(messageOf(result.error, LOGIN_FAILED));
      return;
    }
    completeSignIn(store, result.data.accessToken, toStoredUser(result.data.loggedInUser));
    toast.success('Login successful');
    navigate('/home', { replace: true });
  };

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Vidshare">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
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
