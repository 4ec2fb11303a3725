// A route whose screen belongs to a later client issue: the route and its guard already work.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router-dom';

export default function PlaceholderPage({ title }: { title: string }) {
  const { search } = useLocation();
  const query = new URLSearchParams(search).get('q');
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {query !== null && <Typography sx={{ mt: 1 }}>Results for “{query}”</Typography>}
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        This screen is coming soon.
      </Typography>
      <Button component={Link} to="/home" variant="outlined">
        Back to Home
      </Button>
    </Box>
  );
}
