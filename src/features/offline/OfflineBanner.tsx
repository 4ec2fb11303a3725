// The offline banner: 'You are offline' while the browser has no network, and the number
// of actions waiting to sync (also shown online while the queue drains).
import Box from '@mui/material/Box';
import { Suspense, useSyncExternalStore } from 'react';
import { getOfflineQueue } from '../../api/offlineQueue';
import { useAppDispatch } from '../../lib/hooks';
import { lazyChunk } from '../../lib/chunks';
import { useOnline } from '../../lib/online';

// The icons are a chunk of their own: most visits never show the banner. On a first visit that goes
// offline before the worker cached them, the banner shows its text alone.
const BannerIcon = lazyChunk(() => import('./OfflineBannerIcon'));

const OFFLINE_MESSAGE = 'You are offline';
const pendingSyncLabel = (count: number) => `Pending sync (${count})`;

function usePendingCount(): number {
  const queue = useAppDispatch()(getOfflineQueue());
  return useSyncExternalStore(queue.subscribe, () => queue.pending().length, () => 0);
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
          <Suspense fallback={null}>
            <BannerIcon kind="offline" />
          </Suspense>
          {OFFLINE_MESSAGE}: showing saved data
        </Box>
      )}
      {pending > 0 && (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }}>
          <Suspense fallback={null}>
            <BannerIcon kind="syncing" />
          </Suspense>
          {pendingSyncLabel(pending)}
        </Box>
      )}
    </Box>
  );
}
