// In the player's place while a video has no playable rendition yet: the live transcoding progress
// (transcode-progress, patched into the cached video), or why it cannot play.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Video } from '../../../contract/entities';
import { startHeight } from '../../../contract/limits';

/**
 * The transcode's overall progress (the one ffmpeg run that makes every rung) as a whole percent,
 * below 100 while a rung is still to come: the run's end is not the rungs' publication, and a video
 * that streams is `ready` long before its ladder is.
 */
function transcodePercent(progress: number, rungsToCome: boolean): number {
  const percent = Math.max(0, Math.min(100, Math.round(progress)));
  return rungsToCome ? Math.min(percent, 99) : percent;
}

/**
 * Each rung once: ready, else streaming (the start rung, while nothing is ready and HLS plays), else
 * coming. Best first.
 */
function rungsByState(video: Pick<Video, 'qualities' | 'pendingQualities' | 'hlsUrl'>): { ready: number[]; streaming: number | undefined; coming: number[] } {
  const best = (heights: number[]) => [...new Set(heights)].sort((a, b) => b - a);
  const ready = best(video.qualities);
  const waiting = best((video.pendingQualities ?? []).filter((height) => !ready.includes(height)));
  const streaming = video.hlsUrl && ready.length === 0 ? startHeight(waiting) : undefined;
  return { ready, streaming, coming: waiting.filter((height) => height !== streaming) };
}

export function ProcessingNotice({ video }: { video: Pick<Video, 'status' | 'progress' | 'thumbnail'> }) {
  const failed = video.status === 'failed';
  // Shown while nothing plays: no rung is done yet.
  const progress = transcodePercent(video.progress, true);
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
  const { ready, streaming, coming } = rungsByState(video);
  const progress = transcodePercent(video.progress, streaming !== undefined || coming.length > 0);
  const label = (heights: number[]) => heights.map((height) => `${height}p`).join(', ');
  // Before any rung is complete, hlsUrl means the start rung streams as it is made (and plays).
  const playing = streaming !== undefined ? `Streaming ${streaming}p as it is made.` : 'Playing the original upload.';
  return (
    <Box role="status" data-testid="qualities-notice" sx={{ mt: 1.5, px: 1.5, py: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Higher qualities are on their way ({progress}%).
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {ready.length ? `Ready: ${label(ready)}.` : playing}
        {coming.length > 0 && ` Coming: ${label(coming)}.`}
      </Typography>
      <LinearProgress variant="determinate" value={progress} aria-label="Transcoding progress" sx={{ mt: 0.75, height: 4, borderRadius: 2 }} />
    </Box>
  );
}
