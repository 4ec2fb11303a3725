// Settings > Account: the photo with 'Change Photo' (uploads at once, 2 MB
// JPG/PNG/GIF), Full Name, Email Address, Bio and 'Save Changes', then Change Password.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { messageOf } from '../../api/client';
import { useGetCurrentUserQuery, useUpdateAccountDetailsMutation, useUpdateAvatarMutation } from '../../api/endpoints/users';
import { useAppSelector, useAppStore } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { UserAvatar } from '../../components/UserAvatar';
import { hasErrors } from '../../lib/validation';
import { selectCurrentUser } from '../auth/authSlice';
import { applyUpdatedUser } from '../auth/session';
import { PasswordForm } from './PasswordForm';
import { SettingsSection } from './SettingsSection';
import { accountBody, type AccountValues, BIO_MAX, PHOTO_HINT, settingsPhotoError, validateAccount } from './settingsForms';

const AVATAR_FAILED = 'Failed to edit avatar';
const PROFILE_FAILED = 'Failed to update profile';

function PhotoSection() {
  const store = useAppStore();
  const user = useAppSelector(selectCurrentUser);
  const [updateAvatar, { isLoading }] = useUpdateAvatarMutation();
  const inputId = useId();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = settingsPhotoError(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    const form = new FormData();
    form.set('avatar', file);
    const result = await updateAvatar(form);
    if ('error' in result) {
      toast.error(messageOf(result.error, AVATAR_FAILED));
      return;
    }
    applyUpdatedUser(store, result.data);
    toast.success('Avatar updated successfully');
  };

  return (
    <SettingsSection title="Profile Picture">
      <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ position: 'relative' }}>
          <UserAvatar name={user?.fullName} src={user?.avatar} size={80} />
          {isLoading && <CircularProgress size={80} sx={{ position: 'absolute', inset: 0 }} aria-label="Uploading photo" />}
        </Box>
        <Box>
          <Button component="label" htmlFor={inputId} variant="outlined" disabled={isLoading}>
            Change Photo
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/gif"
              aria-label="Change Photo"
              hidden
              onChange={(event) => {
                void upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {PHOTO_HINT}
          </Typography>
        </Box>
      </Stack>
    </SettingsSection>
  );
}

function DetailsSection() {
  const store = useAppStore();
  const user = useAppSelector(selectCurrentUser);
  const me = useGetCurrentUserQuery();
  const [updateDetails, { isLoading }] = useUpdateAccountDetailsMutation();
  const [values, setValues] = useState<AccountValues>({ fullName: user?.fullName ?? '', email: user?.email ?? '', bio: '' });
  const [dirty, setDirty] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  // The bio lives only on the server: fill the form once /users/me answers, unless the user typed.
  useEffect(() => {
    if (me.data && !dirty) setValues({ fullName: me.data.fullName, email: me.data.email, bio: me.data.bio });
  }, [me.data, dirty]);

  const errors = submitted ? validateAccount(values) : {};
  const field = (name: keyof AccountValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setDirty(true);
      setValues((v) => ({ ...v, [name]: event.target.value }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateAccount(values)) || isLoading || !user) return;
    const result = await updateDetails(accountBody(values, user.username));
    if ('error' in result) {
      toast.error(messageOf(result.error, PROFILE_FAILED));
      return;
    }
    applyUpdatedUser(store, result.data);
    setDirty(false);
    setSubmitted(false);
    toast.success('Profile updated successfully');
  };

  return (
    <SettingsSection title="Profile Information">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        <TextField label="Full Name" autoComplete="name" {...field('fullName')} />
        <TextField label="Email Address" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Bio"
          multiline
          minRows={3}
          {...field('bio')}
          helperText={errors.bio ?? `${values.bio.length}/${BIO_MAX}`}
          slotProps={{ htmlInput: { maxLength: BIO_MAX } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save Changes'}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}

export function AccountTab() {
  return (
    <Stack spacing={2.5}>
      <PhotoSection />
      <DetailsSection />
      <PasswordForm />
    </Stack>
  );
}
