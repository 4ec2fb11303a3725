// Settings > Videos: Playback (the data saver, also in the player's quality menu), then 'Search
// your videos...', 'Delete All', 'Upload New', the grid with a Delete per video, the 'Confirm
// Deletion' dialog, both empty states and the end text.
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { VideoCard } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useDeleteAllVideosMutation, useDeleteVideoMutation, useGetMyVideosInfiniteQuery } from '../../api/endpoints/videos';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast';
import { useInfiniteList } from '../../components/useInfiniteList';
import { listGridProps, VideoGrid } from '../../components/VideoGrid';
import { UPLOADED_FETCH_ERROR, useLoadedToast, useLoginOn401 } from '../../components/listFeedback';
import { DataSaverSetting } from './DataSaverSetting';
import { SettingsSection } from './SettingsSection';

const CONFIRM_TEXT = 'Are you sure you want to proceed? This action cannot be undone.';

/** Titles (and descriptions) holding every word of the query, case-insensitive. */
function matchesSearch(video: Pick<VideoCard, 'title' | 'description'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${video.title} ${video.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export function SettingsVideosTab() {
  const query = useGetMyVideosInfiniteQuery();
  const list = useInfiniteList<VideoCard>(query);
  useLoadedToast(query, 'Videos fetched successfully');
  useLoginOn401(query.error, 'Please login to view your uploaded videos');
  const [search, setSearch] = useState('');
  // 'all' for Delete All, else the id of the one video to delete.
  const [pending, setPending] = useState<string | null>(null);
  const [deleteVideo, deleteOne] = useDeleteVideoMutation();
  const [deleteAll, deleteEvery] = useDeleteAllVideosMutation();

  const shown = search.trim() ? list.items.filter((video) => matchesSearch(video, search)) : list.items;

  const confirm = async () => {
    if (!pending) return;
    if (pending === 'all') {
      const result = await deleteAll();
      if ('error' in result) toast.error(messageOf(result.error, 'Failed to delete all videos.'));
      else toast.success('All videos deleted successfully');
    } else {
      const result = await deleteVideo(pending);
      if ('error' in result) toast.error(messageOf(result.error, 'Failed to delete video.'));
      else toast.success('Video deleted successfully');
    }
    setPending(null);
  };

  return (
    <Stack spacing={2}>
      <SettingsSection title="Playback">
        <DataSaverSetting />
      </SettingsSection>
      <SettingsSection title="Your Videos">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2.5 }}>
          <TextField
            placeholder="Search your videos..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search your videos', type: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack direction="row" spacing={1.5}>
            <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={!list.items.length} onClick={() => setPending('all')} sx={{ flex: { xs: 1, sm: 'none' } }}>
              Delete All
            </Button>
            <Button component={Link} to="/upload" variant="contained" startIcon={<UploadIcon />} sx={{ flex: { xs: 1, sm: 'none' } }}>
              Upload New
            </Button>
          </Stack>
        </Stack>
        <VideoGrid
          {...listGridProps(list, UPLOADED_FETCH_ERROR)}
          videos={shown}
          emptyMessage={list.items.length ? 'No videos match your search.' : "You haven't uploaded any videos yet."}
          endMessage="You've reached the end!"
          narrow
          cardAction={(video) => (
            <IconButton aria-label={`Delete ${video.title}`} title="Delete" color="error" size="small" onClick={() => setPending(video._id)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        />
        <ConfirmDialog
          open={pending !== null}
          title="Confirm Deletion"
          message={CONFIRM_TEXT}
          confirmLabel={pending === 'all' ? 'Delete All' : 'Delete'}
          busy={deleteOne.isLoading || deleteEvery.isLoading}
          onConfirm={() => void confirm()}
          onClose={() => setPending(null)}
        />
      </SettingsSection>
    </Stack>
  );
}
