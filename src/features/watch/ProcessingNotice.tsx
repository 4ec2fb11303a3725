// In the player's place while a video has no playable rendition yet: the live transcoding progress
// (transcode-progress, patched into the cached video), or why it cannot play.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Video } from '../../../contract/entities';
import { startHeight } from '../../../contract/limits';

export function ProcessingNotice({ video }: { video: Pick<Video, 'status' | 'progress' | 'thumbnail'> }) {
  const failed = video.status === 'failed';
  const progress = Math.max(0, Math.min(100, Math.round(video.progress)));
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        borderRadius: { xs: 0, sm: 2 },
        overflow: 'hidden',
        bgcolor: '#000',
        backgroundImage: video.thumbnail ? `url("${video.thumbnail}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(0,0,0,0.7)', display: 'grid', placeItems: 'center', p: 2 }}>
        <Box sx={{ width: 'min(420px, 90%)', textAlign: 'center', color: '#fff' }} role="status">
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {failed ? 'This video could not be processed.' : 'Processing video...'}
          </Typography>
          {!failed && (
            <>
              <Typography variant="body2" sx={{ opacity: 0.8, mb: 1.5 }}>
                It becomes playable as soon as the first quality is ready.
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label="Transcoding progress" sx={{ height: 6, borderRadius: 3 }} />
              <Typography variant="body2" sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }}>
                {progress}%
              </Typography>
            </>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Under a video that already plays while transcoding goes on: higher qualities are on
 * their way; the cached video is patched live (progress events, polling), so this updates by itself.
 */
export function QualitiesOnTheirWay({ video }: { video: Pick<Video, 'progress' | 'qualities' | 'pendingQualities' | 'hlsUrl'> }) {
  const progress = Math.max(0, Math.min(100, Math.round(video.progress)));
  const ready = video.qualities.map((height) => `${height}p`).join(', ');
  const pending = (video.pendingQualities ?? []).map((height) => `${height}p`).join(', ');
  // Before any rung is complete, hlsUrl means the start rung (360p) streams as it is made (and plays).
  const streamed = startHeight(video.pendingQualities ?? []);
  const playing = video.hlsUrl && streamed !== undefined ? `Streaming ${streamed}p as it is made.` : 'Playing the original upload.';
  return (
    <Box role="status" data-testid="qualities-notice" sx={{ mt: 1.5, px: 1.5, py: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Higher qualities are on their way ({progress}%).
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {ready ? `Ready: ${ready}.` : playing}
        {pending && ` Coming: ${pending}.`}
      </Typography>
      <LinearProgress variant="determinate" value={progress} aria-label="Transcoding progress" sx={{ mt: 0.75, height: 4, borderRadius: 2 }} />
    </Box>
  );
}
