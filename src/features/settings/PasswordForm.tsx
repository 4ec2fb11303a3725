// Settings > Change Password: current and new password with show/hide.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../api/client';
import { useUpdatePasswordMutation } from '../../api/endpoints/users';
import { toast } from '../../components/toast';
import { PasswordField } from '../auth/PasswordField';
import { SettingsSection } from './SettingsSection';
import { passwordBody, passwordChangeError, type PasswordValues } from './settingsForms';

const PASSWORD_FAILED = 'Failed to update password';

/** `title`: the section's heading; `onChanged`: after the server took the new password. */
export function PasswordForm({ title = 'Change Password', onChanged }: { title?: string; onChanged?: () => void }) {
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const [values, setValues] = useState<PasswordValues>({ currentPassword: '', newPassword: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = passwordChangeError(values);
    setProblem(error);
    if (error || isLoading) return;
    const result = await updatePassword(passwordBody(values));
    if ('error' in result) {
      toast.error(messageOf(result.error, PASSWORD_FAILED));
      return;
    }
    setValues({ currentPassword: '', newPassword: '' });
    toast.success('Password updated successfully');
    onChanged?.();
  };

  const set = (name: keyof PasswordValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  return (
    <SettingsSection title={title}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        <PasswordField label="Current Password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
        <PasswordField label="New Password" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} />
        {problem && (
          <Typography color="error" variant="body2" role="alert">
            {problem}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Updating...' : 'Update Password'}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
