// The watch action row's Download button: one tap saves the video for offline in the quality that
// fits data saver (downloadQuality.ts), the button shows the percentage while it downloads, then
// 'Downloaded'. While downloading its menu cancels; once downloaded it leads to the downloads or
// deletes this one. Offline it cannot fetch anything, so it is disabled and says why.
import DownloadedIcon from '@mui/icons-material/OfflinePin';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Video } from '../../../contract/entities';
import { toast, TOAST_DURATION } from '../../components/toast';
import { dataSaverOn } from '../../lib/dataSaver';
import { useOnline } from '../../lib/online';
import { qualityOptionsFor } from '../player/quality';
import { cancelDownload, startDownload, useDownloadProgress } from './activeDownloads';
import { deleteSavedVideo, DOWNLOAD_CANCELLED, DOWNLOAD_SAVED } from './downloadStore';
import { downloadQuality } from './downloadQuality';
import { useSavedVideo } from './useSavedVideo';

const DOWNLOAD_NEEDS_NETWORK = 'Connect to the internet to download';

export function DownloadButton({ video, sx }: { video: Video; sx?: SxProps<Theme> }) {
  const navigate = useNavigate();
  const progress = useDownloadProgress(video._id);
  const { checked, saved } = useSavedVideo(video._id);
  const online = useOnline();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const option = downloadQuality(qualityOptionsFor(video.qualities), dataSaverOn());

  const download = async () => {
    if (!option) return;
    try {
      await startDownload(video, option);
      toast.success(DOWNLOAD_SAVED);
    } catch (error) {
      if ((error as Error).name === 'AbortError') toast.show(DOWNLOAD_CANCELLED);
      else toast.error(`Download failed: ${(error as Error).message}`, TOAST_DURATION.watchError);
    }
  };
  const closeMenu = () => setMenuAnchor(null);

  if (progress !== null) {
    const percent = Math.round(progress * 100);
    return (
      <>
        <Button
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-label={`Downloading ${percent}%`}
          data-testid="download-button"
          startIcon={<ProgressRing percent={percent} />}
          sx={{ ...sx, fontVariantNumeric: 'tabular-nums' }}
        >
          {percent}%
        </Button>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
          <MenuItem
            onClick={() => {
              closeMenu();
              cancelDownload(video._id);
            }}
          >
            Cancel download
          </MenuItem>
        </Menu>
      </>
    );
  }

  if (saved) {
    return (
      <>
        <Button onClick={(event) => setMenuAnchor(event.currentTarget)} aria-haspopup="menu" data-testid="download-button" startIcon={<DownloadedIcon />} sx={sx}>
          Downloaded
        </Button>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
          <MenuItem onClick={() => navigate('/downloads')}>Go to downloads</MenuItem>
          <MenuItem
            onClick={() => {
              closeMenu();
              void deleteSavedVideo(saved).then(() => toast.success('Download deleted'));
            }}
          >
            Delete download
          </MenuItem>
        </Menu>
      </>
    );
  }

  const reason = !online ? DOWNLOAD_NEEDS_NETWORK : option ? `Download ${option.label} for offline` : 'No rendition to download yet';
  const button = (
    <Button
      onClick={() => void download()}
      disabled={!checked || !option || !online}
      title={reason}
      aria-description={online ? undefined : reason}
      data-testid="download-button"
      startIcon={<DownloadIcon />}
      sx={sx}
    >
      Download
    </Button>
  );
  // A disabled button takes no pointer, so its wrapper carries the reason's tooltip.
  return online ? button : <span title={reason}>{button}</span>;
}

/** The download's share as a ring over a faint full track (a bare arc at 2% is all but invisible). */
function ProgressRing({ percent }: { percent: number }) {
  const ring = { size: 18, thickness: 5 } as const;
  return (
    <Box aria-hidden sx={{ position: 'relative', display: 'inline-flex' }}>
      <CircularProgress variant="determinate" value={100} {...ring} sx={{ color: 'action.disabled' }} />
      <CircularProgress variant="determinate" value={percent} {...ring} sx={{ position: 'absolute', inset: 0 }} />
    </Box>
  );
}
