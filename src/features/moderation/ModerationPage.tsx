// /moderation: the moderators' screen (moderators and admins; anyone else gets a friendly 403).
// Tabs Reports, Takedowns, Suspended accounts, Log and, for admins, Users and Jobs; the tab lives in the URL.
// The lists refresh live on 'moderation-updated' (src/api/liveHandlers.ts).
import GavelIcon from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { pillTabsSx } from '../../components/pillTabs';
import { canModerate } from '../../lib/ownership';
import { selectCurrentUser } from '../auth/authSlice';
import { JobsTab } from './JobsTab';
import { LogTab } from './LogTab';
import { type ModerationTabId, moderationTabsFor, resolveModerationTab } from './moderationTabs';
import { ReportsTab } from './ReportsTab';
import { SuspensionsTab } from './SuspensionsTab';
import { TakedownsTab } from './TakedownsTab';
import { UsersTab } from './UsersTab';

const PANELS: Record<ModerationTabId, ComponentType> = {
  reports: ReportsTab,
  takedowns: TakedownsTab,
  suspensions: SuspensionsTab,
  log: LogTab,
  users: UsersTab,
  jobs: JobsTab,
};

export default function ModerationPage() {
  const user = useAppSelector(selectCurrentUser);
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const active = resolveModerationTab(params.get('tab'), user?.role);
  const tab = moderationTabsFor(user?.role).find((candidate) => candidate.id === active);
  usePageTitle(canModerate(user) ? `${tab?.label ?? 'Reports'} - Moderation` : 'Not allowed');
  if (!canModerate(user)) return <NotAllowed />;
  const Panel = PANELS[active];

  return (
    <Box component="section" aria-labelledby="moderation-title" sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography id="moderation-title" variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Moderation
      </Typography>
      <Box sx={{ borderBottom: { sm: 1 }, borderColor: { sm: 'divider' }, mb: 2.5 }}>
        <Tabs
          value={active}
          onChange={(_event, id: ModerationTabId) => setParams(id === 'reports' ? {} : { tab: id })}
          aria-label="Moderation sections"
          variant={phone ? 'standard' : 'scrollable'}
          sx={phone ? pillTabsSx : { '& .MuiTab-root': { minWidth: 'auto', px: 2, whiteSpace: 'nowrap' }, '& .MuiTab-root:first-of-type': { pl: 0.5 } }}
        >
          {moderationTabsFor(user?.role).map((candidate) => (
            <Tab key={candidate.id} value={candidate.id} label={candidate.label} id={`moderation-tab-${candidate.id}`} aria-controls="moderation-panel" />
          ))}
        </Tabs>
      </Box>
      <Box id="moderation-panel" role="tabpanel" aria-labelledby={`moderation-tab-${active}`}>
        <Panel />
      </Box>
    </Box>
  );
}

/** Signed in without the role: say so kindly, and where to go instead. */
function NotAllowed() {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 2, maxWidth: 480, mx: 'auto' }}>
      <GavelIcon sx={{ fontSize: 56, color: 'text.secondary', mb: 1 }} aria-hidden />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        This page is for moderators
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your account cannot open the moderation tools. If you came across something that breaks the rules, use Report on the video instead.
      </Typography>
      <Button variant="contained" component={Link} to="/home">
        Go to Home
      </Button>
    </Box>
  );
}
