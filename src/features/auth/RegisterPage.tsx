// The register screen: avatar (required, shown inline), optional cover, full name,
// username, email, password; 'Create Account' / 'Creating account...'.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useRegisterMutation } from '../../api/endpoints/users';
import { useAppStore } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { toStoredUser } from '../../lib/storage';
import { validateRegister } from '../../lib/validation';
import { AuthCard, AuthSwitch } from './AuthCard';
import { ImagePicker } from './ImagePicker';
import { PasswordField } from './PasswordField';
import { completeSignIn } from './session';
import { useAuthForm } from './useAuthForm';
import { usePageTitle } from '../../lib/usePageTitle';

const REGISTER_FAILED = 'Registration failed. Please try again.';
const AVATAR_REQUIRED = 'Profile picture is required';

export default function RegisterPage() {
  usePageTitle('Register');
  const store = useAppStore();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const { values, field, attemptSubmit } = useAuthForm({ fullName: '', username: '', email: '', password: '' }, validateRegister);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [coverImage, setCoverImage] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The avatar rule is shown inline but does not block the submit.
    if (!attemptSubmit() || isLoading) return;
    setBanner(null);
    const form = new FormData();
    form.set('fullName', values.fullName.trim());
    form.set('username', values.username.trim());
    form.set('email', values.email.trim());
    form.set('password', values.password);
    if (avatar) form.set('avatar', avatar);
    if (coverImage) form.set('coverImage', coverImage);
    const result = await register(form);
    if ('error' in result) {
      const message = messageOf(result.error, REGISTER_FAILED);
      setBanner(message);
      toast.error(message);
      return;
    }
    completeSignIn(store, result.data.token, toStoredUser(result.data.data));
    toast.success('Registration successful');
    navigate('/', { replace: true });
  };

  return (
    <AuthCard title="Create your account" subtitle="Join Vidshare to upload, comment and build playlists">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        {banner && (
          <Alert severity="error" onClose={() => setBanner(null)}>
            {banner}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' }, gap: 2, alignItems: 'start' }}>
          <ImagePicker
            label="Avatar"
            shape="circle"
            file={avatar}
            onChange={setAvatar}
            hint={avatar ? undefined : AVATAR_REQUIRED}
            error={avatarError}
            onError={setAvatarError}
          />
          <ImagePicker label="Cover image (optional)" shape="banner" file={coverImage} onChange={setCoverImage} error={coverError} onError={setCoverError} />
        </Box>
        <TextField label="Full name" autoComplete="name" {...field('fullName')} />
        <TextField label="Username" autoComplete="username" slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }} {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <Button type="submit" variant="contained" size="large" disabled={isLoading} fullWidth>
          {isLoading ? 'Creating account...' : 'Create Account'}
        </Button>
        <AuthSwitch question="Already have an account?" to="/login" label="Sign in" />
      </Stack>
    </AuthCard>
  );
}
