// The top of each profile tab (and of /my-videos, /liked-videos, /watch-history): a title, a count,
// an owner action and the summary tiles.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type StatTile, StatTiles } from './StatTiles';

interface Props {
  title: string;
  /** e.g. '3 videos'. */
  count?: string;
  action?: ReactNode;
  tiles: StatTile[];
  /** h1 on the stand-alone pages, h2 inside the profile. */
  level?: 'h1' | 'h2';
}

export function TabHeader({ title, count, action, tiles, level = 'h2' }: Props) {
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant={level === 'h1' ? 'h5' : 'h6'} component={level} sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {count && <Typography color="text.secondary">{count}</Typography>}
        </Box>
        {action}
      </Box>
      <StatTiles tiles={tiles} label={`${title} summary`} />
    </Box>
  );
}
