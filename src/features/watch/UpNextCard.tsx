// Over the player at the end: the first related video, a countdown of the spec's 2 s
// when autoplay is on, Cancel and Play now.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { VideoCard } from '../../../contract/entities';

/** Whole seconds left until `endsAt` (2, then 1), 0 when due. */
export const secondsLeft = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

interface Props {
  next: Pick<VideoCard, 'title' | 'thumbnail' | 'owner'>;
  /** When the next video opens by itself; null without autoplay. */
  endsAt: number | null;
  onCancel: () => void;
  onPlayNow: () => void;
}

export function UpNextCard({ next, endsAt, onCancel, onPlayNow }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = endsAt === null ? null : secondsLeft(endsAt, now);
  return (
    <Box
      role="dialog"
      aria-label="Up next"
      sx={{ position: 'absolute', inset: 0, bottom: 56, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.72)', color: '#fff', p: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', maxWidth: 440, width: '100%' }}>
        {next.thumbnail && (
          <Box component="img" src={next.thumbnail} alt="" sx={{ width: { xs: 112, sm: 160 }, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" sx={{ opacity: 0.8 }} data-testid="up-next-countdown">
            {left === null ? 'Up next' : `Up next in ${left}`}
          </Typography>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {next.title}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.8 }} noWrap component="p">
            {next.owner?.fullName}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button size="small" variant="outlined" color="inherit" onClick={onCancel}>
              Cancel
            </Button>
            <Button size="small" variant="contained" onClick={onPlayNow}>
              Play now
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
