// Choose an image with preview and remove (register avatar and cover). Checks type and size.
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo } from 'react';
import { toast } from '../../components/toast';
import { imageFileError } from '../../lib/validation';

interface Props {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  shape: 'circle' | 'banner';
  /** Inline text under the picker (e.g. 'Profile picture is required'). */
  hint?: string;
  error?: string | null;
  onError: (message: string | null) => void;
}

export function ImagePicker({ label, file, onChange, shape, hint, error, onError }: Props) {
  const inputId = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = imageFileError(chosen) ?? null;
    onError(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    onChange(chosen);
  };

  const size = shape === 'circle' ? { width: 96, height: 96, borderRadius: '50%' } : { width: '100%', height: 96, borderRadius: 2 };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: shape === 'circle' ? 'center' : 'stretch', gap: 0.5 }}>
      <Box sx={{ position: 'relative', ...size }}>
        <Box
          component="label"
          htmlFor={inputId}
          sx={{
            ...size,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            cursor: 'pointer',
            overflow: 'hidden',
            border: 2,
            borderStyle: preview ? 'solid' : 'dashed',
            borderColor: error ? 'error.main' : 'divider',
            bgcolor: 'action.hover',
            '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          {preview ? (
            <Box component="img" src={preview} alt={`${label} preview`} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', color: 'text.secondary', fontSize: 12, textAlign: 'center', px: 1 }}>
              <AddPhotoIcon aria-hidden />
              {label}
            </Box>
          )}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            aria-label={label}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
        </Box>
        {file && (
          <IconButton
            size="small"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
            sx={{ position: 'absolute', top: -6, right: -6, bgcolor: 'background.paper', border: 1, borderColor: 'divider', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {(error || hint) && (
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ textAlign: 'center' }} role={error ? 'alert' : undefined}>
          {error || hint}
        </Typography>
      )}
    </Box>
  );
}
