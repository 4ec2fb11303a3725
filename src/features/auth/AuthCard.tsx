// The frame of the login and register screens (no top navigation there).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { ThemeToggle } from '../theme/ThemeToggle';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 2, py: 1 }}>
        <Logo alwaysShowName />
        <ThemeToggle />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: { xs: 'flex-start', sm: 'center' }, px: { xs: 1.5, sm: 2 }, pb: 4 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            {subtitle}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}

/** The line under the form leading to the other auth screen. */
export function AuthSwitch({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
      {question}{' '}
      <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
        {label}
      </Link>
    </Typography>
  );
}
