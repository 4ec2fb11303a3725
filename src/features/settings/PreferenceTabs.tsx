// Settings > Notifications, Appearance and Privacy: the kinds of notification made are
// stored on the server; the other switches are device-only, kept in
// local storage so they survive a reload; dark mode is the app's own theme toggle.
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { NotificationPreferences as ServerNotificationPreferences } from '../../../contract/entities';
import { useGetNotificationPreferencesQuery, useSetNotificationPreferencesMutation } from '../../api/endpoints/notifications';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { PREFERENCE_KEYS, type PreferenceKey, readPreferences, storePreferences } from '../../lib/storage';
import { toggleTheme } from '../theme/themeSlice';
import { BlockedUsersSection } from './BlockedUsersSection';
import { OfflineReadySetting } from './OfflineReadySetting';
import { PushSetting } from './PushSetting';
import { Toggle } from './SettingsToggle';
import { SettingsSection } from './SettingsSection';
import { NOTIFICATION_DEFAULTS, type NotificationPreferences, PRIVACY_DEFAULTS, type PrivacyPreferences, VISIBILITIES } from './settingsForms';

function useStoredPreferences<T extends Record<string, unknown>>(key: PreferenceKey, defaults: T) {
  const [value, setValue] = useState<T>(() => readPreferences(key, defaults));
  const update = (patch: Partial<T>) =>
    setValue((current) => {
      const next = { ...current, ...patch };
      storePreferences(key, next);
      return next;
    });
  return [value, update] as const;
}

const NOTIFICATION_TOGGLES: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'News about your channel by email' },
  { key: 'push', label: 'Push notifications', description: 'Alerts on this device' },
  { key: 'comments', label: 'Comments', description: 'When someone comments on your videos' },
  { key: 'likes', label: 'Likes', description: 'When someone likes your videos' },
  { key: 'marketing', label: 'Marketing', description: 'Tips, offers and product news' },
];

/** Which kinds the server makes for me (stored on the server, so every device agrees). */
const SERVER_TOGGLES: { key: keyof ServerNotificationPreferences; label: string; description: string }[] = [
  { key: 'newVideo', label: 'New videos', description: 'When a channel you follow with its bell on publishes a video' },
  { key: 'commentReply', label: 'Replies', description: 'When someone replies to your comment' },
  { key: 'videoComment', label: 'Comments on your videos', description: 'When someone comments on one of your videos' },
  { key: 'newSubscriber', label: 'New subscribers', description: 'When someone subscribes to your channel' },
];

export function NotificationsTab() {
  const [preferences, update] = useStoredPreferences(PREFERENCE_KEYS.notifications, NOTIFICATION_DEFAULTS);
  const serverPreferences = useGetNotificationPreferencesQuery();
  const [setServerPreferences] = useSetNotificationPreferencesMutation();
  return (
    <SettingsSection title="Notifications">
      <Stack spacing={2}>
        {SERVER_TOGGLES.map((toggle) => (
          <Toggle
            key={toggle.key}
            label={toggle.label}
            description={toggle.description}
            checked={serverPreferences.data?.[toggle.key] ?? true}
            disabled={!serverPreferences.data}
            onChange={(checked) =>
              void setServerPreferences({ [toggle.key]: checked })
                .unwrap()
                .catch(() => toast.error('Failed to update notification preferences. Please try again.'))
            }
          />
        ))}
        {NOTIFICATION_TOGGLES.map((toggle) => (
          <Toggle key={toggle.key} label={toggle.label} description={toggle.description} checked={preferences[toggle.key]} onChange={(checked) => update({ [toggle.key]: checked })} />
        ))}
        <Divider />
        <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>
          This device
        </Typography>
        <PushSetting />
        <OfflineReadySetting />
      </Stack>
    </SettingsSection>
  );
}

export function AppearanceTab() {
  const dispatch = useAppDispatch();
  const darkMode = useAppSelector((state) => state.theme.darkMode);
  return (
    <SettingsSection title="Appearance">
      <Toggle label="Dark mode" description="Use the dark theme on this device" checked={darkMode} onChange={() => dispatch(toggleTheme())} />
    </SettingsSection>
  );
}

export function PrivacyTab() {
  const [preferences, update] = useStoredPreferences<PrivacyPreferences>(PREFERENCE_KEYS.privacy, PRIVACY_DEFAULTS);
  const visibility = VISIBILITIES.includes(preferences.visibility) ? preferences.visibility : PRIVACY_DEFAULTS.visibility;
  return (
    <Stack spacing={3}>
      <SettingsSection title="Privacy">
        <Stack spacing={2.5}>
          <FormControl fullWidth>
            <InputLabel id="profile-visibility-label">Profile visibility</InputLabel>
            <Select
              labelId="profile-visibility-label"
              label="Profile visibility"
              value={visibility}
              onChange={(event) => update({ visibility: event.target.value as PrivacyPreferences['visibility'] })}
            >
              <MenuItem value="public">Public</MenuItem>
              <MenuItem value="private">Private</MenuItem>
              <MenuItem value="friends">Friends</MenuItem>
            </Select>
          </FormControl>
          <Toggle label="Activity status" description="Show when you are active" checked={preferences.activityStatus} onChange={(checked) => update({ activityStatus: checked })} />
          <Toggle
            label="Search indexing"
            description="Let search engines link to your profile"
            checked={preferences.searchIndexing}
            onChange={(checked) => update({ searchIndexing: checked })}
          />
        </Stack>
      </SettingsSection>
      <BlockedUsersSection />
    </Stack>
  );
}
