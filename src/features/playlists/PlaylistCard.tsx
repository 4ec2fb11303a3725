// One playlist: thumbnail or a placeholder icon, name, video count and relative
// date, linking to /playlist/{id}. Its owner also gets rename (inline, blank ignored) and delete
// (after a confirmation).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Playlist } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useDeletePlaylistMutation, useRenamePlaylistMutation } from '../../api/endpoints/playlists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast';
import { formatRelativeDate } from '../../lib/format';
import { PLAYLIST_LIMITS, renameTarget } from './playlistForm';

const RENAME_FAILED = 'Failed to update playlist name';
const DELETE_FAILED = 'Error deleting playlist';
const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this playlist? This action cannot be undone.';

export const videoCountText = (count: number) => `${count} ${count === 1 ? 'video' : 'videos'}`;

interface Props {
  playlist: Playlist;
  /** Rename and delete (only when the stored user id equals the playlist owner id). */
  manageable?: boolean;
  /** The name as shown (search highlights its matches); defaults to the plain name. */
  title?: ReactNode;
  /** Show the owner's name (search results). */
  showOwner?: boolean;
}

export function PlaylistCard({ playlist, manageable = false, title, showOwner = false }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(playlist.name);
  const [confirming, setConfirming] = useState(false);
  const [rename, renaming] = useRenamePlaylistMutation();
  const [remove, removing] = useDeletePlaylistMutation();
  const path = `/playlist/${encodeURIComponent(playlist._id)}`;
  const count = playlist.videosCount ?? playlist.totalVideos ?? 0;

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const name = renameTarget(draft, playlist.name);
    if (!name) {
      setEditing(false);
      setDraft(playlist.name);
      return;
    }
    const result = await rename({ playlistId: playlist._id, name });
    if ('error' in result) {
      toast.error(messageOf(result.error, RENAME_FAILED));
      return;
    }
    toast.success('Playlist name updated successfully');
    setEditing(false);
  };

  const confirmDelete = async () => {
    const result = await remove(playlist._id);
    setConfirming(false);
    if ('error' in result) toast.error(messageOf(result.error, DELETE_FAILED));
    else toast.success('Playlist deleted successfully');
  };

  return (
    <Box component="article" aria-label={playlist.name} sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Box
        component={Link}
        to={path}
        tabIndex={-1}
        aria-hidden
        sx={{ position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'center', aspectRatio: '16 / 9', borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        {playlist.PlaylistThumbnail ? (
          <Box component="img" src={playlist.PlaylistThumbnail} alt="" loading="lazy" decoding="async" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <PlaylistPlayIcon sx={{ fontSize: 56 }} />
        )}
        <Box
          sx={{ position: 'absolute', right: 0, top: 0, bottom: 0, width: '34%', bgcolor: 'rgba(0,0,0,0.72)', color: '#fff', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
        >
          <Typography sx={{ fontWeight: 700 }}>{count}</Typography>
          <PlaylistPlayIcon />
        </Box>
      </Box>
      {editing ? (
        <Stack component="form" direction="row" onSubmit={saveName} spacing={0.5} sx={{ alignItems: 'center' }}>
          <TextField
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            size="small"
            autoFocus
            fullWidth
            disabled={renaming.isLoading}
            slotProps={{ htmlInput: { maxLength: PLAYLIST_LIMITS.name, 'aria-label': 'Playlist name' } }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setEditing(false);
                setDraft(playlist.name);
              }
            }}
          />
          <IconButton type="submit" aria-label="Save name" color="primary" disabled={renaming.isLoading}>
            <CheckIcon />
          </IconButton>
          <IconButton
            aria-label="Cancel rename"
            onClick={() => {
              setEditing(false);
              setDraft(playlist.name);
            }}
          >
            <CloseIcon />
          </IconButton>
        </Stack>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography
              component={Link}
              to={path}
              variant="subtitle1"
              sx={{ display: 'block', color: 'text.primary', textDecoration: 'none', fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere', '&:hover': { color: 'primary.main' } }}
            >
              {title ?? playlist.name}
            </Typography>
            {showOwner && (
              <Typography variant="body2" color="text.secondary" noWrap>
                {playlist.owner?.fullName || 'Unknown User'}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {videoCountText(count)} · {formatRelativeDate(playlist.createdAt)}
            </Typography>
          </Box>
          {manageable && (
            <>
              <IconButton
                size="small"
                aria-label={`Rename ${playlist.name}`}
                title="Rename"
                onClick={() => {
                  setDraft(playlist.name);
                  setEditing(true);
                }}
              >
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Delete ${playlist.name}`} title="Delete" color="error" onClick={() => setConfirming(true)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </Box>
      )}
      {manageable && (
        <ConfirmDialog
          open={confirming}
          title="Delete Playlist"
          message={DELETE_CONFIRM_TEXT}
          confirmLabel="Delete"
          busy={removing.isLoading}
          onConfirm={() => void confirmDelete()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Box>
  );
}
