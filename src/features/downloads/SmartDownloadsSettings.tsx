// Smart downloads, set in Downloads: off by default, with what it does, how many of the
// subscriptions' newest videos, the rung, mobile data and the storage budget. The service worker
// runs it (sw/smartDownloads.ts); every change asks it for a run.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { formatBytes, formatRelativeDate } from '../../lib/format';
import type { SmartSettings } from '../../../shared/downloadDb';
import { getSmartSettings, saveSmartSettings, subscribeDownloads } from './downloadStore';
import { QUOTA_SHARE } from '../../../shared/smartRun';

const NEWEST_CHOICES = [3, 5, 10, 20];
const HEIGHT_CHOICES = [144, 240, 360, 480, 720];
const GB = 1024 ** 3;
const BUDGET_CHOICES: Array<number | null> = [null, GB / 2, GB, 2 * GB, 5 * GB];

export function SmartDownloadsSettings() {
  const [settings, setSettings] = useState<SmartSettings | null>(null);
  useEffect(() => {
    const read = () => void getSmartSettings().then(setSettings).catch(() => setSettings(null));
    read();
    return subscribeDownloads(read);
  }, []);
  if (!settings) return null;
  const change = (patch: Partial<SmartSettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    void saveSmartSettings(next);
  };
  const select = { select: true, size: 'small', disabled: !settings.enabled, sx: { minWidth: 150 } } as const;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="smart-downloads-title" sx={{ p: 2, mb: 3 }}>
      <FormControlLabel
        control={<Switch checked={settings.enabled} onChange={(event) => change({ enabled: event.target.checked })} />}
        label={<Typography id="smart-downloads-title" sx={{ fontWeight: 600 }}>Smart downloads</Typography>}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Keeps the newest videos from your subscriptions and everything in Watch later downloaded, so there is something new to watch offline.
        It runs in the background where the browser allows it, and whenever you open the app. Watched videos make room first; pinned ones stay.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField {...select} label="Newest videos" value={settings.newest} onChange={(event) => change({ newest: Number(event.target.value) })}>
          {NEWEST_CHOICES.map((count) => (
            <MenuItem key={count} value={count}>
              {count}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...select} label="Quality" value={settings.height} onChange={(event) => change({ height: Number(event.target.value) })}>
          {HEIGHT_CHOICES.map((height) => (
            <MenuItem key={height} value={height}>
              {height}p{height === 360 ? ' (data saver)' : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...select}
          label="Storage budget"
          value={settings.budgetBytes ?? 'auto'}
          onChange={(event) => change({ budgetBytes: event.target.value === 'auto' ? null : Number(event.target.value) })}
        >
          {BUDGET_CHOICES.map((bytes) => (
            <MenuItem key={bytes ?? 'auto'} value={bytes ?? 'auto'}>
              {bytes === null ? `Auto (${QUOTA_SHARE * 100}% of the browser quota)` : formatBytes(bytes)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          disabled={!settings.enabled}
          control={<Switch checked={settings.allowCellular} onChange={(event) => change({ allowCellular: event.target.checked })} />}
          label="Use mobile data"
        />
      </Box>
      {settings.enabled && settings.waitingSince && !settings.allowCellular && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="smart-waiting">
          Waiting for Wi-Fi since {formatRelativeDate(settings.waitingSince)}: mobile data is off
        </Typography>
      )}
      {settings.enabled && settings.lastRunAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="smart-last-run">
          Last run {formatRelativeDate(settings.lastRunAt)}: {settings.lastAdded ?? 0} new
        </Typography>
      )}
    </Paper>
  );
}
