// Create Playlist: name and description with live counters, Cancel and
// 'Create Playlist' (disabled until both are non-blank and while submitting), a success banner,
// then back one page after 1.5 s. A tips panel beside the form.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../api/client';
import { useCreatePlaylistMutation } from '../../api/endpoints/playlists';
import { useAppSelector } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { useGoBack } from '../../lib/useGoBack';
import { selectCurrentUser } from '../auth/authSlice';
import { canSubmitPlaylist, clampTo, counterText, PLAYLIST_LIMITS, playlistBody } from './playlistForm';
import { usePageTitle } from '../../lib/usePageTitle';

const CREATE_FAILED = 'Failed to create playlist';
export const REDIRECT_DELAY_MS = 1500;

const TIPS = [
  'Pick a name that says what the playlist is about, so it is easy to find in search.',
  'Use the description to tell viewers why these videos belong together.',
  'Add videos from your uploads with “Add Videos” on the playlist page.',
  'You can rename or delete a playlist later from the Playlists tab of your profile.',
];

export default function CreatePlaylistPage() {
  usePageTitle('Create Playlist');
  const user = useAppSelector(selectCurrentUser);
  const goBack = useGoBack(user ? `/profile/${encodeURIComponent(user.username)}?tab=playlists` : '/home');
  const [createPlaylist, { isLoading }] = useCreatePlaylistMutation();
  const [draft, setDraft] = useState({ name: '', description: '' });
  const [created, setCreated] = useState(false);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(goBack, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [created, goBack]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitPlaylist(draft, isLoading) || created) return;
    const result = await createPlaylist(playlistBody(draft));
    if ('error' in result) {
      toast.error(messageOf(result.error, CREATE_FAILED));
      return;
    }
    toast.success('Playlist created successfully');
    setCreated(true);
  };

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Button startIcon={<ArrowBackIcon />} onClick={goBack} sx={{ mb: 1 }}>
        Back to Playlists
      </Button>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Create New Playlist
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          {created && (
            <Alert icon={<CheckCircleIcon />} severity="success" sx={{ mb: 2.5 }}>
              <AlertTitle>Playlist Created Successfully!</AlertTitle>
              Redirecting you back...
            </Alert>
          )}
          <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
            <TextField
              label="Playlist Name *"
              value={draft.name}
              onChange={(event) => setDraft((d) => ({ ...d, name: clampTo(event.target.value, PLAYLIST_LIMITS.name) }))}
              helperText={counterText(draft.name, PLAYLIST_LIMITS.name)}
              slotProps={{ htmlInput: { maxLength: PLAYLIST_LIMITS.name, 'aria-required': true }, formHelperText: { sx: { textAlign: 'right' } } }}
              disabled={created}
              autoFocus
            />
            <TextField
              label="Description *"
              value={draft.description}
              onChange={(event) => setDraft((d) => ({ ...d, description: clampTo(event.target.value, PLAYLIST_LIMITS.description) }))}
              helperText={counterText(draft.description, PLAYLIST_LIMITS.description)}
              slotProps={{ htmlInput: { maxLength: PLAYLIST_LIMITS.description, 'aria-required': true }, formHelperText: { sx: { textAlign: 'right' } } }}
              disabled={created}
              multiline
              minRows={4}
            />
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={goBack} disabled={isLoading}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={!canSubmitPlaylist(draft, isLoading) || created}>
                {isLoading ? 'Creating...' : 'Create Playlist'}
              </Button>
            </Stack>
          </Stack>
        </Paper>
        <Paper variant="outlined" component="aside" aria-labelledby="playlist-tips" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <Typography id="playlist-tips" variant="subtitle1" component="h2" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <LightbulbIcon color="warning" aria-hidden /> Tips for a great playlist
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 1 } }}>
            {TIPS.map((tip) => (
              <Typography component="li" variant="body2" key={tip}>
                {tip}
              </Typography>
            ))}
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}
