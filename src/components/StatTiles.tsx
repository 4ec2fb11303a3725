// A row of labelled numbers: the profile's four stats, the tabs' summaries, the playlist's summary
// cards. Values arrive formatted (lib/format.ts) so each screen picks its rule.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface StatTile {
  label: string;
  value: string;
  icon?: ReactNode;
}

export function StatTiles({ tiles, label }: { tiles: StatTile[]; label?: string }) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 1.5 },
        // Up to three in a row on phones (four go two by two), all in one row from sm up.
        gridTemplateColumns: { xs: `repeat(${tiles.length <= 3 ? tiles.length : 2}, minmax(0, 1fr))`, sm: `repeat(${tiles.length}, minmax(0, 1fr))` },
      }}
    >
      {tiles.map((tile) => (
        <Paper key={tile.label} variant="outlined" sx={{ px: { xs: 1.25, sm: 2 }, py: 1.25, borderRadius: 2, display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
          {tile.icon && (
            // Three across a phone leave no room for the icon.
            <Box aria-hidden sx={{ color: 'primary.main', display: { xs: tiles.length === 3 ? 'none' : 'flex', sm: 'flex' }, flexShrink: 0 }}>
              {tile.icon}
            </Box>
          )}
          {/* One <dl> per tile: dt and dd stay its direct children. */}
          <Box component="dl" sx={{ m: 0, minWidth: 0, display: 'flex', flexDirection: 'column-reverse' }}>
            <Typography component="dt" variant="body2" color="text.secondary" noWrap sx={{ fontSize: { xs: 12.5, sm: 14 } }}>
              {tile.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700, lineHeight: 1.25 }} noWrap>
              {tile.value}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
