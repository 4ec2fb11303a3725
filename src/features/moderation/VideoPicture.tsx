// A video's small thumbnail on a moderation card (16:9, 120 px wide on phones, 160 from 600 px).
import Box from '@mui/material/Box';

export function VideoPicture({ video }: { video: { thumbnail: string } }) {
  return (
    <Box sx={{ width: { xs: 120, sm: 160 }, aspectRatio: '16 / 9', borderRadius: 1.5, overflow: 'hidden', bgcolor: 'action.hover' }}>
      {video.thumbnail && <Box component="img" src={video.thumbnail} alt="" loading="lazy" sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }} />}
    </Box>
  );
}
