// The seek bar: played part, buffered ranges behind it, and a slider for pointer and keyboard.
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import { formatDuration } from '../../lib/format';

export type TimeRange = readonly [start: number, end: number];

/** The media element's buffered TimeRanges as plain pairs. */
export function bufferedRanges(media: HTMLMediaElement): TimeRange[] {
  const ranges: TimeRange[] = [];
  for (let i = 0; i < media.buffered.length; i++) ranges.push([media.buffered.start(i), media.buffered.end(i)]);
  return ranges;
}

interface Props {
  currentTime: number;
  duration: number;
  buffered: readonly TimeRange[];
  onSeek: (time: number) => void;
}

export function SeekBar({ currentTime, duration, buffered, onSeek }: Props) {
  const total = duration > 0 ? duration : 0;
  const percent = (time: number) => (total ? `${Math.min(100, Math.max(0, (time / total) * 100))}%` : '0%');
  return (
    <Box sx={{ position: 'relative', px: 1, height: 20, display: 'flex', alignItems: 'center' }}>
      <Box aria-hidden sx={{ position: 'absolute', left: 8, right: 8, height: 4, top: 8, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.25)', overflow: 'hidden' }}>
        {buffered.map(([start, end]) => (
          <Box
            key={start}
            data-testid="buffered-range"
            sx={{ position: 'absolute', top: 0, bottom: 0, left: percent(start), width: `calc(${percent(end)} - ${percent(start)})`, bgcolor: 'rgba(255,255,255,0.5)' }}
          />
        ))}
      </Box>
      <Slider
        aria-label="Seek"
        size="small"
        min={0}
        max={total || 1}
        step={0.1}
        value={Math.min(currentTime, total || 1)}
        disabled={!total}
        onChange={(_event, value) => onSeek(value as number)}
        getAriaValueText={(value) => `${formatDuration(value)} of ${formatDuration(total)}`}
        valueLabelDisplay="auto"
        valueLabelFormat={(value) => formatDuration(value)}
        sx={{
          color: '#e53935',
          height: 4,
          py: '8px !important',
          '& .MuiSlider-rail': { opacity: 0 },
          '& .MuiSlider-track': { border: 0 },
          '& .MuiSlider-thumb': { width: 12, height: 12, '&:hover, &.Mui-focusVisible': { boxShadow: '0 0 0 6px rgba(229,57,53,0.3)' } },
          '&.Mui-disabled': { color: 'rgba(255,255,255,0.4)' },
        }}
      />
    </Box>
  );
}
