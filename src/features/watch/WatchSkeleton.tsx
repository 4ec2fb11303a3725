// The watch screen while its video loads: player box, title lines, owner row, side list.
import Box from '@mui/material/Box';

const bar = (width: string | number, height = 16) => ({ width, height, borderRadius: 1, bgcolor: 'action.hover' });

export function WatchSkeleton() {
  return (
    <Box role="status" aria-label="Loading video" sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' } }}>
      <Box>
        <Box sx={{ aspectRatio: '16 / 9', borderRadius: { xs: 0, sm: 2 }, bgcolor: 'action.hover' }} />
        <Box sx={{ ...bar('70%', 24), mt: 2 }} />
        <Box sx={{ ...bar('40%'), mt: 1 }} />
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 3 }}>
          <Box sx={{ width: 44, height: 44, borderRadius: '50%', bgcolor: 'action.hover' }} />
          <Box sx={{ flex: 1 }}>
            <Box sx={bar('30%')} />
            <Box sx={{ ...bar('20%', 12), mt: 1 }} />
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: { xs: 'none', lg: 'flex' }, flexDirection: 'column', gap: 1.5 }}>
        {Array.from({ length: 6 }, (_, i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1.25 }}>
            <Box sx={{ width: 168, aspectRatio: '16 / 9', borderRadius: 1.5, bgcolor: 'action.hover', flexShrink: 0 }} />
            <Box sx={{ flex: 1 }}>
              <Box sx={bar('90%', 14)} />
              <Box sx={{ ...bar('50%', 12), mt: 1 }} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
