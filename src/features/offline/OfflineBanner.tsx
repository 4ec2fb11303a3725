// The offline banner: 'You are offline' while the browser has no network, and the number
// of actions waiting to sync (also shown online while the queue drains).
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import { useSyncExternalStore } from 'react';
import { pendingActions, subscribeQueue } from '../../api/offlineQueue';
import { useOnline } from '../../lib/online';

const OFFLINE_MESSAGE = 'You are offline';
const pendingSyncLabel = (count: number) => `Pending sync (${count})`;

function usePendingCount(): number {
  return useSyncExternalStore(subscribeQueue, () => pendingActions().length, () => 0);
}

export function OfflineBanner() {
  const online = useOnline();
  const pending = usePendingCount();
  if (online && !pending) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 0.75,
        fontSize: 14,
        bgcolor: online ? 'info.dark' : 'grey.800',
        color: '#fff',
      }}
    >
      {!online && (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
          <CloudOffIcon fontSize="small" aria-hidden />
          {OFFLINE_MESSAGE}: showing saved data
        </Box>
      )}
      {pending > 0 && (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
          <SyncIcon fontSize="small" aria-hidden />
          {pendingSyncLabel(pending)}
        </Box>
      )}
    </Box>
  );
}
