// 'Download for offline': pick a rendition (480p eco by default, 360p or lower while data saver is
// on), then the real byte progress.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { Video } from '../../../contract/entities';
import { toast, TOAST_DURATION } from '../../components/toast';
import { dataSaverOn } from '../../lib/dataSaver';
import { qualityOptionsFor } from '../player/quality';
import { cancelDownload, startDownload, useDownloadProgress } from './activeDownloads';
import { DOWNLOAD_CANCELLED, DOWNLOAD_SAVED } from './downloadStore';
import { downloadQuality } from './downloadQuality';

export default function DownloadDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const titleId = useId();
  const options = qualityOptionsFor(video.qualities);
  const [height, setHeight] = useState(() => downloadQuality(options, dataSaverOn())?.height ?? 0);
  const progress = useDownloadProgress(video._id);
  const busy = progress !== null;
  // Closing the dialog (Hide, Escape) lets a running download finish in the background, so the page
  // stays usable; only 'Cancel download' stops it.

  const download = async () => {
    const option = options.find((candidate) => candidate.height === height);
    if (!option) return;
    try {
      await startDownload(video, option);
      toast.success(DOWNLOAD_SAVED);
      onClose();
    } catch (error) {
      if ((error as Error).name === 'AbortError') toast.show(DOWNLOAD_CANCELLED);
      else toast.error(`Download failed: ${(error as Error).message}`, TOAST_DURATION.watchError);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Download for offline</DialogTitle>
      <DialogContent>
        {options.length === 0 ? (
          <Typography color="text.secondary">This video has no rendition to download yet.</Typography>
        ) : (
          <RadioGroup aria-label="Download quality" value={String(height)} onChange={(event) => setHeight(Number(event.target.value))}>
            {options.map((option) => (
              <FormControlLabel key={option.height} value={String(option.height)} control={<Radio />} label={`${option.label} (${option.name})`} disabled={busy} />
            ))}
          </RadioGroup>
        )}
        {busy && (
          <>
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Download progress" sx={{ mt: 2 }} />
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Downloading... {Math.round(progress * 100)}%
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {busy ? (
          <>
            <Button onClick={onClose}>Hide</Button>
            <Button variant="contained" color="error" onClick={() => cancelDownload(video._id)}>
              Cancel download
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => void download()} disabled={!options.length}>
              Download
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
