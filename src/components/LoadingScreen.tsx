import Box from '@mui/material/Box';

/** Full-screen 'Loading...' (auth boot and lazy screens). */
export function LoadingScreen() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', fontSize: '1.1rem' }}>
      Loading...
    </Box>
  );
}
