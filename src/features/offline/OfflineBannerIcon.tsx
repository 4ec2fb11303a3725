// The offline banner's icons (OfflineBanner.tsx loads them when it first shows).
import CloudOffIcon from '@mui/icons-material/CloudOff';
import SyncIcon from '@mui/icons-material/Sync';

export default function OfflineBannerIcon({ kind }: { kind: 'offline' | 'syncing' }) {
  const Icon = kind === 'offline' ? CloudOffIcon : SyncIcon;
  return <Icon fontSize="small" aria-hidden />;
}
