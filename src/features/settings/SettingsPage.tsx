// Settings: tabs Account, Videos, Notifications, Appearance, Privacy, plus Logout.
// The tab lives in the URL (?tab=notifications is where the avatar menu's Notifications leads).
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSearchParams } from 'react-router-dom';
import { pillTabsSx } from '../../components/pillTabs';
import { useLogout } from '../auth/useLogout';
import { AccountTab } from './AccountTab';
import { AppearanceTab, NotificationsTab, PrivacyTab } from './PreferenceTabs';
import { SettingsVideosTab } from './SettingsVideosTab';
import { usePageTitle } from '../../lib/usePageTitle';

const SETTINGS_TABS = [
  { id: 'account', label: 'Account', Panel: AccountTab },
  { id: 'videos', label: 'Videos', Panel: SettingsVideosTab },
  { id: 'notifications', label: 'Notifications', Panel: NotificationsTab },
  { id: 'appearance', label: 'Appearance', Panel: AppearanceTab },
  { id: 'privacy', label: 'Privacy', Panel: PrivacyTab },
] as const;

type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const logout = useLogout();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const requested = params.get('tab');
  const active = SETTINGS_TABS.find((tab) => tab.id === requested) ?? SETTINGS_TABS[0];
  const select = (id: SettingsTabId) => setParams(id === 'account' ? {} : { tab: id });
  const { Panel } = active;
  usePageTitle(active.id === 'account' ? 'Settings' : `${active.label} - Settings`);
  const logoutButton = (
    <Button color="error" startIcon={<LogoutIcon />} onClick={() => void logout()}>
      Logout
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Settings
        </Typography>
        {!wide && logoutButton}
      </Box>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box component="nav" aria-label="Settings sections" sx={{ position: { md: 'sticky' }, top: { md: 80 }, minWidth: 0 }}>
          <Tabs
            value={active.id}
            onChange={(_event, id: SettingsTabId) => select(id)}
            orientation={wide ? 'vertical' : 'horizontal'}
            // Phones: wrapping pills (components/pillTabs.ts); tablets: the underlined row; wide: a column.
            sx={
              wide
                ? { '& .MuiTab-root': { alignItems: 'flex-start', minHeight: 44, pl: 0.5 } }
                : phone
                  ? pillTabsSx
                  : { borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minWidth: 'auto', px: 2, whiteSpace: 'nowrap' }, '& .MuiTab-root:first-of-type': { pl: 0.5 } }
            }
          >
            {SETTINGS_TABS.map((tab) => (
              <Tab key={tab.id} value={tab.id} label={tab.label} aria-controls="settings-panel" />
            ))}
          </Tabs>
          {wide && <Box sx={{ mt: 2 }}>{logoutButton}</Box>}
        </Box>
        <Box id="settings-panel" role="tabpanel" aria-label={active.label} sx={{ minWidth: 0 }}>
          <Panel />
        </Box>
      </Box>
    </Box>
  );
}
