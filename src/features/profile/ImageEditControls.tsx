// The owner's buttons over the cover and the avatar: start editing, then choose a file, save or cancel.
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import type { ImageEdit, ImageKind } from './useImageEdit';

const LABELS = {
  cover: { start: 'Edit cover', choose: 'Choose cover image', save: 'Save cover', cancel: 'Cancel cover edit' },
  avatar: { start: 'Change avatar', choose: 'Choose avatar', save: 'Save avatar', cancel: 'Cancel avatar edit' },
} as const;

const glass = { bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' }, '&.Mui-disabled': { bgcolor: 'rgba(0,0,0,0.4)', color: 'rgba(255,255,255,0.6)' } } as const;

export function ImageEditControls({ kind, edit, compact = false }: { kind: ImageKind; edit: ImageEdit; compact?: boolean }) {
  const inputId = useId();
  const labels = LABELS[kind];

  if (!edit.editing) {
    return compact ? (
      <IconButton aria-label={labels.start} title={labels.start} onClick={edit.start} size="small" sx={{ ...glass, border: 2, borderColor: 'background.paper' }}>
        <CameraIcon fontSize="small" />
      </IconButton>
    ) : (
      <Button size="small" startIcon={<CameraIcon />} onClick={edit.start} sx={glass}>
        {labels.start}
      </Button>
    );
  }

  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button component="label" htmlFor={inputId} size="small" startIcon={<ImageIcon />} disabled={edit.saving} sx={glass}>
        {compact ? 'Choose' : 'Choose image'}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          aria-label={labels.choose}
          hidden
          onChange={(event) => {
            edit.choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Button>
      <IconButton aria-label={labels.save} title="Save" size="small" onClick={() => void edit.confirm()} disabled={edit.saving} sx={{ ...glass, bgcolor: 'success.dark' }}>
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={labels.cancel} title="Cancel" size="small" onClick={edit.cancel} disabled={edit.saving} sx={glass}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
