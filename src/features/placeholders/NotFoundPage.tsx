import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/usePageTitle';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        The page you are looking for does not exist.
      </Typography>
      <Button component={Link} to="/home" variant="contained">
        Go Home
      </Button>
    </Box>
  );
}
