import Box from '@mui/material/Box';
import { Link } from 'react-router-dom';
/** The logo's red, the one brand colour. */
const BRAND_RED = '#e53935';

/** Logo link to /. The word hides on the narrowest phones. */
export function Logo({ alwaysShowName = false }: { alwaysShowName?: boolean }) {
  return (
    <Box
      component={Link}
      to="/"
      aria-label="Vidshare home"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.primary', textDecoration: 'none', flexShrink: 0 }}
    >
      <svg width="30" height="22" viewBox="0 0 30 22" aria-hidden="true">
        <rect width="30" height="22" rx="6" fill={BRAND_RED} />
        <path d="M12 6.5v9l7.5-4.5z" fill="#fff" />
      </svg>
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1.15rem', letterSpacing: '-0.02em', display: alwaysShowName ? 'inline' : { xs: 'none', sm: 'inline' } }}>
        Vidshare
      </Box>
    </Box>
  );
}
