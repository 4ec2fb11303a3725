// What the watch screen says offline about a video this device cannot play: that the user is
// offline, what that means for this video, and the one thing that works (the downloads). No Try
// Again: the screen asks again by itself once the network is back (RTK Query's refetchOnReconnect).
import CloudOffIcon from '@mui/icons-material/CloudOff';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';

export const OFFLINE_TITLE = "You're offline";
const OFFLINE_NOT_DOWNLOADED = "This video isn't downloaded. Connect to the internet to watch it.";
const GO_TO_DOWNLOADS = 'Go to Downloads';

/**
 * `poster`: in place of the player (a video seen before, its details kept), over its dimmed thumbnail;
 * without it, the whole screen (a video this device knows nothing of).
 */
export function OfflineNotice({ poster }: { poster?: string | null }) {
  const inPlayer = poster !== undefined;
  return (
    <Box
      role="alert"
      data-testid="watch-offline"
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        px: 3,
        ...(inPlayer
          ? { aspectRatio: '16 / 9', minHeight: 200, bgcolor: 'common.black', color: '#fff', borderRadius: { sm: 3 }, overflow: 'hidden' }
          : { py: 8 }),
      }}
    >
      {inPlayer && poster && (
        <Box component="img" src={poster} alt="" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: 0.25 }} />
      )}
      <CloudOffIcon aria-hidden sx={{ position: 'relative', fontSize: inPlayer ? 36 : 56, color: inPlayer ? 'inherit' : 'text.secondary' }} />
      <Typography variant="h6" component={inPlayer ? 'p' : 'h1'} sx={{ position: 'relative', fontWeight: 700 }}>
        {OFFLINE_TITLE}
      </Typography>
      <Typography variant="body2" sx={{ position: 'relative', maxWidth: 360, color: inPlayer ? 'grey.300' : 'text.secondary' }}>
        {OFFLINE_NOT_DOWNLOADED}
      </Typography>
      <Button variant="contained" component={Link} to="/downloads" startIcon={<DownloadIcon />} sx={{ position: 'relative', mt: 1, borderRadius: 999, textTransform: 'none', fontWeight: 600 }}>
        {GO_TO_DOWNLOADS}
      </Button>
    </Box>
  );
}
