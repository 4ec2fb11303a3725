// Save: tick a playlist to add the video, untick one that holds it to remove it, or
// create a playlist and add it there.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { Playlist } from '../../../contract/entities';
import { LIMITS } from '../../../contract/limits';
import { messageOf } from '../../api/client';
import {
  useAddVideoToPlaylistMutation,
  useCreatePlaylistMutation,
  useGetUserPlaylistsInfiniteQuery,
  useRemoveVideoFromPlaylistMutation,
} from '../../api/endpoints/playlists';
import { useAppSelector } from '../../lib/hooks';
import { toast, TOAST_DURATION } from '../../components/toast';
import { uniqueById } from '../../components/useInfiniteList';
import { selectCurrentUser } from '../auth/authSlice';

export default function SaveToPlaylistDialog({ videoId, onClose }: { videoId: string; onClose: () => void }) {
  const titleId = useId();
  const username = useAppSelector(selectCurrentUser)?.username ?? '';
  const playlists = useGetUserPlaylistsInfiniteQuery(username, { skip: !username });
  const items = uniqueById<Playlist, { playlists: Playlist[] }>(playlists.data?.pages, (page) => page.playlists);
  const [addVideo, adding] = useAddVideoToPlaylistMutation();
  const [removeVideo, removing] = useRemoveVideoFromPlaylistMutation();
  const [createPlaylist, creating] = useCreatePlaylistMutation();
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const busy = adding.isLoading || removing.isLoading || creating.isLoading;

  const removeFrom = async (playlistId: string) => {
    const result = await removeVideo({ videoId, playlistId });
    if ('error' in result && result.error) {
      toast.error(messageOf(result.error, 'Failed to remove video from playlist'), TOAST_DURATION.watchError);
      return;
    }
    toast.success('Video removed from playlist successfully');
  };

  const addTo = async (playlistId: string) => {
    const result = await addVideo({ videoId, playlistId });
    if ('error' in result && result.error) {
      toast.error(messageOf(result.error, 'Failed to add video to playlist'), TOAST_DURATION.watchError);
      return;
    }
    toast.success('Video added to playlist successfully');
    onClose();
  };

  const createAndAdd = async () => {
    const result = await createPlaylist({ name: name.trim(), description: description.trim() });
    if ('error' in result && result.error) {
      toast.error(messageOf(result.error, 'Failed to create playlist'), TOAST_DURATION.watchError);
      return;
    }
    toast.success('Playlist created successfully');
    await addTo(result.data._id);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Save to playlist</DialogTitle>
      <DialogContent dividers sx={{ px: 1 }}>
        {playlists.isLoading && <Typography sx={{ px: 2 }}>Loading playlists...</Typography>}
        {playlists.isError && (
          <Box sx={{ px: 2 }} role="alert">
            <Typography sx={{ mb: 1 }}>Failed to fetch playlists. Please try again later.</Typography>
            <Button onClick={() => void playlists.refetch()}>Try Again</Button>
          </Box>
        )}
        {!playlists.isLoading && !playlists.isError && items.length === 0 && <Typography sx={{ px: 2 }}>No playlists found</Typography>}
        <List dense aria-label="Your playlists">
          {items.map((playlist) => {
            const saved = playlist.videos.some((video) => video._id === videoId);
            return (
              <ListItemButton
                key={playlist._id}
                role="checkbox"
                aria-checked={saved}
                disabled={busy}
                onClick={() => void (saved ? removeFrom(playlist._id) : addTo(playlist._id))}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox edge="start" checked={saved} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} sx={{ p: 0.5 }} />
                </ListItemIcon>
                <ListItemText primary={playlist.name} secondary={saved ? 'Saved here: untick to remove' : `${playlist.videosCount} videos`} />
              </ListItemButton>
            );
          })}
        </List>
        {playlists.hasNextPage && (
          <Button size="small" disabled={playlists.isFetchingNextPage} onClick={() => void playlists.fetchNextPage()} sx={{ ml: 1 }}>
            {playlists.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </Button>
        )}
        {creatingOpen ? (
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              void createAndAdd();
            }}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, px: 2, pt: 1 }}
          >
            <TextField label="Playlist Name" size="small" required value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: LIMITS.playlistName } }} />
            <TextField
              label="Description"
              size="small"
              required
              multiline
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              slotProps={{ htmlInput: { maxLength: LIMITS.playlistDescription } }}
            />
            <Button type="submit" variant="contained" disabled={busy || !name.trim() || !description.trim()}>
              {creating.isLoading ? 'Creating...' : 'Create and save'}
            </Button>
          </Box>
        ) : (
          <Button onClick={() => setCreatingOpen(true)} sx={{ ml: 1, mt: 1 }}>
            New playlist
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
