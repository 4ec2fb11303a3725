// The upload's two progress bars: bytes sent (XMLHttpRequest or tus progress), then transcoding.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface Props {
  phase: 'uploading' | 'processing';
  /** 0..1 */
  uploadFraction: number;
  /** 0..100 */
  transcodePercent: number;
  /** An earlier upload of the same file goes on from the server's offset. */
  resuming?: boolean;
  onWatchNow?: () => void;
}

export function UploadProgress({ phase, uploadFraction, transcodePercent, resuming = false, onWatchNow }: Props) {
  const percent = phase === 'uploading' ? Math.round(uploadFraction * 100) : Math.max(0, Math.min(100, Math.round(transcodePercent)));
  const label = phase === 'uploading' ? (percent >= 100 ? 'Checking the video...' : resuming ? 'Resuming upload...' : 'Uploading...') : 'Processing video...';
  // Before the first progress tick the work has started but has no measure yet: a moving bar, no '0%'
  // (transcoding; a resumed upload until the server has said how much of the file it holds).
  const unmeasured = percent === 0 && (phase === 'processing' || resuming);
  return (
    <Box role="status" aria-live="polite">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="upload-percent">
          {unmeasured ? '' : `${percent}%`}
        </Typography>
      </Box>
      <LinearProgress
        variant={unmeasured ? 'indeterminate' : 'determinate'}
        value={unmeasured ? undefined : percent}
        color={phase === 'processing' ? 'secondary' : 'primary'}
        aria-label={phase === 'uploading' ? 'Upload progress' : 'Transcoding progress'}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {phase === 'processing' && onWatchNow && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            The video opens as soon as it can play.
          </Typography>
          <Button size="small" onClick={onWatchNow}>
            Watch now
          </Button>
        </Box>
      )}
    </Box>
  );
}
