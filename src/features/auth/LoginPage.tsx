// Login (spec sections 2, 4, 5, 8): email and password, 'Sign in' / 'Signing in...'.
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useLoginMutation } from '../../api/endpoints/users';
import { useAppStore } from '../../app/hooks';
import { toast } from '../../components/toast';
import { toStoredUser } from '../../lib/storage';
import { hasErrors, type LoginValues, validateLogin } from '../../lib/validation';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { completeSignIn } from './session';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export default function LoginPage() {
  const store = useAppStore();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateLogin(values) : {};

  const change = (field: keyof LoginValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateLogin(values)) || isLoading) return;
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
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          error={Boolean(errors.email)}
          helperText={errors.email}
          fullWidth
          autoFocus
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={Boolean(errors.password)}
          helperText={errors.password}
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading} fullWidth>
          {isLoading ? 'Signing in...' : 'Sign in'}
        </Button>
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
            Create one
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
