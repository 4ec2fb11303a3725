// The Lighthouse bench's yardstick: a bare Vite + React + MUI page built from the app's own
// dependencies (an app bar and a grid of text cards, no data, no router, no service worker).
import AppBar from '@mui/material/AppBar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Grid from '@mui/material/Grid';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const theme = createTheme({ palette: { mode: 'dark' } });

function Shell() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppBar position="sticky">
        <Toolbar>
          <Typography variant="h6" component="p">
            Bare shell
          </Typography>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 2 }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          Recommended
        </Typography>
        <Grid container spacing={2}>
          {Array.from({ length: 8 }, (_, index) => (
            <Grid key={index} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card>
                <CardContent>
                  <Typography variant="subtitle1" component="h2">
                    Card {index + 1}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    A line of text where a video's channel and views would be.
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
