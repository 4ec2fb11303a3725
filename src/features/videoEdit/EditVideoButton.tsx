// 'Edit video' for the owner (watch screen, My Videos cards); nothing for anyone else. The dialog
// is a chunk of its own, loaded on first use.
import EditIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Suspense, useState } from 'react';
import type { VideoCard } from '../../../contract/entities';
import { useAppSelector } from '../../lib/hooks';
import { lazyChunk } from '../../lib/chunks';
import { selectCurrentUser } from '../auth/authSlice';

const EditVideoDialog = lazyChunk(() => import('./EditVideoDialog'));

export function EditVideoButton({ video, compact = false }: { video: VideoCard; compact?: boolean }) {
  const me = useAppSelector(selectCurrentUser);
  const [open, setOpen] = useState(false);
  const mine = Boolean(me && video.owner && (me._id === video.owner._id || me.id === video.owner._id));
  if (!mine) return null;
  return (
    <>
      {compact ? (
        <IconButton aria-label={`Edit ${video.title}`} onClick={() => setOpen(true)}>
          <EditIcon />
        </IconButton>
      ) : (
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen(true)} sx={{ borderRadius: 999, whiteSpace: 'nowrap' }}>
          Edit video
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <EditVideoDialog video={video} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
